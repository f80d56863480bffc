package org.oxisync.store.hash;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.Arrays;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Chooses the BLAKE3 kernel once per JVM. The SIMD kernel ({@code Blake3VectorKernel}) uses the incubating
 * Vector API, so it is only loaded reflectively, and only if the {@code jdk.incubator.vector} module is in
 * the boot layer (run with {@code --add-modules jdk.incubator.vector}); the scalar path never links to it.
 * Its width is the CPU's preferred vector (16 lanes with AVX-512, 8 with AVX2): out of the core's caches, as a
 * file's bytes are, the widest was the fastest on every CPU measured (bench/README.md, "Hashing and chunking").
 *
 * <p>By default ({@code auto}) hashing starts on the scalar kernel and moves to the SIMD kernel once a
 * background warm-up has checked it against the scalar kernel, had it compiled by C2 and measured it faster
 * ({@link Blake3Warmup}); until C2 has compiled it the SIMD kernel is 100x slower than scalar. System property
 * {@code oxisync.blake3.kernel}: {@code scalar} forces the scalar path, {@code simd} uses the SIMD kernel from
 * the first byte (benchmarks, tests), {@code auto} is the default.
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
        return untestedVector().filter(v -> selfTest(v.get()));
    }

    /**
     * The SIMD kernel factory without its self-test, which costs about 0.2 s of CPU before C2 has compiled the
     * kernel: the warm-up runs it on its own thread, so that a short command never pays for it.
     */
    private static Optional<Supplier<Blake3Kernel>> untestedVector() {
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
            return Optional.of(supplier);
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
            return vector().orElse(SCALAR);
        }
        return WARMUP.<Supplier<Blake3Kernel>>map(w -> () -> new Blake3AdaptiveKernel(w)).orElse(SCALAR);
    }

    private static Optional<Blake3Warmup> warmup() {
        String mode = System.getProperty("oxisync.blake3.kernel", "auto");
        if ("scalar".equalsIgnoreCase(mode) || "simd".equalsIgnoreCase(mode)) {
            return Optional.empty();
        }
        Optional<Integer> lanes = Blake3VectorKernels.preferredLanes();
        return lanes.flatMap(l -> untestedVector().map(v -> new Blake3Warmup(v, "simd-" + l + "x32")));
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
