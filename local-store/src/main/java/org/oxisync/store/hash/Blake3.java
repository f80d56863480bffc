package org.oxisync.store.hash;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Objects;
import java.util.concurrent.RecursiveAction;
import java.util.function.Supplier;

/**
 * BLAKE3 (hash, keyed hash and key derivation), streaming, with extendable output.
 *
 * <p>Input is hashed in aligned power-of-two subtrees of whole 1 KiB chunks; the leaves of a subtree go to a
 * {@link Blake3Kernel} that hashes many chunks side by side (SIMD when the Vector API module is present,
 * see {@link Blake3Kernels}). A hasher is not thread-safe. {@link #multithreaded()} lets large updates use
 * the common {@link java.util.concurrent.ForkJoinPool} as well (the subtrees are independent).
 *
 * <p>{@link #digest()} and {@link #digest(byte[], int, int)} do not change the state: more input may follow.
 */
public final class Blake3 {
    static final int CHUNK_LEN = 1024;
    static final int BLOCK_LEN = 64;
    static final int OUT_LEN = 32;
    static final int KEY_LEN = 32;

    static final int CHUNK_START = 1;
    static final int CHUNK_END = 2;
    static final int PARENT = 4;
    static final int ROOT = 8;
    static final int KEYED_HASH = 16;
    static final int DERIVE_KEY_CONTEXT = 32;
    static final int DERIVE_KEY_MATERIAL = 64;

    static final int[] IV = {
        0x6A09E667, 0xBB67AE85, 0x3C6EF372, 0xA54FF53A, 0x510E527F, 0x9B05688C, 0x1F83D9AB, 0x5BE0CD19
    };

    /** Chunks buffered before hashing, so small updates still feed the SIMD kernel whole batches. */
    private static final int BUF_CHUNKS = 32;
    private static final int BUF_LEN = BUF_CHUNKS * CHUNK_LEN;
    /** Subtrees up to this many chunks are hashed level by level in one scratch array. */
    static final int LEAF_CHUNKS = 256;
    /**
     * In multithreaded mode, subtrees of at least twice this many chunks are split between threads. 64 (64 KiB
     * leaves) lets one content chunk (FastCDC: 64 KiB to 1 MiB, 256 KiB on average) use both cores of a small
     * machine when it is checked on its own, as a delta download checks every chunk it reuses; a fork costs a few
     * microseconds against about 0.15 ms of hashing per leaf on the scalar kernel.
     */
    private static final int PARALLEL_SPLIT_CHUNKS = 64;
    /** Max depth of the chaining-value stack: 2^54 chunks exceeds any 64-bit byte length. */
    private static final int MAX_DEPTH = 54;

    private final int[] key;
    private final int flags;
    private final Supplier<Blake3Kernel> kernels;
    private final Blake3Kernel kernel;
    private final int[] scratch = new int[8 * LEAF_CHUNKS];
    private final byte[] buf = new byte[BUF_LEN];
    private int bufLen;
    private final int[] stack = new int[8 * MAX_DEPTH];
    private int stackLen;
    /** Index of the first chunk in {@link #buf}, i.e. the number of chunks already pushed. */
    private long chunkCounter;
    private boolean multithreaded;

    Blake3(int[] key, int flags, Supplier<Blake3Kernel> kernels) {
        this.key = key.clone();
        this.flags = flags;
        this.kernels = kernels;
        this.kernel = kernels.get();
    }

    /** A hasher in plain hash mode. */
    public static Blake3 newHasher() {
        return new Blake3(IV, 0, Blake3Kernels.preferred());
    }

    /** A hasher in keyed mode (a MAC / PRF). */
    public static Blake3 newKeyedHasher(byte[] key32) {
        return newKeyedHasher(key32, Blake3Kernels.preferred());
    }

    static Blake3 newKeyedHasher(byte[] key32, Supplier<Blake3Kernel> kernels) {
        if (key32 == null || key32.length != KEY_LEN) {
            throw new IllegalArgumentException("BLAKE3 key must be 32 bytes");
        }
        return new Blake3(wordsOf(key32), KEYED_HASH, kernels);
    }

    /** A hasher in key-derivation mode; hash the key material into it, then take the derived key as output. */
    public static Blake3 newKeyDerivationHasher(String context) {
        return newKeyDerivationHasher(context, Blake3Kernels.preferred());
    }

    static Blake3 newKeyDerivationHasher(String context, Supplier<Blake3Kernel> kernels) {
        Blake3 contextHasher = new Blake3(IV, DERIVE_KEY_CONTEXT, kernels);
        contextHasher.update(context.getBytes(StandardCharsets.UTF_8));
        return new Blake3(wordsOf(contextHasher.digest()), DERIVE_KEY_MATERIAL, kernels);
    }

