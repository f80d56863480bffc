package org.oxisync.bench.hash;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import org.oxisync.store.hash.FastCdc;
import org.oxisync.store.hash.FileChunker;
import org.oxisync.store.hash.FileSummary;

/**
 * The {@code inspect chunks} pipeline ({@link FileChunker}, server parameters) on one file {@code args[1]} times
 * (default 4) in one JVM, printing wall and process CPU time per run: the first run includes the JIT warm-up,
 * later runs show the steady state. Usage: {@code FILE [RUNS]}.
 */
public final class PipelineRepeat {
    private PipelineRepeat() {}

    public static void main(String[] args) throws Exception {
        var os = (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        int runs = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        for (int i = 0; i < runs; i++) {
            long w0 = System.nanoTime();
            long c0 = os.getProcessCpuTime();
            FileSummary s = new FileChunker(FastCdc.Params.SERVER).streamFile(Path.of(args[0]), c -> { });
            System.out.printf("run %d: %d bytes, %d chunks, wall %.2f s, process CPU %.2f s%n", i, s.size(),
                    s.chunkCount(), (System.nanoTime() - w0) / 1e9, (os.getProcessCpuTime() - c0) / 1e9);
        }
    }
}
