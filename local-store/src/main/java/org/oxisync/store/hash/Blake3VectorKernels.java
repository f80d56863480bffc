package org.oxisync.store.hash;

import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.IntUnaryOperator;
import java.util.function.Supplier;

/**
 * The SIMD kernel at each lane width the CPU offers, for {@link Blake3Warmup} to measure.
 *
 * <p>The Vector API is only fast when the vector species is a constant to C2, so one class cannot hash at
 * several widths. Each width is therefore a hidden class defined from the bytes of {@code Blake3VectorKernel},
 * with the lane count as its class data (read by that class's static initializer). Hidden classes defined through
 * this package's lookup are in the same runtime package, so they reach the package-private types they need.
 * Widths the CPU does not have collapse to a narrower one and are dropped as duplicates; each copy must pass the
 * same self-test as the kernel itself ({@link Blake3Kernels#selfTest}).
 */
final class Blake3VectorKernels {
    static final String VECTOR_CLASS = "org.oxisync.store.hash.Blake3VectorKernel";
    /** The widths tried, in lanes of 32 bits: 128-, 256- and 512-bit vectors. */
    static final int[] WIDTHS = {4, 8, 16};

    private Blake3VectorKernels() {}

    /**
     * The lane widths worth comparing on this CPU, widest first: the two widest of {@link #WIDTHS} that the CPU's
     * preferred vector holds. Found without defining or running any kernel: running kernels of several widths in
     * one JVM spoils the JIT for all but the first (their library methods share JIT profiles), so a process that hashes must
     * only ever run the one width it uses. Empty without the Vector API module.
     */
    static List<Integer> widths() {
        Optional<Integer> lanes = preferredLanes();
        if (lanes.isEmpty()) {
            return List.of();
        }
        int preferred = lanes.get();
        List<Integer> widest = new ArrayList<>();
        for (int i = WIDTHS.length - 1; i >= 0 && widest.size() < 2; i--) {
            if (WIDTHS[i] <= preferred) {
                widest.add(WIDTHS[i]);
            }
        }
        return widest;
    }

    /** The CPU's preferred vector in 32-bit lanes; empty without the Vector API module. */
    static Optional<Integer> preferredLanes() {
        if (ModuleLayer.boot().findModule(Blake3Kernels.VECTOR_MODULE).isEmpty()) {
            return Optional.empty();
        }
        try {
            Class<?> type = Class.forName(Blake3VectorKernels.class.getPackageName() + ".Blake3VectorWidth");
            int lanes = (int) MethodHandles.publicLookup()
                    .findStatic(type, "preferredLanes", MethodType.methodType(int.class)).invokeExact();
            int wanted = Integer.getInteger("oxisync.blake3.lanes", lanes); // as Blake3VectorKernel chooses
            return Optional.of(wanted >= 16 && lanes >= 16 ? 16 : wanted >= 8 && lanes >= 8 ? 8 : 4);
        } catch (Throwable e) {
            return Optional.empty();
        }
    }

    /**
     * One self-tested kernel factory per distinct lane width, the two widest the CPU offers, widest first; only
     * {@code onlyLanes} when given and available. Empty without the Vector API module. Without {@code onlyLanes}
     * this runs every width (the self-test), which is for tests in a JVM of their own only: see {@link #widths()}.
     */
    static List<Supplier<Blake3Kernel>> candidates(Optional<Integer> onlyLanes) {
        if (ModuleLayer.boot().findModule(Blake3Kernels.VECTOR_MODULE).isEmpty()) {
            return List.of();
        }
        byte[] bytes = classBytes();
        if (bytes == null) {
            return List.of();
        }
        TreeMap<Integer, Supplier<Blake3Kernel>> byDegree = new TreeMap<>();
        for (int lanes : WIDTHS) {
            if (onlyLanes.isPresent() && onlyLanes.get() != lanes) {
                continue;
            }
            define(bytes, lanes).ifPresent(s -> byDegree.putIfAbsent(s.get().degree(), s));
        }
        // the two widest: a narrower vector than that has never been the faster one for BLAKE3 (fewer chunks side
        // by side for the same instructions), and every candidate costs about a second of warm-up CPU
        List<Supplier<Blake3Kernel>> widest = new ArrayList<>(byDegree.descendingMap().values());
        return widest.subList(0, Math.min(2, widest.size()));
    }

    private static Optional<Supplier<Blake3Kernel>> define(byte[] bytes, int lanes) {
        try {
            MethodHandles.Lookup hidden = MethodHandles.lookup().defineHiddenClassWithClassData(bytes, lanes, true);
            MethodHandle ctor = hidden.findConstructor(hidden.lookupClass(), MethodType.methodType(void.class))
                    .asType(MethodType.methodType(Blake3Kernel.class));
            Supplier<Blake3Kernel> supplier = () -> {
                try {
                    return (Blake3Kernel) ctor.invokeExact();
                } catch (Throwable e) {
                    throw new IllegalStateException("cannot create the SIMD BLAKE3 kernel", e);
                }
            };
            return Blake3Kernels.selfTest(supplier.get()) ? Optional.of(supplier) : Optional.empty();
        } catch (ReflectiveOperationException | LinkageError | RuntimeException e) {
            return Optional.empty();
        }
    }

    /** Lane {@code i} to lane {@code i ^ d}: the transpose's swap of neighbouring groups of {@code d} lanes. */
    static final class LaneSwap implements IntUnaryOperator {
        private final int d;
        private final int lanes;

        LaneSwap(int d, int lanes) {
            this.d = d;
            this.lanes = lanes;
        }

        @Override
        public int applyAsInt(int i) {
            return (i ^ d) & (lanes - 1);
        }
    }

    private static byte[] classBytes() {
        String resource = VECTOR_CLASS.substring(VECTOR_CLASS.lastIndexOf('.') + 1) + ".class";
        try (InputStream in = Blake3VectorKernels.class.getResourceAsStream(resource)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            return null;
        }
    }
}
