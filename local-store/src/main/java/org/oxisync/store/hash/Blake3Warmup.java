package org.oxisync.store.hash;

import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.IntConsumer;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Warms the SIMD kernel up on a background daemon thread and tells when it may replace the scalar kernel.
 *
 * <p>Why: Vector API code runs 100x slower than scalar code until C2 has compiled it (about a second of
 * small calls; interpreted and C1 code box every vector), so hashing real data with it from the start makes
 * short runs much slower than scalar. The thread hashes a small in-memory buffer with the SIMD kernel in the
 * same shapes the real path uses, and every few rounds times 64 chunks with both kernels; once SIMD is faster
 * twice in a row it sets {@link #ready()} and ends.
 *
 * <p>Lane width: given the kernel at several widths ({@link Blake3VectorKernels}), it warms them all, times each
 * warm one {@value #CHOICE_ROUNDS} times interleaved and keeps the fastest (512-bit vectors are slower than
 * 256-bit ones on some AVX-512 CPUs, faster on others); the winner is remembered per CPU and JVM
 * ({@link Blake3LaneMemory}), so later processes warm up only that width. If that never happens within {@link #GIVE_UP_NANOS}, hashing
 * stays scalar. Elapsed times come from {@link System#nanoTime()}: this measures CPU speed, not wall-clock time.
 *
 * <p>When to start: the warm-up costs about a second of CPU time (the measured break-even is around 0.4 GB of
 * scalar hashing), which a short run never earns back. So it starts only after the scalar kernel has compressed
 * {@link #START_AFTER_BLOCKS} blocks (128 MiB) in this JVM, or at once when a caller announces a large input
 * ({@link #expect(long)}, e.g. {@link FileChunker} for a big file): a rent-or-buy rule, never worse than about
 * twice the better choice made in hindsight.
 *
 * <p>One instance per JVM (held by {@link Blake3Kernels}): the JIT's state is per JVM too.
 */
final class Blake3Warmup {
    private static final long GIVE_UP_NANOS = TimeUnit.SECONDS.toNanos(30);
    private static final int ROUND_CALLS = 40;
    private static final int MEASURE_CHUNKS = 64;
    /** Timings per warm candidate before choosing a lane width. */
    private static final int CHOICE_ROUNDS = 20;
    /** Scalar work (64-byte compressions) after which warming up pays: 128 MiB of input. */
    static final long START_AFTER_BLOCKS = (128L << 20) / Blake3.BLOCK_LEN;
    /** Announced input sizes from which warming up at once pays. */
    static final long START_FOR_BYTES = 256L << 20;

    private final List<Supplier<Blake3Kernel>> candidates;
    private final String candidateNames;
    private final IntConsumer chosenLanes;
    private final Consumer<Runnable> starter;
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicLong scalarBlocks = new AtomicLong();
    private volatile Supplier<Blake3Kernel> chosen;
    private volatile String chosenName;

    /** One SIMD kernel to warm up (no choice of width to make). */
    Blake3Warmup(Supplier<Blake3Kernel> simd) {
        this(List.of(simd), lanes -> { }, Blake3Warmup::daemon);
    }

    /** {@code starter} runs the warm-up loop (a new daemon thread in production). */
    Blake3Warmup(Supplier<Blake3Kernel> simd, Consumer<Runnable> starter) {
        this(List.of(simd), lanes -> { }, starter);
    }

    /**
     * @param candidates the SIMD kernel at each lane width to measure (at least one)
     * @param chosenLanes told the lane count of the winner when there was more than one candidate
     */
    Blake3Warmup(List<Supplier<Blake3Kernel>> candidates, IntConsumer chosenLanes, Consumer<Runnable> starter) {
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("no SIMD kernel to warm up");
        }
        this.candidates = List.copyOf(candidates);
        this.candidateNames = this.candidates.stream().map(s -> s.get().name()).collect(Collectors.joining(" or "));
        this.chosenLanes = chosenLanes;
        this.starter = starter;
    }

    static Blake3Warmup daemon(List<Supplier<Blake3Kernel>> candidates, IntConsumer chosenLanes) {
        return new Blake3Warmup(candidates, chosenLanes, Blake3Warmup::daemon);
    }

    private static void daemon(Runnable loop) {
        Thread t = new Thread(loop, "oxisync-blake3-warmup");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    /** Starts the warm-up once; later calls do nothing. */
    void start() {
        if (started.compareAndSet(false, true)) {
            starter.accept(this::run);
        }
    }

    boolean started() {
        return started.get();
    }

    /** Counts scalar compressions; starts the warm-up once they reach {@link #START_AFTER_BLOCKS}. */
    void scalarWork(int blocks) {
        if (!started.get() && scalarBlocks.addAndGet(blocks) >= START_AFTER_BLOCKS) {
            start();
        }
    }

    /** A caller is about to hash {@code bytes} bytes: starts the warm-up now if that is enough to pay for it. */
    void expect(long bytes) {
        if (bytes >= START_FOR_BYTES) {
            start();
        }
    }

    boolean ready() {
        return chosen != null;
    }

    Blake3Kernel newSimdKernel() {
        return chosen.get();
    }

    /** The chosen kernel's name once {@link #ready()}, before that the candidates'. */
    String simdName() {
        String name = chosenName;
        return name != null ? name : candidateNames;
    }

    private void run() {
        List<Blake3Kernel> simd = candidates.stream().map(Supplier::get).collect(Collectors.toList());
        Blake3Kernel scalar = new Blake3ScalarKernel();
        byte[] in = new byte[MEASURE_CHUNKS * Blake3.CHUNK_LEN];
        for (int i = 0; i < in.length; i++) {
            in[i] = (byte) (i * 131 + (i >>> 11));
        }
        int[] out = new int[8 * MEASURE_CHUNKS];
        int n = simd.size();
        int[] fasterInARow = new int[n];
        long[] best = new long[n];
        Arrays.fill(best, Long.MAX_VALUE);
        long start = System.nanoTime();
        long counter = 0;
        while (System.nanoTime() - start < GIVE_UP_NANOS) {
            boolean allWarm = true;
            for (int k = 0; k < n; k++) {
                if (fasterInARow[k] >= 2) {
                    continue;
                }
                Blake3Kernel vector = simd.get(k);
                int degree = vector.degree();
                for (int i = 0; i < ROUND_CALLS; i++) {
                    // small calls reach the JIT's thresholds with the least interpreted work; +3 covers the tail path
                    int chunks = (i & 7) == 7 ? degree + 3 : degree;
                    vector.hashChunks(in, 0, chunks, Blake3.IV, counter++, 0, out, 0);
                    vector.hashParents(out, 0, chunks / 2, Blake3.IV, Blake3.PARENT, out, 0);
                }
                long simdNanos = time(vector, in, out);
                long scalarNanos = time(scalar, in, out);
                fasterInARow[k] = simdNanos < scalarNanos ? fasterInARow[k] + 1 : 0;
                allWarm &= fasterInARow[k] >= 2;
            }
            if (allWarm) {
                choose(simd, in, out, best);
                return;
            }
        }
        // out of time: the widths that did get warm, if any
        for (int k = 0; k < n; k++) {
            if (fasterInARow[k] < 2) {
                best[k] = -1;
            }
        }
        if (Arrays.stream(best).anyMatch(b -> b >= 0)) {
            choose(simd, in, out, best);
        }
    }

    /**
     * Every warm candidate (best[k] >= 0) timed {@value #CHOICE_ROUNDS} times, interleaved, each keeping its best
     * time (the least disturbed by other load); the fastest wins.
     */
    private void choose(List<Blake3Kernel> simd, byte[] in, int[] out, long[] best) {
        int n = simd.size();
        int winner = -1;
        if (n == 1) {
            winner = 0;
        } else {
            for (int r = 0; r < CHOICE_ROUNDS; r++) {
                for (int k = 0; k < n; k++) {
                    if (best[k] >= 0) {
                        best[k] = Math.min(best[k], time(simd.get(k), in, out));
                    }
                }
            }
            for (int k = 0; k < n; k++) {
                if (best[k] >= 0 && (winner < 0 || best[k] < best[winner])) {
                    winner = k;
                }
            }
            chosenLanes.accept(simd.get(winner).degree());
        }
        chosenName = simd.get(winner).name();
        chosen = candidates.get(winner);
    }

    private static long time(Blake3Kernel kernel, byte[] in, int[] out) {
        long t0 = System.nanoTime();
        kernel.hashChunks(in, 0, MEASURE_CHUNKS, Blake3.IV, 0, 0, out, 0);
        kernel.hashParents(out, 0, MEASURE_CHUNKS / 2, Blake3.IV, Blake3.PARENT, out, 0);
        return System.nanoTime() - t0;
    }
}