    static Blake3 newHasher(Supplier<Blake3Kernel> kernels) {
        return new Blake3(IV, 0, kernels);
    }

    /** The 32-byte BLAKE3 hash of {@code data}; large inputs (128 KiB and more) use several threads. */
    public static byte[] hash(byte[] data) {
        return hash(data, 0, data.length);
    }

    /** The 32-byte BLAKE3 hash of {@code data[off, off+len)}; large inputs use several threads. */
    public static byte[] hash(byte[] data, int off, int len) {
        Blake3 h = newHasher();
        if (len >= 2 * PARALLEL_SPLIT_CHUNKS * CHUNK_LEN) {
            h.multithreaded();
        }
        h.update(data, off, len);
        return h.digest();
    }

    /** The BLAKE3 hash of {@code data} as 64 lowercase hex characters. */
    public static String hashHex(byte[] data) {
        return Hex.encode(hash(data));
    }

    /** The BLAKE3 hash of {@code data[off, off+len)} as 64 lowercase hex characters; large inputs use several threads. */
    public static String hashHex(byte[] data, int off, int len) {
        return Hex.encode(hash(data, off, len));
    }

    /** Name of the kernel in use ({@code scalar} or {@code simd-...}), for diagnostics. */
    public static String implementation() {
        return Blake3Kernels.preferred().get().name();
    }

    /** Lets later large updates (at least 128 KiB) hash independent subtrees on the common ForkJoinPool too. */
    public Blake3 multithreaded() {
        this.multithreaded = true;
        return this;
    }

    public Blake3 update(byte[] b) {
        return update(b, 0, b.length);
    }

    public Blake3 update(byte[] b, int off, int len) {
        Objects.checkFromIndexSize(off, len, b.length);
        while (len > 0) {
            if (bufLen == BUF_LEN) {
                hashWholeChunks(buf, 0, BUF_CHUNKS); // more input follows, so none of these is the root
                bufLen = 0;
            }
            if (bufLen == 0 && len > BUF_LEN) {
                // Hash whole chunks straight from the caller's array; keep at least one byte for the end. Checked
                // after the buffer is emptied too: an update that first tops up the chunk the last one kept used
                // to go on through the 32 KiB buffer for all of its input (32-chunk subtrees, one thread), so a
                // file hashed in 4 MiB reads took this path only for its first read.
                int chunks = (len - 1) / CHUNK_LEN;
                hashWholeChunks(b, off, chunks);
                off += chunks * CHUNK_LEN;
                len -= chunks * CHUNK_LEN;
            }
            int take = Math.min(BUF_LEN - bufLen, len);
            System.arraycopy(b, off, buf, bufLen, take);
            bufLen += take;
            off += take;
            len -= take;
        }
        return this;
    }

    public Blake3 update(ByteBuffer src) {
        if (src.hasArray()) {
            int n = src.remaining();
            update(src.array(), src.arrayOffset() + src.position(), n);
            src.position(src.position() + n);
            return this;
        }
        while (src.hasRemaining()) {
            if (bufLen == BUF_LEN) {
                hashWholeChunks(buf, 0, BUF_CHUNKS);
                bufLen = 0;
            }
            int take = Math.min(BUF_LEN - bufLen, src.remaining());
            src.get(buf, bufLen, take);
            bufLen += take;
        }
        return this;
    }

    /** The 32-byte hash of everything so far. */
    public byte[] digest() {
        byte[] out = new byte[OUT_LEN];
        digest(out, 0, OUT_LEN);
        return out;
    }

    /** Writes {@code len} bytes of extendable output (starting at output position 0) to {@code out[off]}. */
    public void digest(byte[] out, int off, int len) {
        Objects.checkFromIndexSize(off, len, out.length);
        rootOutput().write(out, off, len);
    }

    public String hexDigest() {
        return Hex.encode(digest());
    }

    // ---- the tree ------------------------------------------------------------------------------------

