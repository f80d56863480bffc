package org.oxisync.store.hash;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * The BLAKE3 compression function, fully unrolled (7 rounds x 8 G calls, message schedule applied at
 * generation time, so no permutation happens at run time). Generated once by a small script from the
 * BLAKE3 specification; keep the two variants in sync if you ever touch them.
 */
final class Blake3Compress {
    private static final VarHandle LE_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private Blake3Compress() {}

    /** Compresses the 64-byte block at {@code in[off]} into the chaining value {@code cv[0..8)}, in place. */
    static void compressInPlace(int[] cv, byte[] in, int off, long counter, int blockLen, int flags) {
        int m0 = (int) LE_INT.get(in, off + 0);
        int m1 = (int) LE_INT.get(in, off + 4);
        int m2 = (int) LE_INT.get(in, off + 8);
        int m3 = (int) LE_INT.get(in, off + 12);
        int m4 = (int) LE_INT.get(in, off + 16);
        int m5 = (int) LE_INT.get(in, off + 20);
        int m6 = (int) LE_INT.get(in, off + 24);
        int m7 = (int) LE_INT.get(in, off + 28);
        int m8 = (int) LE_INT.get(in, off + 32);
        int m9 = (int) LE_INT.get(in, off + 36);
        int m10 = (int) LE_INT.get(in, off + 40);
        int m11 = (int) LE_INT.get(in, off + 44);
        int m12 = (int) LE_INT.get(in, off + 48);
        int m13 = (int) LE_INT.get(in, off + 52);
        int m14 = (int) LE_INT.get(in, off + 56);
        int m15 = (int) LE_INT.get(in, off + 60);
        int c0 = cv[0];
        int c1 = cv[1];
        int c2 = cv[2];
        int c3 = cv[3];
        int c4 = cv[4];
        int c5 = cv[5];
        int c6 = cv[6];
        int c7 = cv[7];
        int v0 = c0, v1 = c1, v2 = c2, v3 = c3, v4 = c4, v5 = c5, v6 = c6, v7 = c7;
        int v8 = 0x6A09E667, v9 = 0xBB67AE85, v10 = 0x3C6EF372, v11 = 0xA54FF53A;
        int v12 = (int) counter, v13 = (int) (counter >>> 32), v14 = blockLen, v15 = flags;
        // round 0
        v0 += v4 + m0; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
        v0 += v4 + m1; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
        v1 += v5 + m2; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
        v1 += v5 + m3; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
        v2 += v6 + m4; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
        v2 += v6 + m5; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
        v3 += v7 + m6; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
        v3 += v7 + m7; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
        v0 += v5 + m8; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
        v0 += v5 + m9; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
        v1 += v6 + m10; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
        v1 += v6 + m11; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
        v2 += v7 + m12; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
        v2 += v7 + m13; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
        v3 += v4 + m14; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
        v3 += v4 + m15; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
        // round 1
        v0 += v4 + m2; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
        v0 += v4 + m6; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
        v1 += v5 + m3; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
        v1 += v5 + m10; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
        v2 += v6 + m7; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
        v2 += v6 + m0; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
        v3 += v7 + m4; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
        v3 += v7 + m13; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
        v0 += v5 + m1; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
        v0 += v5 + m11; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
        v1 += v6 + m12; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
        v1 += v6 + m5; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
        v2 += v7 + m9; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
        v2 += v7 + m14; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
        v3 += v4 + m15; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
        v3 += v4 + m8; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
        // round 2
        v0 += v4 + m3; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
        v0 += v4 + m4; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
        v1 += v5 + m10; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
        v1 += v5 + m12; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
        v2 += v6 + m13; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
        v2 += v6 + m2; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
        v3 += v7 + m7; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
        v3 += v7 + m14; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
        v0 += v5 + m6; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
        v0 += v5 + m5; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
        v1 += v6 + m9; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
        v1 += v6 + m0; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
        v2 += v7 + m11; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
        v2 += v7 + m15; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
        v3 += v4 + m8; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
        v3 += v4 + m1; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
        // round 3
        v0 += v4 + m10; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
        v0 += v4 + m7; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
        v1 += v5 + m12; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
        v1 += v5 + m9; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
        v2 += v6 + m14; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
        v2 += v6 + m3; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
        v3 += v7 + m13; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
        v3 += v7 + m15; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
        v0 += v5 + m4; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
        v0 += v5 + m0; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
        v1 += v6 + m11; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
        v1 += v6 + m2; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
        v2 += v7 + m5; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
        v2 += v7 + m8; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
        v3 += v4 + m1; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
        v3 += v4 + m6; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
        // round 4
        v0 += v4 + m12; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
        v0 += v4 + m13; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
        v1 += v5 + m9; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
        v1 += v5 + m11; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
        v2 += v6 + m15; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
        v2 += v6 + m10; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
        v3 += v7 + m14; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
        v3 += v7 + m8; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
        v0 += v5 + m7; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
        v0 += v5 + m2; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
        v1 += v6 + m5; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
        v1 += v6 + m3; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
        v2 += v7 + m0; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
        v2 += v7 + m1; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
        v3 += v4 + m6; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
        v3 += v4 + m4; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
        // round 5
        v0 += v4 + m9; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
        v0 += v4 + m14; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
        v1 += v5 + m11; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
        v1 += v5 + m5; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
        v2 += v6 + m8; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
        v2 += v6 + m12; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
        v3 += v7 + m15; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
        v3 += v7 + m1; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
        v0 += v5 + m13; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
        v0 += v5 + m3; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
        v1 += v6 + m0; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
        v1 += v6 + m10; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
        v2 += v7 + m2; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
        v2 += v7 + m6; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
        v3 += v4 + m4; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
        v3 += v4 + m7; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
        // round 6
        v0 += v4 + m11; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
        v0 += v4 + m15; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
        v1 += v5 + m5; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
        v1 += v5 + m0; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
        v2 += v6 + m1; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
        v2 += v6 + m9; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
        v3 += v7 + m8; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
        v3 += v7 + m6; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
        v0 += v5 + m14; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
        v0 += v5 + m10; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
        v1 += v6 + m2; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
        v1 += v6 + m12; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
        v2 += v7 + m3; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
        v2 += v7 + m4; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
        v3 += v4 + m7; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
        v3 += v4 + m13; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
        cv[0] = v0 ^ v8; cv[1] = v1 ^ v9; cv[2] = v2 ^ v10; cv[3] = v3 ^ v11;
        cv[4] = v4 ^ v12; cv[5] = v5 ^ v13; cv[6] = v6 ^ v14; cv[7] = v7 ^ v15;
    }

