package org.oxisync.store.hash;

import static jdk.incubator.vector.VectorOperators.ROR;
import static jdk.incubator.vector.VectorOperators.XOR;

import java.lang.constant.ConstantDescs;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import jdk.incubator.vector.ByteVector;
import jdk.incubator.vector.IntVector;
import jdk.incubator.vector.VectorMask;
import jdk.incubator.vector.VectorShuffle;
import jdk.incubator.vector.VectorSpecies;

/**
 * SIMD BLAKE3 kernel on the incubating Vector API: lane {@code i} of every vector belongs to chunk (or parent)
 * {@code i}, so one pass of the compression function hashes {@link #degree()} chunks at once, like the
 * reference implementation's {@code hash_many}. Loaded only reflectively by {@link Blake3Kernels}, and only
 * if the {@code jdk.incubator.vector} module is present.
 *
 * <p>What makes it fast on JDK 17's C2 (each point measured, see bench/README.md "Hashing and chunking"):
 * <ul>
 *   <li>8 lanes (256-bit) by default: on this AVX-512 Zen machine 512-bit vectors are not faster (the
 *       16-lane species measured 1.4 GB/s against 3.0 GB/s for 8 lanes). The lane width in use is chosen per
 *       CPU by measurement ({@link Blake3Warmup} times one hidden-class copy of this kernel per width, see
 *       {@link Blake3VectorKernels}); {@code oxisync.blake3.lanes} (4, 8 or 16) sets the width of this class
 *       itself, used by the {@code simd} mode without a remembered choice.</li>
 *   <li>Rotations with {@code lanewise(ROR, n)}. On JDK 17 that is two shifts and an or (the Vector API has no
 *       rotate instruction yet, and C2 does not fold the shifts into {@code vprord}); rotating by 16 and 8 bits as
 *       one byte permutation instead was 5 % faster once compiled but slowed the JIT warm-up so much that hashing
 *       a 2 GiB file got slower (measured: bench/README.md "The kernel in the nineteenth session").</li>
 *   <li>Each batch of 8 chunks is transposed to word-major order with vector loads and an 8x8 transpose of
 *       lane permutations and blends (no gathers: JDK 17 does not intrinsify them, 0.02 GB/s).</li>
 *   <li>One compression per call of {@link #compress}: the chaining values live in a small array between
 *       blocks, the 7 rounds are a loop whose message words are loaded through the precomputed schedule,
 *       so only the 16 state vectors stay live (no spills) and the method stays far below C2's 8000-byte
 *       limit (fully unrolled it is 12,900 bytes and never compiled).</li>
 * </ul>
 */
public final class Blake3VectorKernel implements Blake3Kernel {
    private static final VectorSpecies<Integer> S = species();
    private static final int LANES = S.length();
    private static final VarHandle LE_INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    /**
     * Bytes in vectors of {@link #S}'s size, read and then seen as ints: little-endian words on a little-endian CPU
     * ({@link #VECTOR_LOADS}). Not {@code IntVector.fromByteArray}: JDK 20 removed it, and there the 8-lane copy
     * failed its self-test and hashing stayed scalar (seen on JDK 25); {@code ByteVector.fromArray} exists in every
     * version and compiles to the same load on JDK 17.
     */
    private static final VectorSpecies<Byte> BYTES = S.withLanes(byte.class);
    /** Whether the 8x8 transpose may load words with vector loads: the CPU's own byte order must be BLAKE3's. */
    private static final boolean VECTOR_LOADS = ByteOrder.nativeOrder() == ByteOrder.LITTLE_ENDIAN;
    /** Offsets (in {@link #words}) of the message word used at each of the 7 x 16 positions. */
    private static final int[] SCHEDULE = schedule();
    /** 8x8 transpose steps: swap lanes at distance 1, 2, 4 (a permutation plus a blend per output vector). */
    private static final VectorShuffle<Integer> SWAP1 = swap(1), SWAP2 = swap(2), SWAP4 = swap(4);
    private static final VectorMask<Integer> HI1 = upper(1, true), LO1 = upper(1, false);
    private static final VectorMask<Integer> HI2 = upper(2, true), LO2 = upper(2, false);
    private static final VectorMask<Integer> HI4 = upper(4, true), LO4 = upper(4, false);

