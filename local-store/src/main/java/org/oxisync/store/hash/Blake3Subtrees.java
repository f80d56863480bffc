package org.oxisync.store.hash;

/**
 * Lets {@link FileChunker} hash aligned pieces of one long BLAKE3 input on several threads: each full,
 * aligned block of {@code 2^k} chunks is hashed to a chaining value independently, then the values are
 * pushed into the hasher in order; only the final bytes go through {@link Blake3#update}.
 */
final class Blake3Subtrees {
    private Blake3Subtrees() {}

    /** Chaining value of {@code chunks} (a power of two) whole chunks starting at chunk index {@code counter}. */
    static int[] chainingValue(Blake3 hasher, byte[] src, int off, int chunks, long counter) {
        int[] cv = new int[8];
        hasher.subtreeCv(Blake3Kernels.preferred().get(), new int[8 * Blake3.LEAF_CHUNKS], src, off, chunks, counter, cv, 0);
        return cv;
    }
}
