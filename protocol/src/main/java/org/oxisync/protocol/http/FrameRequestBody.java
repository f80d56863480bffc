package org.oxisync.protocol.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import okhttp3.MediaType;
import okhttp3.RequestBody;
import okio.BufferedSink;
import org.oxisync.protocol.ChunkSlice;

/**
 * The body of {@code PUT /api/files/delta/chunks}: {@code [u32 BE length][bytes]} per chunk, read from the local
 * file at send time, so memory stays flat whatever the batch size. Replayable for retries.
 *
 * <p>Bytes are read with positional reads into one direct buffer of {@value #BUFFER_BYTES} bytes (a whole typical
 * chunk per read; no copy through a heap array) and written from it straight into the sink's segments.
 */
final class FrameRequestBody extends RequestBody {
    static final MediaType OCTET = MediaType.get("application/octet-stream");
    static final int BUFFER_BYTES = 256 * 1024;
    private final Path file;
    private final List<ChunkSlice> chunks;
    private final long length;

    /** Hears the chunk bytes written so far in this attempt (a retry starts again from 0). */
    private final java.util.function.LongConsumer written;

    FrameRequestBody(Path file, List<ChunkSlice> chunks) {
        this(file, chunks, n -> { });
    }

    FrameRequestBody(Path file, List<ChunkSlice> chunks, java.util.function.LongConsumer written) {
        this.written = written;
        this.file = file;
        this.chunks = List.copyOf(chunks);
        this.length = chunks.stream().mapToLong(ChunkSlice::frameBytes).sum();
    }

    @Override
    public MediaType contentType() {
        return OCTET;
    }

    @Override
    public long contentLength() {
        return length;
    }

    @Override
    public void writeTo(BufferedSink sink) throws IOException {
        writeFrames(sink, ByteBuffer.allocateDirect(BUFFER_BYTES), file, chunks, written);
    }

    /** Writes {@code chunks} of {@code file} as frames into {@code sink} through {@code buffer}. */
    static void writeFrames(BufferedSink sink, ByteBuffer buffer, Path file, List<ChunkSlice> chunks)
            throws IOException {
        writeFrames(sink, buffer, file, chunks, n -> { });
    }

    /** As {@link #writeFrames(BufferedSink, ByteBuffer, Path, List)}; {@code written} hears the chunk bytes so far. */
    static void writeFrames(BufferedSink sink, ByteBuffer buffer, Path file, List<ChunkSlice> chunks,
                            java.util.function.LongConsumer written) throws IOException {
        long total = 0;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            for (ChunkSlice chunk : chunks) {
                sink.writeInt(chunk.length());
                long position = chunk.offset();
                long left = chunk.length();
                while (left > 0) {
                    buffer.clear().limit((int) Math.min(buffer.capacity(), left));
                    int n = channel.read(buffer, position);
                    if (n < 0) {
                        throw new LocalFileChangedIOException("local file ended before chunk at offset "
                                + chunk.offset() + " (" + chunk.length() + " bytes)");
                    }
                    buffer.flip();
                    while (buffer.hasRemaining()) {
                        sink.write(buffer);
                    }
                    position += n;
                    left -= n;
                    total += n;
                    written.accept(total);
                }
            }
        }
    }
}
