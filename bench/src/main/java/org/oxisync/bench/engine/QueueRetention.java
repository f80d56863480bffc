package org.oxisync.bench.engine;

import java.util.List;
import org.oxisync.core.transfer.queue.ChunkQueue;

/**
 * Retained memory of each queue, measured as a GC-forced heap delta (run with {@code -XX:+UseSerialGC} so
 * {@code System.gc()} is a full, compacting collection): used heap while the queue is reachable minus used
 * heap after its only reference is dropped. Chunks (24-byte objects) are allocated fresh by the producer, so
 * a consumed chunk is garbage unless the queue still references it.
 *
 * <p>Checkpoint "after burst": 100,000 chunks offered, all but 100 polled; the queue is kept reachable and
 * the heap measured. What remains is the queue's array plus whatever consumed chunks it still holds.
 * Checkpoint "steady": the balanced shape stopped with 16 live chunks after 100,000 went through.
 */
public final class QueueRetention {
    private static final int N = 100_000;
    private static final int RUNS = 7;

    private QueueRetention() {}

    public static void main(String[] args) {
        List<String> impls = List.of("cursorClear", "arrayDeque", "arrayListRemove0", "cursorNoClear");
        for (String impl : impls) { // warm-up: class loading and JIT
            afterBurst(impl);
            steady(impl);
        }
        System.out.printf("%-18s %16s %16s   (median of %d runs)%n", "queue", "after burst (B)", "steady (B)", RUNS);
        for (String impl : impls) {
            long[] burst = new long[RUNS];
            long[] steady = new long[RUNS];
            for (int r = 0; r < RUNS; r++) {
                burst[r] = afterBurst(impl);
                steady[r] = steady(impl);
            }
            System.out.printf("%-18s %16d %16d%n", impl, median(burst), median(steady));
            if (Boolean.getBoolean("retention.verbose")) {
                System.out.println("  burst " + java.util.Arrays.toString(burst) + "\n  steady " + java.util.Arrays.toString(steady));
            }
        }
    }

    private static long median(long[] xs) {
        long[] s = xs.clone();
        java.util.Arrays.sort(s);
        return s[s.length / 2];
    }

    private static long afterBurst(String impl) {
        return retainedBy(burstQueue(impl));
    }

    private static long steady(String impl) {
        return retainedBy(steadyQueue(impl));
    }

    /**
     * The heap held by the queue alone: used heap with the queue reachable minus used heap once the only
     * reference is dropped (robust against garbage left by earlier measurements).
     */
    private static long retainedBy(Object[] holder) {
        long with = usedAfterGc();
        holder[0] = null;
        long without = usedAfterGc();
        return with - without;
    }

    private static Object[] burstQueue(String impl) {
        ChunkQueue<QueueShapes.Chunk> q = QueueShapes.make(impl);
        for (int i = 0; i < N; i++) {
            q.offer(new QueueShapes.Chunk(i, 65_536));
        }
        for (int i = 0; i < N - 100; i++) {
            q.poll();
        }
        return new Object[] {q};
    }

    private static Object[] steadyQueue(String impl) {
        ChunkQueue<QueueShapes.Chunk> q = QueueShapes.make(impl);
        int offered = 0;
        for (; offered < 16; offered++) {
            q.offer(new QueueShapes.Chunk(offered, 65_536));
        }
        for (; offered < N; offered++) {
            q.offer(new QueueShapes.Chunk(offered, 65_536));
            q.poll();
        }
        return new Object[] {q};
    }

    private static long usedAfterGc() {
        Runtime rt = Runtime.getRuntime();
        for (int i = 0; i < 3; i++) {
            System.gc();
        }
        return rt.totalMemory() - rt.freeMemory();
    }
}
