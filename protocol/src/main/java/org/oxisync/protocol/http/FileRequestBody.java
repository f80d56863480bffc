package org.oxisync.protocol.http;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import okhttp3.MediaType;
import okhttp3.RequestBody;
import okio.BufferedSink;

/** A file streamed from disk as a request body; fails typed if the file's length changed since it was measured. */
final class FileRequestBody extends RequestBody {
    private final Path file;
    private final long length;
    private final java.util.function.LongConsumer sent;
    /** The most bytes any attempt has written: progress never goes back when a retry starts over. */
    private long highWater;

    FileRequestBody(Path file) throws IOException {
        this(file, n -> { });
    }

    /** {@code sent} hears the bytes written so far (of the attempt that got furthest) as they go out. */
    FileRequestBody(Path file, java.util.function.LongConsumer sent) throws IOException {
        this.file = file;
        this.length = Files.size(file);
        this.sent = sent;
    }

    @Override
    public MediaType contentType() {
        return FrameRequestBody.OCTET;
    }

    @Override
    public long contentLength() {
        return length;
    }

    @Override
    public void writeTo(BufferedSink sink) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        long left = length;
        try (InputStream in = Files.newInputStream(file)) {
            while (left > 0) {
                int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
                if (n < 0) {
                    throw new LocalFileChangedIOException("local file shrank during upload");
                }
                sink.write(buffer, 0, n);
                left -= n;
                long done = length - left;
                if (done > highWater) {
                    highWater = done;
                    sent.accept(done);
                }
            }
            if (in.read() >= 0) {
                throw new LocalFileChangedIOException("local file grew during upload");
            }
        }
    }
}