    /**
     * From this many chunks (or parents) left over after the whole batches, one more batch runs with some lanes
     * unused instead of the scalar kernel taking them one by one: a batch costs about what one scalar chunk does
     * (measured: bench/README.md "The kernel in the nineteenth session").
     */
    private static final int PADDED_TAIL_MIN = 2;

    /** Message words, word-major: word {@code w} of block {@code b} of lane {@code l} at {@code (16b+w)*LANES+l}. */
    private final int[] words = new int[LANES * 256];
    /** Chaining values, word-major. */
    private final int[] cvs = new int[LANES * 8];
    /** Counter low words, then high words. */
    private final int[] counters = new int[LANES * 2];
    /** A batch of fewer chunks than lanes, copied here so that every lane reads inside an array. */
    private final byte[] padded = new byte[LANES * Blake3.CHUNK_LEN];
    private final Blake3ScalarKernel tail = new Blake3ScalarKernel();

    public Blake3VectorKernel() {
        // public no-arg constructor: Blake3Kernels creates instances reflectively
    }

    /**
     * The lane count: the class data when this class was defined as a hidden class by {@link Blake3VectorKernels}
     * (one copy per lane width, so each copy's species is a constant to C2), else {@code oxisync.blake3.lanes},
     * else the CPU's preferred width.
     */
    private static VectorSpecies<Integer> species() {
        int preferred = IntVector.SPECIES_PREFERRED.length();
        Integer given;
        try {
            given = MethodHandles.classData(MethodHandles.lookup(), ConstantDescs.DEFAULT_NAME, Integer.class);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException(e);
        }
        int wanted = given != null ? given : Integer.getInteger("oxisync.blake3.lanes", preferred);
        if (wanted >= 16 && preferred >= 16) {
            return IntVector.SPECIES_512;
        }
        if (wanted >= 8 && preferred >= 8) {
            return IntVector.SPECIES_256;
        }
        return IntVector.SPECIES_128;
    }

    private static int[] schedule() {
        int[] perm = {2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8};
        int[] s = new int[16];
        for (int i = 0; i < 16; i++) {
            s[i] = i;
        }
        int[] out = new int[7 * 16];
        for (int r = 0; r < 7; r++) {
            for (int i = 0; i < 16; i++) {
                out[16 * r + i] = s[i] * LANES;
            }
            int[] next = new int[16];
            for (int i = 0; i < 16; i++) {
                next[i] = s[perm[i]];
            }
            s = next;
        }
        return out;
    }

    /** Lane {@code i} takes lane {@code i + d} or {@code i - d}: swaps neighbouring groups of {@code d} lanes. */
    private static VectorShuffle<Integer> swap(int d) {
        // fromOp, not fromArray (with fromArray the SIMD kernel never got faster than scalar: measured), and no
        // lambda: a lambda in a hidden-class copy of this class (Blake3VectorKernels) cannot link
        return VectorShuffle.fromOp(S, new Blake3VectorKernels.LaneSwap(d, LANES));
    }

    /** The lanes in the upper (or lower) group of each pair of {@code d}-lane groups. */
    private static VectorMask<Integer> upper(int d, boolean upper) {
        boolean[] bits = new boolean[LANES];
        for (int i = 0; i < LANES; i++) {
            bits[i] = ((i / d) % 2 == 1) == upper;
        }
        return VectorMask.fromArray(S, bits, 0);
    }

    @Override
    public int degree() {
        return LANES;
    }

    @Override
    public String name() {
        return "simd-" + LANES + "x32";
    }

