package org.oxisync.store.hash;

import java.io.IOException;
import java.io.InputStream;

/**
 * FastCDC over a stream with bounded memory ({@code 2 x max} bytes): a cut is taken only when {@code max}
 * bytes after the chunk start are buffered, or at end of input, so the cuts equal the one-pass cuts of
 * {@link FastCdc#chunkLengths(byte[])}. For chunks plus hashes use {@link FileChunker}.
 */
public final class FastCdcStream {

    /** Receives each chunk; {@code buf[off, off+len)} is valid only during the call. */
    @FunctionalInterface
    public interface Consumer {
        void accept(long offset, byte[] buf, int off, int len) throws IOException;
    }

    private final FastCdc cdc;

    public FastCdcStream(FastCdc.Params params) {
        this.cdc = new FastCdc(params);
    }

    /** Reads {@code in} to the end and hands every chunk, in order, to {@code consumer}; returns the byte count. */
    public long forEachChunk(InputStream in, Consumer consumer) throws IOException {
        int max = cdc.params().max();
        byte[] buf = new byte[2 * max];
        int avail = 0;
        long offset = 0;
        boolean eof = false;
        while (true) {
            while (!eof && avail < buf.length) {
                int n = in.read(buf, avail, buf.length - avail);
                if (n < 0) {
                    eof = true;
                } else {
                    avail += n;
                }
            }
            int pos = 0;
            while (avail - pos >= max || (eof && pos < avail)) {
                int len = cdc.cut(buf, pos, avail - pos);
                consumer.accept(offset, buf, pos, len);
                offset += len;
                pos += len;
            }
            if (eof) {
                return offset;
            }
            System.arraycopy(buf, pos, buf, 0, avail - pos);
            avail -= pos;
        }
    }
}
