package org.oxisync.store.hash;

/**
 * Hashes many whole BLAKE3 chunks, or many parent nodes, in one call. A SIMD implementation processes
 * {@link #degree()} of them side by side. Instances may keep scratch space: use one per thread.
 */
interface Blake3Kernel {
    /**
     * Hashes {@code numChunks} full 1024-byte chunks starting at {@code in[off]}; chunk {@code i} has counter
     * {@code counter + i}. Writes each 8-word chaining value to {@code out[outOff + 8 * i]}.
     */
    void hashChunks(byte[] in, int off, int numChunks, int[] key, long counter, int flags, int[] out, int outOff);

    /**
     * Hashes {@code numParents} parent nodes whose 16 message words are {@code in[inOff + 16 * i ..]}, writing
     * each chaining value to {@code out[outOff + 8 * i]}. {@code out} may be {@code in} with
     * {@code outOff <= inOff} (in-place reduction of one tree level). {@code flags} must include PARENT.
     */
    void hashParents(int[] in, int inOff, int numParents, int[] key, int flags, int[] out, int outOff);

    /** How many chunks the kernel hashes side by side (1 for scalar). */
    int degree();

    /** A short name for diagnostics, e.g. {@code scalar} or {@code simd-8x32}. */
    String name();
}
