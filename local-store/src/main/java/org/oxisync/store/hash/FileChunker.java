package org.oxisync.store.hash;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One read of a file gives its FastCDC chunks (offset, length, BLAKE3) and its whole-file BLAKE3.
 *
 * <p>Pipeline: the calling thread reads 4 MiB segments (plus the unfinished tail of the previous one) and
 * cuts chunks; worker threads (one per core) hash each chunk, and hash the whole-file stream as aligned
 * 1 MiB BLAKE3 subtrees that the calling thread folds in order. Memory is bounded by a few segments
 * ({@value #SEGMENTS} x (4 MiB + max chunk)); a file that fits one segment is done on the calling thread.
 * Results are identical to a single pass (tests check both paths).
 *
 * <p>Segments are created only when needed and their buffers sized to the input: a file is read into an array
 * of its own size (plus any carried tail), a stream starts at {@value #STREAM_START_LEN} bytes and doubles up to
 * the full segment. Allocating the four full segments up front cost 20 MiB per file whatever its size (40 GB for
 * 2,000 small files; bench/README.md, "Hashing and chunking").
 */
public final class FileChunker {
    static final int SEGMENT_LEN = 4 << 20;
    private static final int SEGMENTS = 4;
    /** Whole-file subtree size hashed per task: 1 MiB = 1024 chunks, a power of two dividing SEGMENT_LEN. */
    private static final int SUBTREE_CHUNKS = 1024;
    /** First buffer size for a stream of unknown length. */
    private static final int STREAM_START_LEN = 64 << 10;

    private final FastCdc cdc;
    private final int threads;

    /** A chunker with the given parameters that uses one worker thread per available core for large inputs. */
    public FileChunker(FastCdc.Params params) {
        this(params, Runtime.getRuntime().availableProcessors());
    }

    /** {@code threads = 0} hashes everything on the calling thread. */
    public FileChunker(FastCdc.Params params, int threads) {
        if (threads < 0) {
            throw new IllegalArgumentException("threads must be >= 0");
        }
        this.cdc = new FastCdc(params);
        this.threads = threads;
    }

    /** Chunks (server parameters) and whole-file hash of {@code file}. */
    public static FileDigest digest(Path file) throws IOException {
        return new FileChunker(FastCdc.Params.SERVER).digestFile(file);
    }

    public static FileDigest digest(Path file, FastCdc.Params params) throws IOException {
        return new FileChunker(params).digestFile(file);
    }

    public static FileDigest digest(InputStream in) throws IOException {
        return new FileChunker(FastCdc.Params.SERVER).digestStream(in);
    }

    public static FileDigest digest(InputStream in, FastCdc.Params params) throws IOException {
        return new FileChunker(params).digestStream(in);
    }

    /** Streams the chunks of {@code file} to {@code sink} in order (for huge files); returns the whole-file hash. */
    public static FileSummary digest(Path file, FastCdc.Params params, ChunkSink sink) throws IOException {
        return new FileChunker(params).streamFile(file, sink);
    }

    public static FileSummary digest(InputStream in, FastCdc.Params params, ChunkSink sink) throws IOException {
        return new FileChunker(params).streamStream(in, sink);
    }

    public FileDigest digestFile(Path file) throws IOException {
        List<ChunkRef> chunks = new ArrayList<>();
        FileSummary s = streamFile(file, chunks::add);
        return new FileDigest(chunks, s.fileHash(), s.size());
    }

    public FileDigest digestStream(InputStream in) throws IOException {
        List<ChunkRef> chunks = new ArrayList<>();
        FileSummary s = streamStream(in, chunks::add);
        return new FileDigest(chunks, s.fileHash(), s.size());
    }

    public FileSummary streamFile(Path file, ChunkSink sink) throws IOException {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            Blake3Kernels.expect(2 * ch.size()); // every byte is hashed twice: in its chunk and in the whole file
            return run((b, off, len) -> ch.read(ByteBuffer.wrap(b, off, len)), ch.size(), sink);
        }
    }

    public FileSummary streamStream(InputStream in, ChunkSink sink) throws IOException {
        return run(in::read, -1, sink);
    }

    @FunctionalInterface
    private interface Source {
        /** Like InputStream.read: bytes read, or -1 at end. */
        int read(byte[] b, int off, int len) throws IOException;
    }

    /** A reusable buffer: the previous segment's unfinished tail, then up to SEGMENT_LEN new bytes. */
    private final class Segment {
        /** Grown on demand (see {@link #fillSegment}), at most max chunk + SEGMENT_LEN. */
        byte[] data = new byte[0];
        final AtomicInteger refs = new AtomicInteger();
        final BlockingQueue<Segment> free;
        /** Bytes at the start copied from the previous segment's tail. */
        int carry;
        /** New bytes read after the carry, starting at file offset {@link #freshOffset}. */
        int fresh;
        long freshOffset;
        /** The unfinished tail (after the last final cut) that the next segment starts with. */
        int tailStart;
        int tailLen;

        Segment(BlockingQueue<Segment> free) {
            this.free = free;
        }

        /** Makes the buffer at least {@code len} bytes; only called while no task reads this segment. */
        void ensure(int len) {
            if (data.length < len) {
                data = new byte[len];
            }
        }

        void retain() {
            refs.incrementAndGet();
        }

        void release() {
            if (refs.decrementAndGet() == 0) {
                free.add(this);
            }
        }
    }

    /** {@code sizeHint}: the expected input length, or -1 if unknown. */
    private FileSummary run(Source source, long sizeHint, ChunkSink outerSink) throws IOException {
        ChunkRef[] first = new ChunkRef[1];
        ChunkSink sink = c -> {
            if (first[0] == null) {
                first[0] = c;
            }
            outerSink.accept(c);
        };
        BlockingQueue<Segment> free = new ArrayBlockingQueue<>(SEGMENTS);
        int created = 0;
        int max = cdc.params().max();
        ExecutorService pool = null;
        Blake3 whole = Blake3.newHasher();
        ArrayDeque<CompletableFuture<ChunkRef>> chunks = new ArrayDeque<>();
        ArrayDeque<CompletableFuture<int[]>> subtrees = new ArrayDeque<>();
        long chunkCount = 0;
        long size = 0;
        Segment previous = null; // still holds the tail the next segment starts with
        Segment pendingWhole = null; // full segment whose bytes are not yet in the whole-file hash
        try {
            while (true) {
                Segment seg = free.poll();
                if (seg == null && created < SEGMENTS) {
                    seg = new Segment(free);
                    created++;
                } else if (seg == null) {
                    seg = take(free);
                }
                seg.retain();
                seg.carry = 0;
                int carry = previous == null ? 0 : previous.tailLen;
                seg.ensure(carry + initialFreshLen(sizeHint, size));
                if (previous != null) {
                    System.arraycopy(previous.data, previous.tailStart, seg.data, 0, previous.tailLen);
                    seg.carry = previous.tailLen;
                    previous.release();
                    previous = null;
                }
                int fresh = fillSegment(source, seg);
                seg.fresh = fresh;
                seg.freshOffset = size;
                size += fresh;
                boolean eof = fresh < SEGMENT_LEN;
                if (pool == null && threads > 0 && !eof) {
                    pool = Executors.newFixedThreadPool(threads, FileChunker::daemon);
                }
                // whole-file hash: a full segment followed by more bytes is never the root, hash it in subtrees
                if (pendingWhole != null && fresh > 0) {
                    submitSubtrees(pool, whole, pendingWhole, subtrees);
                    pendingWhole = null;
                }
                // cut: final cuts need max bytes of lookahead, or end of input
                int avail = seg.carry + fresh;
                long base = seg.freshOffset - seg.carry;
                int pos = 0;
                while (avail - pos >= max || (eof && pos < avail)) {
                    int len = cdc.cut(seg.data, pos, avail - pos);
                    chunks.add(submitChunk(pool, seg, pos, len, base + pos));
                    chunkCount++;
                    pos += len;
                }
                seg.tailStart = pos;
                seg.tailLen = avail - pos;
                while (!chunks.isEmpty() && chunks.peekFirst().isDone()) {
                    sink.accept(join(chunks.pollFirst()));
                }
                while (!subtrees.isEmpty() && subtrees.peekFirst().isDone()) {
                    whole.appendSubtree(join(subtrees.pollFirst()), SUBTREE_CHUNKS);
                }
                if (eof) {
                    Segment last = fresh > 0 ? seg : pendingWhole; // the bytes that end the whole-file hash
                    while (!subtrees.isEmpty()) {
                        whole.appendSubtree(join(subtrees.pollFirst()), SUBTREE_CHUNKS);
                    }
                    while (!chunks.isEmpty()) {
                        sink.accept(join(chunks.pollFirst()));
                    }
                    if (chunkCount == 1 && first[0].length() == size) {
                        // one chunk is the whole file: BLAKE3 of the same bytes, so its hash is the file's (most
                        // files are smaller than the minimum chunk: this halves their hashing)
                        return new FileSummary(first[0].hash(), size, 1);
                    }
                    if (last != null) {
                        whole.update(last.data, last.carry, last.fresh);
                    }
                    return new FileSummary(whole.hexDigest(), size, chunkCount);
                }
                seg.retain(); // for the whole-file hash, released when its subtrees are done
                pendingWhole = seg;
                previous = seg;
            }
        } finally {
            if (pool != null) {
                pool.shutdownNow();
            }
        }
    }

    private void submitSubtrees(ExecutorService pool, Blake3 whole, Segment seg,
                                ArrayDeque<CompletableFuture<int[]>> subtrees) {
        AtomicInteger left = new AtomicInteger(SEGMENT_LEN / (SUBTREE_CHUNKS * Blake3.CHUNK_LEN));
        for (int off = 0; off < SEGMENT_LEN; off += SUBTREE_CHUNKS * Blake3.CHUNK_LEN) {
            int start = seg.carry + off;
            long counter = (seg.freshOffset + off) / Blake3.CHUNK_LEN;
            subtrees.add(submit(pool, () -> {
                try {
                    return Blake3Subtrees.chainingValue(whole, seg.data, start, SUBTREE_CHUNKS, counter);
                } finally {
                    if (left.decrementAndGet() == 0) {
                        seg.release();
                    }
                }
            }));
        }
    }

    private static CompletableFuture<ChunkRef> submitChunk(ExecutorService pool, Segment seg, int pos, int len,
                                                           long fileOffset) {
        seg.retain();
        return submit(pool, () -> {
            try {
                return new ChunkRef(fileOffset, len, Blake3.newHasher().update(seg.data, pos, len).hexDigest());
            } finally {
                seg.release();
            }
        });
    }

    private static <T> CompletableFuture<T> submit(ExecutorService pool, java.util.function.Supplier<T> task) {
        if (pool == null) {
            try {
                return CompletableFuture.completedFuture(task.get());
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }
        return CompletableFuture.supplyAsync(task, pool);
    }

    private static <T> T join(CompletableFuture<T> f) throws IOException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while chunking");
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof UncheckedIOException u) {
                throw u.getCause();
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IOException(cause);
        }
    }

    private static Thread daemon(Runnable r) {
        Thread t = new Thread(r, "oxisync-chunker");
        t.setDaemon(true);
        return t;
    }

    private static Segment take(BlockingQueue<Segment> free) throws IOException {
        try {
            return free.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("interrupted while chunking");
        }
    }

    /** Bytes to make room for first after the carry: the expected rest of a file, or a start size for a stream. */
    private static int initialFreshLen(long sizeHint, long consumed) {
        long expected = sizeHint < 0 ? STREAM_START_LEN : sizeHint - consumed;
        return (int) Math.max(0, Math.min(SEGMENT_LEN, expected));
    }

    /**
     * Reads up to SEGMENT_LEN bytes after the segment's carry, until end of input; returns the count. The buffer
     * grows (doubling, up to carry + SEGMENT_LEN) only when it is full and one more byte shows the input goes on,
     * so a file whose size was known fills an exact-size array.
     */
    private static int fillSegment(Source source, Segment seg) throws IOException {
        int off = seg.carry;
        int total = 0;
        byte[] probe = null;
        while (total < SEGMENT_LEN) {
            int room = Math.min(SEGMENT_LEN - total, seg.data.length - off - total);
            if (room == 0) {
                if (probe == null) {
                    probe = new byte[1];
                }
                int n = source.read(probe, 0, 1);
                if (n < 0) {
                    break;
                }
                if (n == 0) {
                    continue;
                }
                int want = (int) Math.min((long) off + SEGMENT_LEN, Math.max(2L * seg.data.length, off + total + 1L));
                seg.data = Arrays.copyOf(seg.data, want);
                seg.data[off + total] = probe[0];
                total++;
                continue;
            }
            int n = source.read(seg.data, off + total, room);
            if (n < 0) {
                break;
            }
            total += n;
        }
        return total;
    }
}
