package org.oxisync.store.hash;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Chooses the BLAKE3 kernel once per JVM. The SIMD kernel ({@code Blake3VectorKernel}) uses the incubating
 * Vector API, so it is only loaded reflectively, and only if the {@code jdk.incubator.vector} module is in
 * the boot layer (run with {@code --add-modules jdk.incubator.vector}); the scalar path never links to it.
 * The SIMD kernel must also reproduce the scalar kernel's output on a self-test before it is used.
 *
 * <p>By default ({@code auto}) hashing starts on the scalar kernel and moves to the SIMD kernel once a
 * background warm-up has had it compiled by C2 and measured it faster ({@link Blake3Warmup}); until then the
 * SIMD kernel is 100x slower than scalar. System property {@code oxisync.blake3.kernel}: {@code scalar} forces
 * the scalar path, {@code simd} uses the SIMD kernel from the first byte (benchmarks, tests), {@code auto}
 * is the default.
 */
final class Blake3Kernels {
    static final String VECTOR_MODULE = "jdk.incubator.vector";
    private static final String VECTOR_CLASS = Blake3VectorKernels.VECTOR_CLASS;
    private static final Supplier<Blake3Kernel> SCALAR = Blake3ScalarKernel::new;
    private static final Optional<Blake3Warmup> WARMUP = warmup();
    private static final Supplier<Blake3Kernel> DEFAULT = choose();

    private Blake3Kernels() {}

    /** The kernel factory the public API uses. */
    static Supplier<Blake3Kernel> preferred() {
        return DEFAULT;
    }

    static Supplier<Blake3Kernel> scalar() {
        return SCALAR;
    }

    /** The SIMD kernel factory, if the Vector API module is present and the kernel passes its self-test. */
    static Optional<Supplier<Blake3Kernel>> vector() {
        if (ModuleLayer.boot().findModule(VECTOR_MODULE).isEmpty()) {
            return Optional.empty();
        }
        try {
            Class<?> type = Class.forName(VECTOR_CLASS);
            MethodHandle ctor = MethodHandles.publicLookup()
                    .findConstructor(type, MethodType.methodType(void.class))
                    .asType(MethodType.methodType(Blake3Kernel.class));
            Supplier<Blake3Kernel> supplier = () -> {
                try {
                    return (Blake3Kernel) ctor.invokeExact();
                } catch (Throwable e) {
                    throw new IllegalStateException("cannot create the SIMD BLAKE3 kernel", e);
                }
            };
            return selfTest(supplier.get()) ? Optional.of(supplier) : Optional.empty();
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static Supplier<Blake3Kernel> choose() {
        String mode = System.getProperty("oxisync.blake3.kernel", "auto");
        if ("scalar".equalsIgnoreCase(mode)) {
            return SCALAR;
        }
        if ("simd".equalsIgnoreCase(mode)) {
            // the width remembered for this CPU if any (no time for measuring here), else this class's default
            return rememberedWidth(Blake3LaneMemory.standard()).or(Blake3Kernels::vector).orElse(SCALAR);
        }
        return WARMUP.<Supplier<Blake3Kernel>>map(w -> () -> new Blake3AdaptiveKernel(w)).orElse(SCALAR);
    }

    /**
     * The warm-up of the {@code auto} mode: of the lane width chosen for this CPU if there is one; else of the
     * default width, and the warm-up's start also starts measuring the widths still unmeasured, for later
     * processes ({@link Blake3LaneProbe}: never several widths in one process, see there).
     */
    private static Optional<Blake3Warmup> warmup() {
        String mode = System.getProperty("oxisync.blake3.kernel", "auto");
        if ("scalar".equalsIgnoreCase(mode) || "simd".equalsIgnoreCase(mode)
                || ModuleLayer.boot().findModule(VECTOR_MODULE).isEmpty()) {
            return Optional.empty();
        }
        Optional<Blake3LaneMemory> memory = Blake3LaneMemory.standard();
        Optional<Supplier<Blake3Kernel>> remembered = rememberedWidth(memory);
        if (remembered.isPresent()) {
            return Optional.of(new Blake3Warmup(remembered.get()));
        }
        Runnable probe = () -> { };
        if (memory.isPresent() && Blake3LaneProbe.enabled() && Integer.getInteger("oxisync.blake3.lanes") == null) {
            List<Integer> missing = memory.get().unmeasured(Blake3VectorKernels.widths());
            probe = () -> Blake3LaneProbe.startInBackground(memory.get(), missing);
        }
        Runnable onStart = probe;
        return vector().map(v -> new Blake3Warmup(v, Blake3Warmup::daemon, onStart));
    }

    private static Optional<Supplier<Blake3Kernel>> rememberedWidth(Optional<Blake3LaneMemory> memory) {
        if (Integer.getInteger("oxisync.blake3.lanes") != null) {
            return Optional.empty(); // an explicit width (experiments) wins
        }
        Optional<Integer> lanes = memory.flatMap(m -> m.choice(Blake3VectorKernels.widths()));
        return lanes.flatMap(l -> Blake3VectorKernels.candidates(Optional.of(l)).stream().findFirst());
    }

    /** Tells the adaptive kernel that about {@code bytes} bytes are about to be hashed (see {@link Blake3Warmup}). */
    static void expect(long bytes) {
        WARMUP.ifPresent(w -> w.expect(bytes));
    }

    /** Hashes a few odd-sized batches of chunks and parents with both kernels and compares. */
    static boolean selfTest(Blake3Kernel candidate) {
        Blake3Kernel reference = new Blake3ScalarKernel();
        int chunks = 2 * candidate.degree() + 3;
        byte[] in = new byte[chunks * Blake3.CHUNK_LEN];
        for (int i = 0; i < in.length; i++) {
            in[i] = (byte) (i * 31 + (i >>> 9));
        }
        int[] key = Blake3.IV.clone();
        int[] expected = new int[8 * chunks];
        int[] actual = new int[8 * chunks];
        long counter = (1L << 32) - 2; // crosses the 32-bit counter boundary
        reference.hashChunks(in, 0, chunks, key, counter, Blake3.KEYED_HASH, expected, 0);
        candidate.hashChunks(in, 0, chunks, key, counter, Blake3.KEYED_HASH, actual, 0);
        if (!Arrays.equals(expected, actual)) {
            return false;
        }
        int parents = chunks / 2;
        reference.hashParents(expected, 0, parents, key, Blake3.PARENT, expected, 0);
        candidate.hashParents(actual, 0, parents, key, Blake3.PARENT, actual, 0);
        return Arrays.equals(expected, actual);
    }
}
