package org.oxisync.emulator.nextcloud;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.oxisync.emulator.http.ApiError;

/**
 * A plain PUT's body, cut off with a 413 once it passes OXICLOUD_DIRECT_PUT_MAX_BYTES: ingest_stream_to_cas counts
 * the bytes as they stream in and fails past the cap (upload_ingest.rs:136-158, the message at :234-241).
 */
final class CappedBody extends FilterInputStream {
    private final long max;
    private long seen;

    CappedBody(InputStream in, long max) {
        super(in);
        this.max = max;
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
            throw ApiError.rest(413, "PayloadTooLarge", "Upload body exceeds the direct-PUT cap (" + max + " bytes). "
                    + "Use the chunked-upload protocol (REST: `/api/uploads/...`, NextCloud: `/remote.php/dav/uploads/...`) "
                    + "for files larger than this. Chunked uploads are resumable on transient failure.");
        }
    }
}