    /**
     * Hashes {@code chunks} whole chunks of {@code src} starting at chunk {@link #chunkCounter}, as a sequence
     * of aligned power-of-two subtrees, and pushes their chaining values. More input must follow them.
     */
    private void hashWholeChunks(byte[] src, int off, int chunks) {
        int[] sizes = new int[64];
        int count = 0;
        long counter = chunkCounter;
        int rest = chunks;
        while (rest > 0) {
            int size = Integer.highestOneBit(rest);
            if (counter != 0) {
                size = (int) Math.min(size, Long.lowestOneBit(counter));
            }
            sizes[count++] = size;
            counter += size;
            rest -= size;
        }
        int[] cvs = new int[8 * count];
        if (multithreaded && chunks >= 2 * PARALLEL_SPLIT_CHUNKS) {
            SubtreeTask[] tasks = new SubtreeTask[count];
            long c = chunkCounter;
            int o = off;
            for (int i = 0; i < count; i++) {
                tasks[i] = new SubtreeTask(this, src, o, sizes[i], c, cvs, 8 * i);
                c += sizes[i];
                o += sizes[i] * CHUNK_LEN;
            }
            RecursiveAction.invokeAll(tasks);
        } else {
            long c = chunkCounter;
            int o = off;
            for (int i = 0; i < count; i++) {
                subtreeCv(kernel, scratch, src, o, sizes[i], c, cvs, 8 * i);
                c += sizes[i];
                o += sizes[i] * CHUNK_LEN;
            }
        }
        for (int i = 0; i < count; i++) {
            pushCv(cvs, 8 * i, sizes[i]);
        }
    }

    /**
     * Appends a subtree hashed elsewhere ({@link Blake3Subtrees}): {@code chunks} (a power of two) whole chunks
     * starting at the current chunk count, which must be a multiple of {@code chunks}, with nothing buffered.
     * More input must follow.
     */
    void appendSubtree(int[] cv, int chunks) {
        if (bufLen != 0 || Integer.bitCount(chunks) != 1 || (chunkCounter & (chunks - 1)) != 0) {
            throw new IllegalStateException("subtree not aligned: " + chunks + " chunks at " + chunkCounter);
        }
        pushCv(cv, 0, chunks);
    }

    /** Number of whole chunks hashed so far (the next subtree starts at this chunk index). */
    long chunkCount() {
        return chunkCounter;
    }

    /** Pushes the chaining value of the next subtree ({@code size} chunks at {@link #chunkCounter}). */
    private void pushCv(int[] cv, int cvOff, long size) {
        // Merge completed subtrees first, but never the newest one: it may still be followed by nothing.
        int target = Long.bitCount(chunkCounter);
        while (stackLen > target) {
            int at = 8 * (stackLen - 2);
            Blake3Compress.compressWords(key, 0, stack, at, 0, BLOCK_LEN, flags | PARENT, stack, at, false);
            stackLen--;
        }
        System.arraycopy(cv, cvOff, stack, 8 * stackLen, 8);
        stackLen++;
        chunkCounter += size;
    }

    /** Chaining value of a complete subtree of {@code chunks} (a power of two) whole chunks. */
    void subtreeCv(Blake3Kernel k, int[] scratchSpace, byte[] src, int off, int chunks, long counter,
                   int[] out, int outOff) {
        if (chunks <= LEAF_CHUNKS) {
            k.hashChunks(src, off, chunks, key, counter, flags, scratchSpace, 0);
            for (int n = chunks; n > 1; n >>= 1) {
                k.hashParents(scratchSpace, 0, n >> 1, key, flags | PARENT, scratchSpace, 0);
            }
            System.arraycopy(scratchSpace, 0, out, outOff, 8);
        } else {
            int half = chunks >> 1;
            int[] children = new int[16];
            subtreeCv(k, scratchSpace, src, off, half, counter, children, 0);
            subtreeCv(k, scratchSpace, src, off + half * CHUNK_LEN, half, counter + half, children, 8);
            Blake3Compress.compressWords(key, 0, children, 0, 0, BLOCK_LEN, flags | PARENT, out, outOff, false);
        }
    }

    /** Computes one subtree's chaining value, splitting large subtrees into two parallel halves. */
    private static final class SubtreeTask extends RecursiveAction {
        private final Blake3 owner;
        private final byte[] src;
        private final int off;
        private final int chunks;
        private final long counter;
        private final int[] out;
        private final int outOff;

        SubtreeTask(Blake3 owner, byte[] src, int off, int chunks, long counter, int[] out, int outOff) {
            this.owner = owner;
            this.src = src;
            this.off = off;
            this.chunks = chunks;
            this.counter = counter;
            this.out = out;
            this.outOff = outOff;
        }

        @Override
        protected void compute() {
            if (chunks < 2 * PARALLEL_SPLIT_CHUNKS) {
                owner.subtreeCv(owner.kernels.get(), new int[8 * LEAF_CHUNKS], src, off, chunks, counter, out, outOff);
                return;
            }
            int half = chunks >> 1;
            int[] children = new int[16];
            invokeAll(new SubtreeTask(owner, src, off, half, counter, children, 0),
                    new SubtreeTask(owner, src, off + half * CHUNK_LEN, half, counter + half, children, 8));
            Blake3Compress.compressWords(owner.key, 0, children, 0, 0, BLOCK_LEN, owner.flags | PARENT, out, outOff, false);
        }
    }

