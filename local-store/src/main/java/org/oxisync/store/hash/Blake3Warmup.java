package org.oxisync.store.hash;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Warms the SIMD kernel up on a background daemon thread and tells when it may replace the scalar kernel.
 *
 * <p>Why: Vector API code runs 100x slower than scalar code until C2 has compiled it (about a second of
 * small calls; interpreted and C1 code box every vector), so hashing real data with it from the start makes
 * short runs much slower than scalar. The thread hashes a small in-memory buffer with the SIMD kernel in the
 * same shapes the real path uses, and every few rounds times 64 chunks with both kernels; once SIMD is faster
 * twice in a row it sets {@link #ready()} and ends. If that never happens within {@link #GIVE_UP_NANOS}, hashing
 * stays scalar. Elapsed times come from {@link System#nanoTime()}: this measures CPU speed, not wall-clock time.
 *
 * <p>When to start: the warm-up costs about a second of CPU time (the measured break-even is around 0.4 GB of
 * scalar hashing), which a short run never earns back. So it starts only after the scalar kernel has compressed
 * {@link #START_AFTER_BLOCKS} blocks (128 MiB) in this JVM, or at once when a caller announces a large input
 * ({@link #expect(long)}, e.g. {@link FileChunker} for a big file): a rent-or-buy rule, never worse than about
 * twice the better choice made in hindsight.
 *
 * <p>The kernel's self-test ({@link Blake3Kernels#selfTest}) is the loop's first step: a kernel that does not
 * reproduce the scalar kernel's output is never used.
 *
 * <p>One instance per JVM (held by {@link Blake3Kernels}): the JIT's state is per JVM too.
 */
final class Blake3Warmup {
    private static final long GIVE_UP_NANOS = TimeUnit.SECONDS.toNanos(30);
    private static final int ROUND_CALLS = 40;
    private static final int MEASURE_CHUNKS = 64;
    /** Timings of which {@link #time} keeps the least. */
    private static final int TIMINGS = 5;
    /** Scalar work (64-byte compressions) after which warming up pays: 128 MiB of input. */
    static final long START_AFTER_BLOCKS = (128L << 20) / Blake3.BLOCK_LEN;
    /** Announced input sizes from which warming up at once pays. */
    static final long START_FOR_BYTES = 256L << 20;

    private final Supplier<Blake3Kernel> simd;
    private final String simdName;
    private final Consumer<Runnable> starter;
    private final Runnable onStart;
    private final KernelTimer timer;
    private final AtomicBoolean started = new AtomicBoolean();
    private final AtomicLong scalarBlocks = new AtomicLong();
    private volatile boolean ready;

    Blake3Warmup(Supplier<Blake3Kernel> simd) {
        this(simd, Blake3Warmup::daemon);
    }

    /**
     * A warm-up whose kernel is first made on the warm-up's own thread: making one runs the Vector API's static
     * set-up uncompiled, about 0.2 s of CPU that a short command should not pay. {@code simdName} is its name.
     */
    Blake3Warmup(Supplier<Blake3Kernel> simd, String simdName) {
        this(simd, simdName, Blake3Warmup::daemon, () -> { }, Blake3Warmup::time);
    }

    /** As {@link #Blake3Warmup(Supplier, String)} with the loop's runner and timer given (tests). */
    Blake3Warmup(Supplier<Blake3Kernel> simd, String simdName, Consumer<Runnable> starter, KernelTimer timer) {
        this(simd, simdName, starter, () -> { }, timer);
    }

    /** {@code starter} runs the warm-up loop (a new daemon thread in production). */
    Blake3Warmup(Supplier<Blake3Kernel> simd, Consumer<Runnable> starter) {
        this(simd, starter, () -> { });
    }

    /** {@code onStart} also runs when the warm-up starts. */
    Blake3Warmup(Supplier<Blake3Kernel> simd, Consumer<Runnable> starter, Runnable onStart) {
        this(simd, starter, onStart, Blake3Warmup::time);
    }

    /**
     * {@code timer} times one kernel on 64 chunks ({@link #time} in production; tests give a fixed verdict so that
     * the switch to SIMD does not depend on how fast the JIT is on a loaded machine).
     */
    Blake3Warmup(Supplier<Blake3Kernel> simd, Consumer<Runnable> starter, Runnable onStart, KernelTimer timer) {
        this(simd, simd.get().name(), starter, onStart, timer);
    }

    private Blake3Warmup(Supplier<Blake3Kernel> simd, String simdName, Consumer<Runnable> starter, Runnable onStart,
                         KernelTimer timer) {
        this.timer = timer;
        this.onStart = onStart;
        this.simd = simd;
        this.simdName = simdName;
        this.starter = starter;
    }

    static void daemon(Runnable loop) {
        Thread t = new Thread(loop, "oxisync-blake3-warmup");
        t.setDaemon(true);
        t.setPriority(Thread.MIN_PRIORITY);
        t.start();
    }

    /** Starts the warm-up once; later calls do nothing. */
    void start() {
        if (started.compareAndSet(false, true)) {
            starter.accept(this::run);
            onStart.run();
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
        return ready;
    }

    Blake3Kernel newSimdKernel() {
        return simd.get();
    }

    String simdName() {
        return simdName;
    }

    private void run() {
        Blake3Kernel vector;
        try {
            vector = simd.get();
            if (!Blake3Kernels.selfTest(vector)) {
                return;
            }
        } catch (RuntimeException | LinkageError e) {
            return; // a kernel that cannot be made here is never used: hashing stays scalar
        }
        Blake3Kernel scalar = new Blake3ScalarKernel();
        byte[] in = new byte[MEASURE_CHUNKS * Blake3.CHUNK_LEN];
        for (int i = 0; i < in.length; i++) {
            in[i] = (byte) (i * 131 + (i >>> 11));
        }
        int[] out = new int[8 * MEASURE_CHUNKS];
        int degree = vector.degree();
        long start = System.nanoTime();
        int fasterInARow = 0;
        long counter = 0;
        while (System.nanoTime() - start < GIVE_UP_NANOS) {
            for (int i = 0; i < ROUND_CALLS; i++) {
                // small calls reach the JIT's thresholds with the least interpreted work; +3 covers the tail path
                int chunks = (i & 7) == 7 ? degree + 3 : degree;
                vector.hashChunks(in, 0, chunks, Blake3.IV, counter++, 0, out, 0);
                vector.hashParents(out, 0, chunks / 2, Blake3.IV, Blake3.PARENT, out, 0);
            }
            long simdNanos = timer.nanos(vector, in, out);
            long scalarNanos = timer.nanos(scalar, in, out);
            fasterInARow = simdNanos < scalarNanos ? fasterInARow + 1 : 0;
            if (fasterInARow >= 2) {
                ready = true;
                return;
            }
        }
    }

    /** Times {@code kernel} hashing the 64 chunks of {@code in}, in nanoseconds. */
    interface KernelTimer {
        long nanos(Blake3Kernel kernel, byte[] in, int[] out);
    }

    /**
     * The least of {@value #TIMINGS} timings of 64 chunks: on a loaded machine a single timing is often
     * stretched by preemption (at a load average of 25 on 2 cores single timings made the warm-up give up); the
     * least is the kernel's own speed.
     */
    private static long time(Blake3Kernel kernel, byte[] in, int[] out) {
        long best = Long.MAX_VALUE;
        for (int i = 0; i < TIMINGS; i++) {
            long t0 = System.nanoTime();
            kernel.hashChunks(in, 0, MEASURE_CHUNKS, Blake3.IV, 0, 0, out, 0);
            kernel.hashParents(out, 0, MEASURE_CHUNKS / 2, Blake3.IV, Blake3.PARENT, out, 0);
            best = Math.min(best, System.nanoTime() - t0);
        }
        return best;
    }
}