    /**
     * Compresses the 16 message words {@code m[mOff..mOff+16)} with chaining value {@code cv[cvOff..cvOff+8)};
     * writes 8 words (a chaining value) or, if {@code xof}, the full 16-word output block to {@code out[outOff..]}.
     */
    static void compressWords(int[] cv, int cvOff, int[] m, int mOff, long counter, int blockLen, int flags,
                              int[] out, int outOff, boolean xof) {
        int m0 = m[mOff + 0];
        int m1 = m[mOff + 1];
        int m2 = m[mOff + 2];
        int m3 = m[mOff + 3];
        int m4 = m[mOff + 4];
        int m5 = m[mOff + 5];
        int m6 = m[mOff + 6];
        int m7 = m[mOff + 7];
        int m8 = m[mOff + 8];
        int m9 = m[mOff + 9];
        int m10 = m[mOff + 10];
        int m11 = m[mOff + 11];
        int m12 = m[mOff + 12];
        int m13 = m[mOff + 13];
        int m14 = m[mOff + 14];
        int m15 = m[mOff + 15];
        int c0 = cv[cvOff + 0];
        int c1 = cv[cvOff + 1];
        int c2 = cv[cvOff + 2];
        int c3 = cv[cvOff + 3];
        int c4 = cv[cvOff + 4];
        int c5 = cv[cvOff + 5];
        int c6 = cv[cvOff + 6];
        int c7 = cv[cvOff + 7];
        int v0 = c0, v1 = c1, v2 = c2, v3 = c3, v4 = c4, v5 = c5, v6 = c6, v7 = c7;
        int v8 = 0x6A09E667, v9 = 0xBB67AE85, v10 = 0x3C6EF372, v11 = 0xA54FF53A;
        int v12 = (int) counter, v13 = (int) (counter >>> 32), v14 = blockLen, v15 = flags;
        // round 0
        v0 += v4 + m0; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
        v0 += v4 + m1; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
        v1 += v5 + m2; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
        v1 += v5 + m3; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
        v2 += v6 + m4; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
        v2 += v6 + m5; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
        v3 += v7 + m6; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
        v3 += v7 + m7; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
        v0 += v5 + m8; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
        v0 += v5 + m9; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
        v1 += v6 + m10; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
        v1 += v6 + m11; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
        v2 += v7 + m12; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
        v2 += v7 + m13; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
        v3 += v4 + m14; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
        v3 += v4 + m15; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
        // round 1
        v0 += v4 + m2; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
        v0 += v4 + m6; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
        v1 += v5 + m3; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
        v1 += v5 + m10; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
        v2 += v6 + m7; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
        v2 += v6 + m0; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
        v3 += v7 + m4; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
        v3 += v7 + m13; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
        v0 += v5 + m1; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
        v0 += v5 + m11; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
        v1 += v6 + m12; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
        v1 += v6 + m5; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
        v2 += v7 + m9; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
        v2 += v7 + m14; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
        v3 += v4 + m15; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
        v3 += v4 + m8; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
        // round 2
        v0 += v4 + m3; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
        v0 += v4 + m4; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
        v1 += v5 + m10; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
        v1 += v5 + m12; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
        v2 += v6 + m13; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
        v2 += v6 + m2; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
        v3 += v7 + m7; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
        v3 += v7 + m14; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
        v0 += v5 + m6; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
        v0 += v5 + m5; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
        v1 += v6 + m9; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
        v1 += v6 + m0; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
        v2 += v7 + m11; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
        v2 += v7 + m15; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
        v3 += v4 + m8; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
        v3 += v4 + m1; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
        // round 3
        v0 += v4 + m10; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
        v0 += v4 + m7; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
        v1 += v5 + m12; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
        v1 += v5 + m9; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
        v2 += v6 + m14; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
        v2 += v6 + m3; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
        v3 += v7 + m13; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
        v3 += v7 + m15; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
        v0 += v5 + m4; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
        v0 += v5 + m0; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
        v1 += v6 + m11; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
        v1 += v6 + m2; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
        v2 += v7 + m5; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
        v2 += v7 + m8; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
        v3 += v4 + m1; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
        v3 += v4 + m6; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
        // round 4
        v0 += v4 + m12; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
        v0 += v4 + m13; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
        v1 += v5 + m9; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
        v1 += v5 + m11; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
        v2 += v6 + m15; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
        v2 += v6 + m10; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
        v3 += v7 + m14; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
        v3 += v7 + m8; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
        v0 += v5 + m7; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
        v0 += v5 + m2; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
        v1 += v6 + m5; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
        v1 += v6 + m3; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
        v2 += v7 + m0; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
        v2 += v7 + m1; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
        v3 += v4 + m6; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
        v3 += v4 + m4; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
        // round 5
        v0 += v4 + m9; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
        v0 += v4 + m14; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
        v1 += v5 + m11; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
        v1 += v5 + m5; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
        v2 += v6 + m8; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
        v2 += v6 + m12; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
        v3 += v7 + m15; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
        v3 += v7 + m1; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
        v0 += v5 + m13; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
        v0 += v5 + m3; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
        v1 += v6 + m0; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
        v1 += v6 + m10; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
        v2 += v7 + m2; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
        v2 += v7 + m6; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
        v3 += v4 + m4; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
        v3 += v4 + m7; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
        // round 6
        v0 += v4 + m11; v12 = Integer.rotateRight(v12 ^ v0, 16); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 12);
        v0 += v4 + m15; v12 = Integer.rotateRight(v12 ^ v0, 8); v8 += v12; v4 = Integer.rotateRight(v4 ^ v8, 7);
        v1 += v5 + m5; v13 = Integer.rotateRight(v13 ^ v1, 16); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 12);
        v1 += v5 + m0; v13 = Integer.rotateRight(v13 ^ v1, 8); v9 += v13; v5 = Integer.rotateRight(v5 ^ v9, 7);
        v2 += v6 + m1; v14 = Integer.rotateRight(v14 ^ v2, 16); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 12);
        v2 += v6 + m9; v14 = Integer.rotateRight(v14 ^ v2, 8); v10 += v14; v6 = Integer.rotateRight(v6 ^ v10, 7);
        v3 += v7 + m8; v15 = Integer.rotateRight(v15 ^ v3, 16); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 12);
        v3 += v7 + m6; v15 = Integer.rotateRight(v15 ^ v3, 8); v11 += v15; v7 = Integer.rotateRight(v7 ^ v11, 7);
        v0 += v5 + m14; v15 = Integer.rotateRight(v15 ^ v0, 16); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 12);
        v0 += v5 + m10; v15 = Integer.rotateRight(v15 ^ v0, 8); v10 += v15; v5 = Integer.rotateRight(v5 ^ v10, 7);
        v1 += v6 + m2; v12 = Integer.rotateRight(v12 ^ v1, 16); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 12);
        v1 += v6 + m12; v12 = Integer.rotateRight(v12 ^ v1, 8); v11 += v12; v6 = Integer.rotateRight(v6 ^ v11, 7);
        v2 += v7 + m3; v13 = Integer.rotateRight(v13 ^ v2, 16); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 12);
        v2 += v7 + m4; v13 = Integer.rotateRight(v13 ^ v2, 8); v8 += v13; v7 = Integer.rotateRight(v7 ^ v8, 7);
        v3 += v4 + m7; v14 = Integer.rotateRight(v14 ^ v3, 16); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 12);
        v3 += v4 + m13; v14 = Integer.rotateRight(v14 ^ v3, 8); v9 += v14; v4 = Integer.rotateRight(v4 ^ v9, 7);
        out[outOff] = v0 ^ v8; out[outOff + 1] = v1 ^ v9; out[outOff + 2] = v2 ^ v10; out[outOff + 3] = v3 ^ v11;
        out[outOff + 4] = v4 ^ v12; out[outOff + 5] = v5 ^ v13; out[outOff + 6] = v6 ^ v14; out[outOff + 7] = v7 ^ v15;
        if (xof) {
            out[outOff + 8] = v8 ^ c0; out[outOff + 9] = v9 ^ c1; out[outOff + 10] = v10 ^ c2; out[outOff + 11] = v11 ^ c3;
            out[outOff + 12] = v12 ^ c4; out[outOff + 13] = v13 ^ c5; out[outOff + 14] = v14 ^ c6; out[outOff + 15] = v15 ^ c7;
        }
    }
}