    // ---- the root ------------------------------------------------------------------------------------

    /** Folds a copy of the state into the root node; the hasher itself is unchanged. */
    private Output rootOutput() {
        int[] stackCopy = Arrays.copyOf(stack, stack.length);
        int len = stackLen;
        long counter = chunkCounter;
        int lastStart = bufLen == 0 ? 0 : ((bufLen - 1) / CHUNK_LEN) * CHUNK_LEN;
        // Whole chunks in the buffer before the last one: hashed in one call (side by side where the kernel can),
        // then pushed on the copied stack one by one.
        int whole = lastStart / CHUNK_LEN;
        int[] cvs = new int[8 * whole];
        kernel.hashChunks(buf, 0, whole, key, counter, flags, cvs, 0);
        for (int i = 0; i < whole; i++) {
            int target = Long.bitCount(counter);
            while (len > target) {
                int at = 8 * (len - 2);
                Blake3Compress.compressWords(key, 0, stackCopy, at, 0, BLOCK_LEN, flags | PARENT, stackCopy, at, false);
                len--;
            }
            System.arraycopy(cvs, 8 * i, stackCopy, 8 * len, 8);
            len++;
            counter++;
        }
        // The last chunk follows, so everything complete below it can be merged now.
        int target = Long.bitCount(counter);
        while (len > target) {
            int at = 8 * (len - 2);
            Blake3Compress.compressWords(key, 0, stackCopy, at, 0, BLOCK_LEN, flags | PARENT, stackCopy, at, false);
            len--;
        }
        Output output = chunkOutput(buf, lastStart, bufLen - lastStart, counter);
        while (len > 0) {
            len--;
            int[] m = new int[16];
            System.arraycopy(stackCopy, 8 * len, m, 0, 8);
            output.chainingValue(m, 8);
            output = new Output(key, m, 0, BLOCK_LEN, flags | PARENT);
        }
        return output;
    }

    /** The output node of the chunk {@code src[off, off+len)} (0..1024 bytes) with the given counter. */
    private Output chunkOutput(byte[] src, int off, int len, long counter) {
        int[] cv = key.clone();
        int blocks = Math.max(1, (len + BLOCK_LEN - 1) / BLOCK_LEN);
        for (int b = 0; b < blocks - 1; b++) {
            Blake3Compress.compressInPlace(cv, src, off + b * BLOCK_LEN, counter, BLOCK_LEN,
                    flags | (b == 0 ? CHUNK_START : 0));
        }
        int lastLen = len - (blocks - 1) * BLOCK_LEN;
        byte[] block = new byte[BLOCK_LEN];
        System.arraycopy(src, off + (blocks - 1) * BLOCK_LEN, block, 0, lastLen);
        int lastFlags = flags | CHUNK_END | (blocks == 1 ? CHUNK_START : 0);
        return new Output(cv, wordsOf(block), counter, lastLen, lastFlags);
    }

    /** A node not yet compressed: either folded into its parent, or the root that produces the output. */
    private static final class Output {
        private final int[] cv;
        private final int[] block;
        private final long counter;
        private final int blockLen;
        private final int flags;

        Output(int[] cv, int[] block, long counter, int blockLen, int flags) {
            this.cv = cv;
            this.block = block;
            this.counter = counter;
            this.blockLen = blockLen;
            this.flags = flags;
        }

        void chainingValue(int[] out, int outOff) {
            Blake3Compress.compressWords(cv, 0, block, 0, counter, blockLen, flags, out, outOff, false);
        }

        void write(byte[] out, int off, int len) {
            int[] words = new int[16];
            long blockIndex = 0;
            while (len > 0) {
                Blake3Compress.compressWords(cv, 0, block, 0, blockIndex++, blockLen, flags | ROOT, words, 0, true);
                int n = Math.min(len, BLOCK_LEN);
                for (int i = 0; i < n; i++) {
                    out[off + i] = (byte) (words[i >>> 2] >>> (8 * (i & 3)));
                }
                off += n;
                len -= n;
            }
        }
    }

    static int[] wordsOf(byte[] bytes) {
        int[] words = new int[bytes.length / 4];
        for (int i = 0; i < words.length; i++) {
            words[i] = (bytes[4 * i] & 0xFF) | (bytes[4 * i + 1] & 0xFF) << 8
                    | (bytes[4 * i + 2] & 0xFF) << 16 | (bytes[4 * i + 3] & 0xFF) << 24;
        }
        return words;
    }
}
