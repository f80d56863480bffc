package org.oxisync.protocol.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import okhttp3.MediaType;
import okhttp3.RequestBody;
import okio.BufferedSink;
import org.oxisync.protocol.FileChunks;

/**
 * A {@code PUT /api/files/delta/chunks} body with the chunks of several files, file after file, each read at send
 * time as {@link FrameRequestBody} reads one file. Replayable for retries.
 */
final class FilesFrameRequestBody extends RequestBody {
    private final List<FileChunks> files;
    private final long length;

    FilesFrameRequestBody(List<FileChunks> files) {
        this.files = List.copyOf(files);
        this.length = files.stream().mapToLong(FileChunks::frameBytes).sum();
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
        ByteBuffer buffer = ByteBuffer.allocateDirect(FrameRequestBody.BUFFER_BYTES);
        for (FileChunks f : files) {
            FrameRequestBody.writeFrames(sink, buffer, f.file(), f.chunks());
        }
    }
}