    @Override
    public void hashChunks(byte[] in, int off, int numChunks, int[] key, long counter, int flags, int[] out, int outOff) {
        int c = 0;
        for (; c + LANES <= numChunks; c += LANES) {
            hashBatch(in, off + c * Blake3.CHUNK_LEN, counter + c, key, flags);
            storeCvs(out, outOff + 8 * c, LANES);
        }
        int rest = numChunks - c;
        if (rest >= PADDED_TAIL_MIN) {
            // fewer chunks than lanes: side by side with unused lanes (their bytes are stale, their results dropped)
            System.arraycopy(in, off + c * Blake3.CHUNK_LEN, padded, 0, rest * Blake3.CHUNK_LEN);
            hashBatch(padded, 0, counter + c, key, flags);
            storeCvs(out, outOff + 8 * c, rest);
        } else if (rest > 0) {
            tail.hashChunks(in, off + c * Blake3.CHUNK_LEN, rest, key, counter + c, flags, out, outOff + 8 * c);
        }
    }

    /** One batch of {@link #LANES} chunks at {@code in[base..]} into {@link #cvs}. */
    private void hashBatch(byte[] in, int base, long counter, int[] key, int flags) {
        if (LANES == 8 && VECTOR_LOADS) {
            transpose8(in, base);
        } else {
            transposeScalar(in, base);
        }
        for (int i = 0; i < LANES; i++) {
            long ctr = counter + i;
            counters[i] = (int) ctr;
            counters[LANES + i] = (int) (ctr >>> 32);
        }
        for (int w = 0; w < 8; w++) {
            IntVector.broadcast(S, key[w]).intoArray(cvs, w * LANES);
        }
        compress(0, flags | Blake3.CHUNK_START);
        for (int b = 1; b < 15; b++) {
            compress(16 * LANES * b, flags);
        }
        compress(16 * LANES * 15, flags | Blake3.CHUNK_END);
    }

    @Override
    public void hashParents(int[] in, int inOff, int numParents, int[] key, int flags, int[] out, int outOff) {
        int p = 0;
        while (p < numParents) {
            int n = Math.min(LANES, numParents - p);
            if (n < PADDED_TAIL_MIN) {
                tail.hashParents(in, inOff + 16 * p, n, key, flags, out, outOff + 8 * p);
                return;
            }
            // with fewer parents than lanes, the unused lanes hash stale words and their results are dropped
            int src = inOff + 16 * p;
            if (LANES == 8 && src + 16 * LANES <= in.length) {
                // lane-major parents to word-major words: two 8x8 transposes (rows past n are read, not used)
                transposeInts(in, src, 16, words, 0, LANES, LANES);
                transposeInts(in, src + 8, 16, words, 8 * LANES, LANES, LANES);
            } else {
                for (int l = 0; l < n; l++) {
                    for (int w = 0; w < 16; w++) {
                        words[w * LANES + l] = in[src + 16 * l + w];
                    }
                }
            }
            for (int i = 0; i < 2 * LANES; i++) {
                counters[i] = 0;
            }
            for (int w = 0; w < 8; w++) {
                IntVector.broadcast(S, key[w]).intoArray(cvs, w * LANES);
            }
            compress(0, flags);
            storeCvs(out, outOff + 8 * p, n); // in-place safe: the input was copied to words first
            p += n;
        }
    }

