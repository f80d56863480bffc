package org.oxisync.store.hash;

/**
 * Hashes with the scalar kernel until {@link Blake3Warmup} reports that the SIMD kernel is compiled and faster,
 * then with the SIMD kernel. Both give identical output, so switching between calls is invisible. One per
 * thread, like every kernel.
 */
final class Blake3AdaptiveKernel implements Blake3Kernel {
    private final Blake3Warmup warmup;
    private final Blake3Kernel scalar = new Blake3ScalarKernel();
    private Blake3Kernel simd;

    Blake3AdaptiveKernel(Blake3Warmup warmup) {
        this.warmup = warmup;
    }

    private Blake3Kernel current() {
        if (simd != null) {
            return simd;
        }
        if (warmup.ready()) {
            simd = warmup.newSimdKernel();
            return simd;
        }
        return scalar;
    }

    private Blake3Kernel forWork(int blocks) {
        Blake3Kernel k = current();
        if (k == scalar) {
            warmup.scalarWork(blocks);
        }
        return k;
    }

    @Override
    public void hashChunks(byte[] in, int off, int numChunks, int[] key, long counter, int flags, int[] out, int outOff) {
        forWork(16 * numChunks).hashChunks(in, off, numChunks, key, counter, flags, out, outOff);
    }

    @Override
    public void hashParents(int[] in, int inOff, int numParents, int[] key, int flags, int[] out, int outOff) {
        forWork(numParents).hashParents(in, inOff, numParents, key, flags, out, outOff);
    }

    @Override
    public int degree() {
        return current().degree();
    }

    @Override
    public String name() {
        return warmup.ready() ? warmup.simdName() : "scalar (" + warmup.simdName() + " after JIT warm-up)";
    }
}
