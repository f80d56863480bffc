package org.oxisync.store.hash;

/** The portable kernel: one chunk at a time through the unrolled scalar compression. */
final class Blake3ScalarKernel implements Blake3Kernel {
    private final int[] cv = new int[8];

    @Override
    public void hashChunks(byte[] in, int off, int numChunks, int[] key, long counter, int flags, int[] out, int outOff) {
        for (int c = 0; c < numChunks; c++) {
            System.arraycopy(key, 0, cv, 0, 8);
            int base = off + c * Blake3.CHUNK_LEN;
            long ctr = counter + c;
            Blake3Compress.compressInPlace(cv, in, base, ctr, Blake3.BLOCK_LEN, flags | Blake3.CHUNK_START);
            for (int b = 1; b < 15; b++) {
                Blake3Compress.compressInPlace(cv, in, base + b * Blake3.BLOCK_LEN, ctr, Blake3.BLOCK_LEN, flags);
            }
            Blake3Compress.compressInPlace(cv, in, base + 15 * Blake3.BLOCK_LEN, ctr, Blake3.BLOCK_LEN, flags | Blake3.CHUNK_END);
            System.arraycopy(cv, 0, out, outOff + 8 * c, 8);
        }
    }

    @Override
    public void hashParents(int[] in, int inOff, int numParents, int[] key, int flags, int[] out, int outOff) {
        for (int p = 0; p < numParents; p++) {
            Blake3Compress.compressWords(key, 0, in, inOff + 16 * p, 0, Blake3.BLOCK_LEN, flags, out, outOff + 8 * p, false);
        }
    }

    @Override
    public int degree() {
        return 1;
    }

    @Override
    public String name() {
        return "scalar";
    }
}
