package org.oxisync.bench.hash;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Random;
import org.oxisync.store.hash.Blake3;

/**
 * BLAKE3 of a 1 MiB input ({@code args[1]} MiB when given) on one thread, in windows of at least 200 MiB for
 * {@code args[0]} seconds (default 12): the best window's throughput by wall time and by this thread's CPU time.
 * A 1 MiB input stays in the core's caches; a 64 MiB one does not (the machine of bench/README.md has a 2 MiB L2
 * and a 32 MiB L3), like the bytes of a file hashed as they are read, or b3sum's mapped file. CPU time stays meaningful on a machine shared
 * with other work, where wall-time benchmarks (JMH included) only give lower bounds; compare it with b3sum's
 * user time ({@code /usr/bin/time -f %U b3sum --num-threads 1 FILE}). The kernel follows
 * {@code -Doxisync.blake3.kernel} (run with {@code --add-modules jdk.incubator.vector} for SIMD).
 */
public final class Blake3CpuTime {
    private Blake3CpuTime() {}

    public static void main(String[] args) {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 12;
        int mib = args.length > 1 ? Integer.parseInt(args[1]) : 1;
        byte[] data = new byte[mib << 20];
        int perWindow = Math.max(1, 200 / mib);
        new Random(1).nextBytes(data);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        double bestCpu = 0;
        double bestWall = 0;
        while (System.nanoTime() < end) {
            long w0 = System.nanoTime();
            long c0 = mx.getCurrentThreadCpuTime();
            for (int i = 0; i < perWindow; i++) {
                Blake3.newHasher().update(data).digest();
            }
            double bytes = (double) perWindow * data.length;
            bestWall = Math.max(bestWall, bytes / (System.nanoTime() - w0));
            bestCpu = Math.max(bestCpu, bytes / (mx.getCurrentThreadCpuTime() - c0));
        }
        System.out.printf("%s, %d MiB input: best window %.2f GB/s by wall time, %.2f GB/s by CPU time%n",
                Blake3.implementation(), mib, bestWall, bestCpu);
    }
}
