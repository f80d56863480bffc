package org.oxisync.bench.store;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Random;
import org.oxisync.store.chunks.ChunkStore;

/**
 * CPU of committing many small chunk batches (what a run that keeps old versions of small files does: one batch per
 * file, each with its temp-file and directory fsyncs). Prints the process CPU time, to compare two jars one after the
 * other (bench/README.md, "Full sizes, and the quadratic clean-up it found"):
 *
 * <pre>java -XX:TieredStopAtLevel=1 -cp bench/target/benchmarks.jar org.oxisync.bench.store.BatchCommitCpu [BATCHES=2000]</pre>
 */
public final class BatchCommitCpu {
    private BatchCommitCpu() {}

    public static void main(String[] args) throws Exception {
        int n = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        Path dir = Files.createTempDirectory("oxisync-batch-cpu");
        ChunkStore store = ChunkStore.open(dir, Clock.systemUTC());
        Random random = new Random(1);
        long t0 = System.nanoTime();
        for (int i = 0; i < n; i++) {
            byte[] chunk = new byte[500];
            random.nextBytes(chunk);
            try (ChunkStore.Batch batch = store.batch()) {
                batch.put(chunk);
                batch.commit();
            }
        }
        long wall = System.nanoTime() - t0;
        long cpu = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
        System.out.printf("%,d one-chunk batches committed: wall %.2f s, process CPU %.2f s (JVM start included)%n",
                n, wall / 1e9, cpu / 1e9);
        try (var files = Files.walk(dir)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        }
    }
}
