package org.oxisync.bench.hash;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Random;
import org.oxisync.store.hash.Blake3;

/**
 * BLAKE3 of a 1 MiB input on one thread, in windows of 200 MiB for {@code args[0]} seconds (default 12): the best
 * window's throughput by wall time and by this thread's CPU time. CPU time stays meaningful on a machine shared
 * with other work, where wall-time benchmarks (JMH included) only give lower bounds; compare it with b3sum's
 * user time ({@code /usr/bin/time -f %U b3sum --num-threads 1 FILE}). The kernel follows
 * {@code -Doxisync.blake3.kernel} (run with {@code --add-modules jdk.incubator.vector} for SIMD).
 */
public final class Blake3CpuTime {
    private Blake3CpuTime() {}

    public static void main(String[] args) {
        int seconds = args.length > 0 ? Integer.parseInt(args[0]) : 12;
        byte[] data = new byte[1 << 20];
        new Random(1).nextBytes(data);
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        double bestCpu = 0;
        double bestWall = 0;
        while (System.nanoTime() < end) {
            long w0 = System.nanoTime();
            long c0 = mx.getCurrentThreadCpuTime();
            for (int i = 0; i < 200; i++) {
                Blake3.newHasher().update(data).digest();
            }
            double bytes = 200.0 * data.length;
            bestWall = Math.max(bestWall, bytes / (System.nanoTime() - w0));
            bestCpu = Math.max(bestCpu, bytes / (mx.getCurrentThreadCpuTime() - c0));
        }
        System.out.printf("%s: best 200 MiB window %.2f GB/s by wall time, %.2f GB/s by CPU time%n",
                Blake3.implementation(), bestWall, bestCpu);
    }
}
