package org.oxisync.store.hash;

import static jdk.incubator.vector.VectorOperators.LSHL;
import static jdk.incubator.vector.VectorOperators.LSHR;
import static jdk.incubator.vector.VectorOperators.XOR;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorSpecies;

/**
 * SIMD BLAKE3 kernel on the incubating Vector API: lane {@code i} of every vector belongs to chunk (or parent)
 * {@code i}, so one pass of the compression function hashes {@link #degree()} chunks at once, the way the
 * reference implementation's AVX2/AVX-512 {@code hash_many} does. The message words are first transposed
 * into a word-major scratch array, so each message vector is one contiguous load (gathers are not
 * intrinsified by JDK 17's C2). Loaded only reflectively by {@link Blake3Kernels}, and only if the
 * {@code jdk.incubator.vector} module is present. Generated from the BLAKE3 specification by a small script.
 *
 * <p>The lane count is the preferred species (8 lanes with AVX2, 16 with AVX-512), capped by system property
 * {@code oxisync.blake3.lanes} (4, 8 or 16) if set.
 */
public final class Blake3VectorKernel implements Blake3Kernel {
    private static final VectorSpecies<Integer> S = species();
    private static final VarHandle LE_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);

    private final int lanes = S.length();
    private final int[] words = new int[lanes * 256];
    private final int[] counterLo = new int[lanes];
    private final int[] counterHi = new int[lanes];
    private final int[] lane = new int[lanes];
    private final Blake3ScalarKernel tail = new Blake3ScalarKernel();

    public Blake3VectorKernel() {
        // public no-arg constructor: Blake3Kernels creates instances reflectively
    }

    private static VectorSpecies<Integer> species() {
        VectorSpecies<Integer> preferred = IntVector.SPECIES_PREFERRED;
        int cap = Integer.getInteger("oxisync.blake3.lanes", preferred.length());
        if (cap >= 16 && preferred.length() >= 16) {
            return IntVector.SPECIES_512;
        }
        if (cap >= 8 && preferred.length() >= 8) {
            return IntVector.SPECIES_256;
        }
        return IntVector.SPECIES_128;
    }

    @Override
    public int degree() {
        return lanes;
    }

    @Override
    public String name() {
        return "simd-" + lanes + "x32";
    }

    @Override
    public void hashChunks(byte[] in, int off, int numChunks, int[] key, long counter, int flags, int[] out, int outOff) {
        int c = 0;
        for (; c + lanes <= numChunks; c += lanes) {
            int base = off + c * Blake3.CHUNK_LEN;
            transposeChunks(in, base);
            for (int i = 0; i < lanes; i++) {
                long ctr = counter + c + i;
                counterLo[i] = (int) ctr;
                counterHi[i] = (int) (ctr >>> 32);
            }
            hashBatchOfChunks(key, flags, out, outOff + 8 * c);
        }
        if (c < numChunks) {
            tail.hashChunks(in, off + c * Blake3.CHUNK_LEN, numChunks - c, key, counter + c, flags, out, outOff + 8 * c);
        }
    }

    private void hashBatchOfChunks(int[] key, int flags, int[] out, int outOff) {
        IntVector h0 = IntVector.broadcast(S, key[0]), h1 = IntVector.broadcast(S, key[1]);
        IntVector h2 = IntVector.broadcast(S, key[2]), h3 = IntVector.broadcast(S, key[3]);
        IntVector h4 = IntVector.broadcast(S, key[4]), h5 = IntVector.broadcast(S, key[5]);
        IntVector h6 = IntVector.broadcast(S, key[6]), h7 = IntVector.broadcast(S, key[7]);
        IntVector ctrLo = IntVector.fromArray(S, counterLo, 0);
        IntVector ctrHi = IntVector.fromArray(S, counterHi, 0);
        IntVector blockLen = IntVector.broadcast(S, Blake3.BLOCK_LEN);
        for (int b = 0; b < 16; b++) {
            int blockFlags = flags | (b == 0 ? Blake3.CHUNK_START : 0) | (b == 15 ? Blake3.CHUNK_END : 0);
            IntVector m0 = IntVector.fromArray(S, words, 16 * lanes * b + 0 * lanes);
            IntVector m1 = IntVector.fromArray(S, words, 16 * lanes * b + 1 * lanes);
            IntVector m2 = IntVector.fromArray(S, words, 16 * lanes * b + 2 * lanes);
            IntVector m3 = IntVector.fromArray(S, words, 16 * lanes * b + 3 * lanes);
            IntVector m4 = IntVector.fromArray(S, words, 16 * lanes * b + 4 * lanes);
            IntVector m5 = IntVector.fromArray(S, words, 16 * lanes * b + 5 * lanes);
            IntVector m6 = IntVector.fromArray(S, words, 16 * lanes * b + 6 * lanes);
            IntVector m7 = IntVector.fromArray(S, words, 16 * lanes * b + 7 * lanes);
            IntVector m8 = IntVector.fromArray(S, words, 16 * lanes * b + 8 * lanes);
            IntVector m9 = IntVector.fromArray(S, words, 16 * lanes * b + 9 * lanes);
            IntVector m10 = IntVector.fromArray(S, words, 16 * lanes * b + 10 * lanes);
            IntVector m11 = IntVector.fromArray(S, words, 16 * lanes * b + 11 * lanes);
            IntVector m12 = IntVector.fromArray(S, words, 16 * lanes * b + 12 * lanes);
            IntVector m13 = IntVector.fromArray(S, words, 16 * lanes * b + 13 * lanes);
            IntVector m14 = IntVector.fromArray(S, words, 16 * lanes * b + 14 * lanes);
            IntVector m15 = IntVector.fromArray(S, words, 16 * lanes * b + 15 * lanes);
            IntVector v0 = h0, v1 = h1, v2 = h2, v3 = h3, v4 = h4, v5 = h5, v6 = h6, v7 = h7;
            IntVector v8 = IntVector.broadcast(S, Blake3.IV[0]), v9 = IntVector.broadcast(S, Blake3.IV[1]);
            IntVector v10 = IntVector.broadcast(S, Blake3.IV[2]), v11 = IntVector.broadcast(S, Blake3.IV[3]);
            IntVector v12 = ctrLo, v13 = ctrHi, v14 = blockLen, v15 = IntVector.broadcast(S, blockFlags);
            for (int r = 0; r < 7; r++) {
                v0 = v0.add(v4).add(m0); v12 = v12.lanewise(XOR, v0); v12 = v12.lanewise(LSHR, 16).or(v12.lanewise(LSHL, 16));
                v8 = v8.add(v12); v4 = v4.lanewise(XOR, v8); v4 = v4.lanewise(LSHR, 12).or(v4.lanewise(LSHL, 20));
                v0 = v0.add(v4).add(m1); v12 = v12.lanewise(XOR, v0); v12 = v12.lanewise(LSHR, 8).or(v12.lanewise(LSHL, 24));
                v8 = v8.add(v12); v4 = v4.lanewise(XOR, v8); v4 = v4.lanewise(LSHR, 7).or(v4.lanewise(LSHL, 25));
                v1 = v1.add(v5).add(m2); v13 = v13.lanewise(XOR, v1); v13 = v13.lanewise(LSHR, 16).or(v13.lanewise(LSHL, 16));
                v9 = v9.add(v13); v5 = v5.lanewise(XOR, v9); v5 = v5.lanewise(LSHR, 12).or(v5.lanewise(LSHL, 20));
                v1 = v1.add(v5).add(m3); v13 = v13.lanewise(XOR, v1); v13 = v13.lanewise(LSHR, 8).or(v13.lanewise(LSHL, 24));
                v9 = v9.add(v13); v5 = v5.lanewise(XOR, v9); v5 = v5.lanewise(LSHR, 7).or(v5.lanewise(LSHL, 25));
                v2 = v2.add(v6).add(m4); v14 = v14.lanewise(XOR, v2); v14 = v14.lanewise(LSHR, 16).or(v14.lanewise(LSHL, 16));
                v10 = v10.add(v14); v6 = v6.lanewise(XOR, v10); v6 = v6.lanewise(LSHR, 12).or(v6.lanewise(LSHL, 20));
                v2 = v2.add(v6).add(m5); v14 = v14.lanewise(XOR, v2); v14 = v14.lanewise(LSHR, 8).or(v14.lanewise(LSHL, 24));
                v10 = v10.add(v14); v6 = v6.lanewise(XOR, v10); v6 = v6.lanewise(LSHR, 7).or(v6.lanewise(LSHL, 25));
                v3 = v3.add(v7).add(m6); v15 = v15.lanewise(XOR, v3); v15 = v15.lanewise(LSHR, 16).or(v15.lanewise(LSHL, 16));
                v11 = v11.add(v15); v7 = v7.lanewise(XOR, v11); v7 = v7.lanewise(LSHR, 12).or(v7.lanewise(LSHL, 20));
                v3 = v3.add(v7).add(m7); v15 = v15.lanewise(XOR, v3); v15 = v15.lanewise(LSHR, 8).or(v15.lanewise(LSHL, 24));
                v11 = v11.add(v15); v7 = v7.lanewise(XOR, v11); v7 = v7.lanewise(LSHR, 7).or(v7.lanewise(LSHL, 25));
                v0 = v0.add(v5).add(m8); v15 = v15.lanewise(XOR, v0); v15 = v15.lanewise(LSHR, 16).or(v15.lanewise(LSHL, 16));
                v10 = v10.add(v15); v5 = v5.lanewise(XOR, v10); v5 = v5.lanewise(LSHR, 12).or(v5.lanewise(LSHL, 20));
                v0 = v0.add(v5).add(m9); v15 = v15.lanewise(XOR, v0); v15 = v15.lanewise(LSHR, 8).or(v15.lanewise(LSHL, 24));
                v10 = v10.add(v15); v5 = v5.lanewise(XOR, v10); v5 = v5.lanewise(LSHR, 7).or(v5.lanewise(LSHL, 25));
                v1 = v1.add(v6).add(m10); v12 = v12.lanewise(XOR, v1); v12 = v12.lanewise(LSHR, 16).or(v12.lanewise(LSHL, 16));
                v11 = v11.add(v12); v6 = v6.lanewise(XOR, v11); v6 = v6.lanewise(LSHR, 12).or(v6.lanewise(LSHL, 20));
                v1 = v1.add(v6).add(m11); v12 = v12.lanewise(XOR, v1); v12 = v12.lanewise(LSHR, 8).or(v12.lanewise(LSHL, 24));
                v11 = v11.add(v12); v6 = v6.lanewise(XOR, v11); v6 = v6.lanewise(LSHR, 7).or(v6.lanewise(LSHL, 25));
                v2 = v2.add(v7).add(m12); v13 = v13.lanewise(XOR, v2); v13 = v13.lanewise(LSHR, 16).or(v13.lanewise(LSHL, 16));
                v8 = v8.add(v13); v7 = v7.lanewise(XOR, v8); v7 = v7.lanewise(LSHR, 12).or(v7.lanewise(LSHL, 20));
                v2 = v2.add(v7).add(m13); v13 = v13.lanewise(XOR, v2); v13 = v13.lanewise(LSHR, 8).or(v13.lanewise(LSHL, 24));
                v8 = v8.add(v13); v7 = v7.lanewise(XOR, v8); v7 = v7.lanewise(LSHR, 7).or(v7.lanewise(LSHL, 25));
                v3 = v3.add(v4).add(m14); v14 = v14.lanewise(XOR, v3); v14 = v14.lanewise(LSHR, 16).or(v14.lanewise(LSHL, 16));
                v9 = v9.add(v14); v4 = v4.lanewise(XOR, v9); v4 = v4.lanewise(LSHR, 12).or(v4.lanewise(LSHL, 20));
                v3 = v3.add(v4).add(m15); v14 = v14.lanewise(XOR, v3); v14 = v14.lanewise(LSHR, 8).or(v14.lanewise(LSHL, 24));
                v9 = v9.add(v14); v4 = v4.lanewise(XOR, v9); v4 = v4.lanewise(LSHR, 7).or(v4.lanewise(LSHL, 25));
                // permute the message words for the next round: m[i] = m[PERM[i]]
                IntVector t0 = m2, t1 = m6, t2 = m3, t3 = m10, t4 = m7, t5 = m0, t6 = m4, t7 = m13, t8 = m1, t9 = m11, t10 = m12, t11 = m5, t12 = m9, t13 = m14, t14 = m15, t15 = m8;
                m0 = t0; m1 = t1; m2 = t2; m3 = t3; m4 = t4; m5 = t5; m6 = t6; m7 = t7; m8 = t8; m9 = t9; m10 = t10; m11 = t11; m12 = t12; m13 = t13; m14 = t14; m15 = t15;
            }
            h0 = v0.lanewise(XOR, v8); h1 = v1.lanewise(XOR, v9); h2 = v2.lanewise(XOR, v10); h3 = v3.lanewise(XOR, v11);
            h4 = v4.lanewise(XOR, v12); h5 = v5.lanewise(XOR, v13); h6 = v6.lanewise(XOR, v14); h7 = v7.lanewise(XOR, v15);
        }
        store(h0, h1, h2, h3, h4, h5, h6, h7, out, outOff);
    }

    @Override
    public void hashParents(int[] in, int inOff, int numParents, int[] key, int flags, int[] out, int outOff) {
        int p = 0;
        for (; p + lanes <= numParents; p += lanes) {
            hashBatchOfParents(in, inOff + 16 * p, key, flags, out, outOff + 8 * p);
        }
        if (p < numParents) {
            tail.hashParents(in, inOff + 16 * p, numParents - p, key, flags, out, outOff + 8 * p);
        }
    }

    private void hashBatchOfParents(int[] in, int inOff, int[] key, int flags, int[] out, int outOff) {
        for (int p = 0; p < lanes; p++) {
            for (int j = 0; j < 16; j++) {
                words[j * lanes + p] = in[inOff + 16 * p + j];
            }
        }
        IntVector m0 = IntVector.fromArray(S, words, 0 + 0 * lanes);
        IntVector m1 = IntVector.fromArray(S, words, 0 + 1 * lanes);
        IntVector m2 = IntVector.fromArray(S, words, 0 + 2 * lanes);
        IntVector m3 = IntVector.fromArray(S, words, 0 + 3 * lanes);
        IntVector m4 = IntVector.fromArray(S, words, 0 + 4 * lanes);
        IntVector m5 = IntVector.fromArray(S, words, 0 + 5 * lanes);
        IntVector m6 = IntVector.fromArray(S, words, 0 + 6 * lanes);
        IntVector m7 = IntVector.fromArray(S, words, 0 + 7 * lanes);
        IntVector m8 = IntVector.fromArray(S, words, 0 + 8 * lanes);
        IntVector m9 = IntVector.fromArray(S, words, 0 + 9 * lanes);
        IntVector m10 = IntVector.fromArray(S, words, 0 + 10 * lanes);
        IntVector m11 = IntVector.fromArray(S, words, 0 + 11 * lanes);
        IntVector m12 = IntVector.fromArray(S, words, 0 + 12 * lanes);
        IntVector m13 = IntVector.fromArray(S, words, 0 + 13 * lanes);
        IntVector m14 = IntVector.fromArray(S, words, 0 + 14 * lanes);
        IntVector m15 = IntVector.fromArray(S, words, 0 + 15 * lanes);
        IntVector v0 = IntVector.broadcast(S, key[0]), v1 = IntVector.broadcast(S, key[1]);
        IntVector v2 = IntVector.broadcast(S, key[2]), v3 = IntVector.broadcast(S, key[3]);
        IntVector v4 = IntVector.broadcast(S, key[4]), v5 = IntVector.broadcast(S, key[5]);
        IntVector v6 = IntVector.broadcast(S, key[6]), v7 = IntVector.broadcast(S, key[7]);
        IntVector v8 = IntVector.broadcast(S, Blake3.IV[0]), v9 = IntVector.broadcast(S, Blake3.IV[1]);
        IntVector v10 = IntVector.broadcast(S, Blake3.IV[2]), v11 = IntVector.broadcast(S, Blake3.IV[3]);
        IntVector v12 = IntVector.zero(S), v13 = IntVector.zero(S);
        IntVector v14 = IntVector.broadcast(S, Blake3.BLOCK_LEN), v15 = IntVector.broadcast(S, flags);
        for (int r = 0; r < 7; r++) {
            v0 = v0.add(v4).add(m0); v12 = v12.lanewise(XOR, v0); v12 = v12.lanewise(LSHR, 16).or(v12.lanewise(LSHL, 16));
            v8 = v8.add(v12); v4 = v4.lanewise(XOR, v8); v4 = v4.lanewise(LSHR, 12).or(v4.lanewise(LSHL, 20));
            v0 = v0.add(v4).add(m1); v12 = v12.lanewise(XOR, v0); v12 = v12.lanewise(LSHR, 8).or(v12.lanewise(LSHL, 24));
            v8 = v8.add(v12); v4 = v4.lanewise(XOR, v8); v4 = v4.lanewise(LSHR, 7).or(v4.lanewise(LSHL, 25));
            v1 = v1.add(v5).add(m2); v13 = v13.lanewise(XOR, v1); v13 = v13.lanewise(LSHR, 16).or(v13.lanewise(LSHL, 16));
            v9 = v9.add(v13); v5 = v5.lanewise(XOR, v9); v5 = v5.lanewise(LSHR, 12).or(v5.lanewise(LSHL, 20));
            v1 = v1.add(v5).add(m3); v13 = v13.lanewise(XOR, v1); v13 = v13.lanewise(LSHR, 8).or(v13.lanewise(LSHL, 24));
            v9 = v9.add(v13); v5 = v5.lanewise(XOR, v9); v5 = v5.lanewise(LSHR, 7).or(v5.lanewise(LSHL, 25));
            v2 = v2.add(v6).add(m4); v14 = v14.lanewise(XOR, v2); v14 = v14.lanewise(LSHR, 16).or(v14.lanewise(LSHL, 16));
            v10 = v10.add(v14); v6 = v6.lanewise(XOR, v10); v6 = v6.lanewise(LSHR, 12).or(v6.lanewise(LSHL, 20));
            v2 = v2.add(v6).add(m5); v14 = v14.lanewise(XOR, v2); v14 = v14.lanewise(LSHR, 8).or(v14.lanewise(LSHL, 24));
            v10 = v10.add(v14); v6 = v6.lanewise(XOR, v10); v6 = v6.lanewise(LSHR, 7).or(v6.lanewise(LSHL, 25));
            v3 = v3.add(v7).add(m6); v15 = v15.lanewise(XOR, v3); v15 = v15.lanewise(LSHR, 16).or(v15.lanewise(LSHL, 16));
            v11 = v11.add(v15); v7 = v7.lanewise(XOR, v11); v7 = v7.lanewise(LSHR, 12).or(v7.lanewise(LSHL, 20));
            v3 = v3.add(v7).add(m7); v15 = v15.lanewise(XOR, v3); v15 = v15.lanewise(LSHR, 8).or(v15.lanewise(LSHL, 24));
            v11 = v11.add(v15); v7 = v7.lanewise(XOR, v11); v7 = v7.lanewise(LSHR, 7).or(v7.lanewise(LSHL, 25));
            v0 = v0.add(v5).add(m8); v15 = v15.lanewise(XOR, v0); v15 = v15.lanewise(LSHR, 16).or(v15.lanewise(LSHL, 16));
            v10 = v10.add(v15); v5 = v5.lanewise(XOR, v10); v5 = v5.lanewise(LSHR, 12).or(v5.lanewise(LSHL, 20));
            v0 = v0.add(v5).add(m9); v15 = v15.lanewise(XOR, v0); v15 = v15.lanewise(LSHR, 8).or(v15.lanewise(LSHL, 24));
            v10 = v10.add(v15); v5 = v5.lanewise(XOR, v10); v5 = v5.lanewise(LSHR, 7).or(v5.lanewise(LSHL, 25));
            v1 = v1.add(v6).add(m10); v12 = v12.lanewise(XOR, v1); v12 = v12.lanewise(LSHR, 16).or(v12.lanewise(LSHL, 16));
            v11 = v11.add(v12); v6 = v6.lanewise(XOR, v11); v6 = v6.lanewise(LSHR, 12).or(v6.lanewise(LSHL, 20));
            v1 = v1.add(v6).add(m11); v12 = v12.lanewise(XOR, v1); v12 = v12.lanewise(LSHR, 8).or(v12.lanewise(LSHL, 24));
            v11 = v11.add(v12); v6 = v6.lanewise(XOR, v11); v6 = v6.lanewise(LSHR, 7).or(v6.lanewise(LSHL, 25));
            v2 = v2.add(v7).add(m12); v13 = v13.lanewise(XOR, v2); v13 = v13.lanewise(LSHR, 16).or(v13.lanewise(LSHL, 16));
            v8 = v8.add(v13); v7 = v7.lanewise(XOR, v8); v7 = v7.lanewise(LSHR, 12).or(v7.lanewise(LSHL, 20));
            v2 = v2.add(v7).add(m13); v13 = v13.lanewise(XOR, v2); v13 = v13.lanewise(LSHR, 8).or(v13.lanewise(LSHL, 24));
            v8 = v8.add(v13); v7 = v7.lanewise(XOR, v8); v7 = v7.lanewise(LSHR, 7).or(v7.lanewise(LSHL, 25));
            v3 = v3.add(v4).add(m14); v14 = v14.lanewise(XOR, v3); v14 = v14.lanewise(LSHR, 16).or(v14.lanewise(LSHL, 16));
            v9 = v9.add(v14); v4 = v4.lanewise(XOR, v9); v4 = v4.lanewise(LSHR, 12).or(v4.lanewise(LSHL, 20));
            v3 = v3.add(v4).add(m15); v14 = v14.lanewise(XOR, v3); v14 = v14.lanewise(LSHR, 8).or(v14.lanewise(LSHL, 24));
            v9 = v9.add(v14); v4 = v4.lanewise(XOR, v9); v4 = v4.lanewise(LSHR, 7).or(v4.lanewise(LSHL, 25));
            // permute the message words for the next round: m[i] = m[PERM[i]]
            IntVector t0 = m2, t1 = m6, t2 = m3, t3 = m10, t4 = m7, t5 = m0, t6 = m4, t7 = m13, t8 = m1, t9 = m11, t10 = m12, t11 = m5, t12 = m9, t13 = m14, t14 = m15, t15 = m8;
            m0 = t0; m1 = t1; m2 = t2; m3 = t3; m4 = t4; m5 = t5; m6 = t6; m7 = t7; m8 = t8; m9 = t9; m10 = t10; m11 = t11; m12 = t12; m13 = t13; m14 = t14; m15 = t15;
        }
        store(v0.lanewise(XOR, v8), v1.lanewise(XOR, v9), v2.lanewise(XOR, v10), v3.lanewise(XOR, v11),
                v4.lanewise(XOR, v12), v5.lanewise(XOR, v13), v6.lanewise(XOR, v14), v7.lanewise(XOR, v15), out, outOff);
    }

    /** Lays out {@code lanes} chunks word-major: word {@code w} of chunk {@code l} goes to {@code words[w * lanes + l]}. */
    private void transposeChunks(byte[] in, int base) {
        for (int l = 0; l < lanes; l++) {
            int src = base + l * Blake3.CHUNK_LEN;
            for (int w = 0; w < 256; w++) {
                words[w * lanes + l] = (int) LE_INT.get(in, src + 4 * w);
            }
        }
    }

    /** Transposes the 8 chaining-value vectors back to 8 consecutive words per chunk. */
    private void store(IntVector h0, IntVector h1, IntVector h2, IntVector h3, IntVector h4, IntVector h5,
                       IntVector h6, IntVector h7, int[] out, int outOff) {
        storeWord(h0, 0, out, outOff);
        storeWord(h1, 1, out, outOff);
        storeWord(h2, 2, out, outOff);
        storeWord(h3, 3, out, outOff);
        storeWord(h4, 4, out, outOff);
        storeWord(h5, 5, out, outOff);
        storeWord(h6, 6, out, outOff);
        storeWord(h7, 7, out, outOff);
    }

    private void storeWord(IntVector h, int word, int[] out, int outOff) {
        h.intoArray(lane, 0);
        for (int i = 0; i < lanes; i++) {
            out[outOff + 8 * i + word] = lane[i];
        }
    }
}