    /**
     * One BLAKE3 compression of the 64-byte blocks at {@code words[wo..]} into {@link #cvs}, all lanes at once. One
     * call per block, like the transpose's one call per half block: C2 compiles a method after enough calls far
     * sooner than a loop through on-stack replacement. A loop over a batch's 16 blocks in one call was 1-2 % faster
     * once compiled, and warmed up so much later that a 2 GiB file hashed slower (measured: bench/README.md "The
     * kernel in the nineteenth session").
     */
    private void compress(int wo, int flags) {
        IntVector v0 = IntVector.fromArray(S, cvs, 0), v1 = IntVector.fromArray(S, cvs, LANES);
        IntVector v2 = IntVector.fromArray(S, cvs, 2 * LANES), v3 = IntVector.fromArray(S, cvs, 3 * LANES);
        IntVector v4 = IntVector.fromArray(S, cvs, 4 * LANES), v5 = IntVector.fromArray(S, cvs, 5 * LANES);
        IntVector v6 = IntVector.fromArray(S, cvs, 6 * LANES), v7 = IntVector.fromArray(S, cvs, 7 * LANES);
        IntVector v8 = IntVector.broadcast(S, Blake3.IV[0]), v9 = IntVector.broadcast(S, Blake3.IV[1]);
        IntVector v10 = IntVector.broadcast(S, Blake3.IV[2]), v11 = IntVector.broadcast(S, Blake3.IV[3]);
        IntVector v12 = IntVector.fromArray(S, counters, 0), v13 = IntVector.fromArray(S, counters, LANES);
        IntVector v14 = IntVector.broadcast(S, Blake3.BLOCK_LEN), v15 = IntVector.broadcast(S, flags);
        int[] sched = SCHEDULE;
        for (int so = 0; so < 7 * 16; so += 16) {
                v0 = v0.add(IntVector.fromArray(S, words, wo + sched[so + 0])).add(v4); v12 = v12.lanewise(XOR, v0); v12 = v12.lanewise(ROR, 16);
                v8 = v8.add(v12); v4 = v4.lanewise(XOR, v8); v4 = v4.lanewise(ROR, 12);
                v0 = v0.add(IntVector.fromArray(S, words, wo + sched[so + 1])).add(v4); v12 = v12.lanewise(XOR, v0); v12 = v12.lanewise(ROR, 8);
                v8 = v8.add(v12); v4 = v4.lanewise(XOR, v8); v4 = v4.lanewise(ROR, 7);
                v1 = v1.add(IntVector.fromArray(S, words, wo + sched[so + 2])).add(v5); v13 = v13.lanewise(XOR, v1); v13 = v13.lanewise(ROR, 16);
                v9 = v9.add(v13); v5 = v5.lanewise(XOR, v9); v5 = v5.lanewise(ROR, 12);
                v1 = v1.add(IntVector.fromArray(S, words, wo + sched[so + 3])).add(v5); v13 = v13.lanewise(XOR, v1); v13 = v13.lanewise(ROR, 8);
                v9 = v9.add(v13); v5 = v5.lanewise(XOR, v9); v5 = v5.lanewise(ROR, 7);
                v2 = v2.add(IntVector.fromArray(S, words, wo + sched[so + 4])).add(v6); v14 = v14.lanewise(XOR, v2); v14 = v14.lanewise(ROR, 16);
                v10 = v10.add(v14); v6 = v6.lanewise(XOR, v10); v6 = v6.lanewise(ROR, 12);
                v2 = v2.add(IntVector.fromArray(S, words, wo + sched[so + 5])).add(v6); v14 = v14.lanewise(XOR, v2); v14 = v14.lanewise(ROR, 8);
                v10 = v10.add(v14); v6 = v6.lanewise(XOR, v10); v6 = v6.lanewise(ROR, 7);
                v3 = v3.add(IntVector.fromArray(S, words, wo + sched[so + 6])).add(v7); v15 = v15.lanewise(XOR, v3); v15 = v15.lanewise(ROR, 16);
                v11 = v11.add(v15); v7 = v7.lanewise(XOR, v11); v7 = v7.lanewise(ROR, 12);
                v3 = v3.add(IntVector.fromArray(S, words, wo + sched[so + 7])).add(v7); v15 = v15.lanewise(XOR, v3); v15 = v15.lanewise(ROR, 8);
                v11 = v11.add(v15); v7 = v7.lanewise(XOR, v11); v7 = v7.lanewise(ROR, 7);
                v0 = v0.add(IntVector.fromArray(S, words, wo + sched[so + 8])).add(v5); v15 = v15.lanewise(XOR, v0); v15 = v15.lanewise(ROR, 16);
                v10 = v10.add(v15); v5 = v5.lanewise(XOR, v10); v5 = v5.lanewise(ROR, 12);
                v0 = v0.add(IntVector.fromArray(S, words, wo + sched[so + 9])).add(v5); v15 = v15.lanewise(XOR, v0); v15 = v15.lanewise(ROR, 8);
                v10 = v10.add(v15); v5 = v5.lanewise(XOR, v10); v5 = v5.lanewise(ROR, 7);
                v1 = v1.add(IntVector.fromArray(S, words, wo + sched[so + 10])).add(v6); v12 = v12.lanewise(XOR, v1); v12 = v12.lanewise(ROR, 16);
                v11 = v11.add(v12); v6 = v6.lanewise(XOR, v11); v6 = v6.lanewise(ROR, 12);
                v1 = v1.add(IntVector.fromArray(S, words, wo + sched[so + 11])).add(v6); v12 = v12.lanewise(XOR, v1); v12 = v12.lanewise(ROR, 8);
                v11 = v11.add(v12); v6 = v6.lanewise(XOR, v11); v6 = v6.lanewise(ROR, 7);
                v2 = v2.add(IntVector.fromArray(S, words, wo + sched[so + 12])).add(v7); v13 = v13.lanewise(XOR, v2); v13 = v13.lanewise(ROR, 16);
                v8 = v8.add(v13); v7 = v7.lanewise(XOR, v8); v7 = v7.lanewise(ROR, 12);
                v2 = v2.add(IntVector.fromArray(S, words, wo + sched[so + 13])).add(v7); v13 = v13.lanewise(XOR, v2); v13 = v13.lanewise(ROR, 8);
                v8 = v8.add(v13); v7 = v7.lanewise(XOR, v8); v7 = v7.lanewise(ROR, 7);
                v3 = v3.add(IntVector.fromArray(S, words, wo + sched[so + 14])).add(v4); v14 = v14.lanewise(XOR, v3); v14 = v14.lanewise(ROR, 16);
                v9 = v9.add(v14); v4 = v4.lanewise(XOR, v9); v4 = v4.lanewise(ROR, 12);
                v3 = v3.add(IntVector.fromArray(S, words, wo + sched[so + 15])).add(v4); v14 = v14.lanewise(XOR, v3); v14 = v14.lanewise(ROR, 8);
                v9 = v9.add(v14); v4 = v4.lanewise(XOR, v9); v4 = v4.lanewise(ROR, 7);
        }
        v0.lanewise(XOR, v8).intoArray(cvs, 0);
        v1.lanewise(XOR, v9).intoArray(cvs, LANES);
        v2.lanewise(XOR, v10).intoArray(cvs, 2 * LANES);
        v3.lanewise(XOR, v11).intoArray(cvs, 3 * LANES);
        v4.lanewise(XOR, v12).intoArray(cvs, 4 * LANES);
        v5.lanewise(XOR, v13).intoArray(cvs, 5 * LANES);
        v6.lanewise(XOR, v14).intoArray(cvs, 6 * LANES);
        v7.lanewise(XOR, v15).intoArray(cvs, 7 * LANES);
    }

