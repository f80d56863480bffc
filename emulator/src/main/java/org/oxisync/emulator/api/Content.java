package org.oxisync.emulator.api;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.oxisync.emulator.cdc.FastCdc;
import org.oxisync.emulator.hash.Blake3;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.store.Mime;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Tree;

/** Ingest through FastCDC into the chunk store, and reading content back by manifest. */
public final class Content {
    /** What an ingest produced: the whole-file hash and size, the manifest, and the sniffed MIME type. */
    public record Ingested(String hash, long size, Model.Manifest manifest, String mime) {}

    private final Tree tree;
    private final FastCdc cdc = FastCdc.server();
    private final long maxUploadSize;

    public Content(Tree tree, long maxUploadSize) {
        this.tree = tree;
        this.maxUploadSize = maxUploadSize;
    }

    public static String blake3Hex(byte[] buf, int off, int len) {
        return Blake3.hex(buf, off, len);
    }

    /**
     * Streams the input through the server's FastCDC: each chunk is hashed and stored (as a loose
     * orphan until a file row references it), the whole file hashed on the way. 413 above the limit.
     */
    public Ingested ingest(InputStream in, String name) throws IOException {
        Collector c = new Collector();
        cdc.chunk(in, c);
        return c.done(name);
    }

    /**
     * Ingests bytes held in memory (the emulator's own "remote device" operations and the bulk seeding of
     * {@link org.oxisync.emulator.seed.TreeSeeder}): the same chunks, hashes, stored chunks and manifest as
     * {@link #ingest(InputStream, String)} of those bytes, chunked in place. Safe to call from several threads.
     */
    public Ingested ingest(byte[] data, String name) throws IOException {
        Collector c = new Collector();
        cdc.chunk(data, 0, data.length, c);
        return c.done(name);
    }

    /** Hashes and stores each chunk, builds the manifest, hashes the whole file (one ingest). */
    private final class Collector implements FastCdc.ChunkSink {
        private final Blake3 whole = new Blake3();
        private final Model.Manifest m = new Model.Manifest();
        private final byte[] head = new byte[16];
        private int headLen;
        private long size;
        // A file of one chunk (every small file) has the chunk's hash as its own: the whole-file pass starts only
        // when a second chunk arrives, fed first with a copy of the first chunk (hashing the bytes twice was half of
        // the emulator's CPU for small uploads).
        private byte[] firstChunk;

        @Override
        public void accept(long offset, byte[] buf, int off, int len) throws IOException {
            if (size + len > maxUploadSize) {
                throw ApiError.rest(413, "PayloadTooLarge", "File exceeds the maximum upload size");
            }
            if (offset == 0) {
                headLen = Math.min(16, len);
                System.arraycopy(buf, off, head, 0, headLen);
                firstChunk = java.util.Arrays.copyOfRange(buf, off, off + len);
            } else {
                if (firstChunk != null) {
                    whole.update(firstChunk, 0, firstChunk.length);
                    firstChunk = null;
                }
                whole.update(buf, off, len);
            }
            String h = blake3Hex(buf, off, len);
            storeChunk(h, buf, off, len);
            m.chunks.add(new Model.ChunkRef(h, len));
            size += len;
        }

        Ingested done(String name) {
            m.size = size;
            String fileHash = m.chunks.size() == 1 ? m.chunks.get(0).h() : whole.hex();
            return new Ingested(fileHash, size, m, Mime.sniff(head, headLen, name));
        }
    }

    /** Stores a chunk unless present and records it as loose (refreshing its orphan time) when unreferenced. */
    public void storeChunk(String hash, byte[] buf, int off, int len) throws IOException {
        tree.chunks().put(hash, buf, off, len);
        tree.addLoose(hash);
    }

    /** Writes the bytes [start, end) of the content described by the manifest. */
    public void write(Model.Manifest m, long start, long end, OutputStream out) throws IOException {
        long pos = 0;
        byte[] buf = new byte[64 * 1024];
        for (Model.ChunkRef c : m.chunks) {
            long cStart = pos;
            long cEnd = pos + c.s();
            pos = cEnd;
            if (cEnd <= start) {
                continue;
            }
            if (cStart >= end) {
                break;
            }
            try (InputStream in = tree.chunks().open(c.h())) {
                long skip = Math.max(0, start - cStart);
                in.skipNBytes(skip);
                long remaining = Math.min(cEnd, end) - (cStart + skip);
                while (remaining > 0) {
                    int n = in.read(buf, 0, (int) Math.min(buf.length, remaining));
                    if (n < 0) {
                        throw new IOException("chunk " + c.h() + " is shorter than its manifest says");
                    }
                    out.write(buf, 0, n);
                    remaining -= n;
                }
            }
        }
    }

    /** Head bytes for MIME sniffing of content assembled from chunks. */
    public byte[] head(Model.Manifest m) throws IOException {
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        write(m, 0, Math.min(16, m.size), out);
        return out.toByteArray();
    }
}
