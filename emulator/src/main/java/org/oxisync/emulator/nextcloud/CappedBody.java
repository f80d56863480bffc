package org.oxisync.emulator.nextcloud;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.oxisync.emulator.http.ApiError;

/**
 * A request body cut off with a 413 once it passes a cap, counted as the bytes stream in, as 0.8.7 does for a plain
 * PUT (OXICLOUD_DIRECT_PUT_MAX_BYTES: upload_ingest.rs:136-158, the message at :234-241) and for one chunk of a
 * chunked upload (OXICLOUD_CHUNK_MAX_BYTES: :476-497).
 */
final class CappedBody extends FilterInputStream {
    private final long max;
    private final String tooLarge;
    private long seen;

    private CappedBody(InputStream in, long max, String tooLarge) {
        super(in);
        this.max = max;
        this.tooLarge = tooLarge;
    }

    static CappedBody directPut(InputStream in, long max) {
        return new CappedBody(in, max, "Upload body exceeds the direct-PUT cap (" + max + " bytes). "
                + "Use the chunked-upload protocol (REST: `/api/uploads/...`, NextCloud: `/remote.php/dav/uploads/...`) "
                + "for files larger than this. Chunked uploads are resumable on transient failure.");
    }

    static CappedBody chunk(InputStream in, long max) {
        return new CappedBody(in, max, "Chunk exceeds maximum size of " + max + " bytes");
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            count(1);
        }
        return b;
    }

    @Override
    public int read(byte[] buf, int off, int len) throws IOException {
        int n = super.read(buf, off, len);
        if (n > 0) {
            count(n);
        }
        return n;
    }

    private void count(int n) {
        seen += n;
        if (seen > max) {
            throw ApiError.rest(413, "PayloadTooLarge", tooLarge);
        }
    }
}