    /** Writes the word-major chaining values of the first {@code lanes} lanes back as 8 consecutive words each. */
    private void storeCvs(int[] out, int outOff, int lanes) {
        if (LANES == 8) {
            transposeInts(cvs, 0, LANES, out, outOff, 8, lanes);
            return;
        }
        for (int l = 0; l < lanes; l++) {
            for (int w = 0; w < 8; w++) {
                out[outOff + 8 * l + w] = cvs[w * LANES + l];
            }
        }
    }

    /** Word-major layout of 8 chunks: per half block, 8 row loads and an 8x8 transpose in registers. */
    private void transpose8(byte[] in, int base) {
        for (int half = 0; half < 32; half++) {
            transposeHalfBlock(in, base + 32 * half, 8 * half * LANES);
        }
    }

    /**
     * Words {@code 8*half .. 8*half+7} of the 8 chunks. A method of its own without a loop: C2 compiles a
     * method after enough calls, so 32 calls per batch get it compiled with far less slow pre-C2 work.
     */
    private void transposeHalfBlock(byte[] in, int o, int wo) {
        {
            IntVector r0 = ByteVector.fromArray(BYTES, in, o).reinterpretAsInts();
            IntVector r1 = ByteVector.fromArray(BYTES, in, o + Blake3.CHUNK_LEN).reinterpretAsInts();
            IntVector r2 = ByteVector.fromArray(BYTES, in, o + 2 * Blake3.CHUNK_LEN).reinterpretAsInts();
            IntVector r3 = ByteVector.fromArray(BYTES, in, o + 3 * Blake3.CHUNK_LEN).reinterpretAsInts();
            IntVector r4 = ByteVector.fromArray(BYTES, in, o + 4 * Blake3.CHUNK_LEN).reinterpretAsInts();
            IntVector r5 = ByteVector.fromArray(BYTES, in, o + 5 * Blake3.CHUNK_LEN).reinterpretAsInts();
            IntVector r6 = ByteVector.fromArray(BYTES, in, o + 6 * Blake3.CHUNK_LEN).reinterpretAsInts();
            IntVector r7 = ByteVector.fromArray(BYTES, in, o + 7 * Blake3.CHUNK_LEN).reinterpretAsInts();
            IntVector t0 = r0.blend(r1.rearrange(SWAP1), HI1), t1 = r1.blend(r0.rearrange(SWAP1), LO1);
            IntVector t2 = r2.blend(r3.rearrange(SWAP1), HI1), t3 = r3.blend(r2.rearrange(SWAP1), LO1);
            IntVector t4 = r4.blend(r5.rearrange(SWAP1), HI1), t5 = r5.blend(r4.rearrange(SWAP1), LO1);
            IntVector t6 = r6.blend(r7.rearrange(SWAP1), HI1), t7 = r7.blend(r6.rearrange(SWAP1), LO1);
            IntVector u0 = t0.blend(t2.rearrange(SWAP2), HI2), u2 = t2.blend(t0.rearrange(SWAP2), LO2);
            IntVector u1 = t1.blend(t3.rearrange(SWAP2), HI2), u3 = t3.blend(t1.rearrange(SWAP2), LO2);
            IntVector u4 = t4.blend(t6.rearrange(SWAP2), HI2), u6 = t6.blend(t4.rearrange(SWAP2), LO2);
            IntVector u5 = t5.blend(t7.rearrange(SWAP2), HI2), u7 = t7.blend(t5.rearrange(SWAP2), LO2);
            u0.blend(u4.rearrange(SWAP4), HI4).intoArray(words, wo);
            u1.blend(u5.rearrange(SWAP4), HI4).intoArray(words, wo + LANES);
            u2.blend(u6.rearrange(SWAP4), HI4).intoArray(words, wo + 2 * LANES);
            u3.blend(u7.rearrange(SWAP4), HI4).intoArray(words, wo + 3 * LANES);
            u4.blend(u0.rearrange(SWAP4), LO4).intoArray(words, wo + 4 * LANES);
            u5.blend(u1.rearrange(SWAP4), LO4).intoArray(words, wo + 5 * LANES);
            u6.blend(u2.rearrange(SWAP4), LO4).intoArray(words, wo + 6 * LANES);
            u7.blend(u3.rearrange(SWAP4), LO4).intoArray(words, wo + 7 * LANES);
        }
    }


    /**
     * An 8x8 transpose of ints in registers (8 lanes only): row {@code i} of the source is
     * {@code src[srcOff + i * srcStride ..+8]}; row {@code i} of the result, for {@code i < rows}, is written to
     * {@code dst[dstOff + i * dstStride ..+8]}. Every source row is read before anything is written.
     *
     * <p>The swap steps are those of {@link #transposeHalfBlock}, written out again on purpose: a method shared by
     * both would take or return eight vectors, which the Vector API boxes unless C2 inlines it, and returning them in
     * an array measured 4 % slower for the whole hash (2.96 against 3.06 GB/s, bench/README.md "The kernel in the
     * nineteenth session").
     */
    private void transposeInts(int[] src, int srcOff, int srcStride, int[] dst, int dstOff, int dstStride, int rows) {
        IntVector r0 = IntVector.fromArray(S, src, srcOff);
        IntVector r1 = IntVector.fromArray(S, src, srcOff + srcStride);
        IntVector r2 = IntVector.fromArray(S, src, srcOff + 2 * srcStride);
        IntVector r3 = IntVector.fromArray(S, src, srcOff + 3 * srcStride);
        IntVector r4 = IntVector.fromArray(S, src, srcOff + 4 * srcStride);
        IntVector r5 = IntVector.fromArray(S, src, srcOff + 5 * srcStride);
        IntVector r6 = IntVector.fromArray(S, src, srcOff + 6 * srcStride);
        IntVector r7 = IntVector.fromArray(S, src, srcOff + 7 * srcStride);
        IntVector t0 = r0.blend(r1.rearrange(SWAP1), HI1), t1 = r1.blend(r0.rearrange(SWAP1), LO1);
        IntVector t2 = r2.blend(r3.rearrange(SWAP1), HI1), t3 = r3.blend(r2.rearrange(SWAP1), LO1);
        IntVector t4 = r4.blend(r5.rearrange(SWAP1), HI1), t5 = r5.blend(r4.rearrange(SWAP1), LO1);
        IntVector t6 = r6.blend(r7.rearrange(SWAP1), HI1), t7 = r7.blend(r6.rearrange(SWAP1), LO1);
        IntVector u0 = t0.blend(t2.rearrange(SWAP2), HI2), u2 = t2.blend(t0.rearrange(SWAP2), LO2);
        IntVector u1 = t1.blend(t3.rearrange(SWAP2), HI2), u3 = t3.blend(t1.rearrange(SWAP2), LO2);
        IntVector u4 = t4.blend(t6.rearrange(SWAP2), HI2), u6 = t6.blend(t4.rearrange(SWAP2), LO2);
        IntVector u5 = t5.blend(t7.rearrange(SWAP2), HI2), u7 = t7.blend(t5.rearrange(SWAP2), LO2);
        u0.blend(u4.rearrange(SWAP4), HI4).intoArray(dst, dstOff);
        if (rows > 1) {
            u1.blend(u5.rearrange(SWAP4), HI4).intoArray(dst, dstOff + dstStride);
        }
        if (rows > 2) {
            u2.blend(u6.rearrange(SWAP4), HI4).intoArray(dst, dstOff + 2 * dstStride);
        }
        if (rows > 3) {
            u3.blend(u7.rearrange(SWAP4), HI4).intoArray(dst, dstOff + 3 * dstStride);
        }
        if (rows > 4) {
            u4.blend(u0.rearrange(SWAP4), LO4).intoArray(dst, dstOff + 4 * dstStride);
        }
        if (rows > 5) {
            u5.blend(u1.rearrange(SWAP4), LO4).intoArray(dst, dstOff + 5 * dstStride);
        }
        if (rows > 6) {
            u6.blend(u2.rearrange(SWAP4), LO4).intoArray(dst, dstOff + 6 * dstStride);
        }
        if (rows > 7) {
            u7.blend(u3.rearrange(SWAP4), LO4).intoArray(dst, dstOff + 7 * dstStride);
        }
    }

    /** Word-major layout for lane counts other than 8. */
    private void transposeScalar(byte[] in, int base) {
        for (int l = 0; l < LANES; l++) {
            int src = base + l * Blake3.CHUNK_LEN;
            for (int w = 0; w < 256; w++) {
                words[w * LANES + l] = (int) LE_INT.get(in, src + 4 * w);
            }
        }
    }
}
