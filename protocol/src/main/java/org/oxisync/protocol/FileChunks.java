package org.oxisync.protocol;

import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Chunks of one local file for a {@code PUT /api/files/delta/chunks} that carries the chunks of several files
 * ({@link OxiCloudApi#putChunksOfFiles}).
 */
public record FileChunks(Path file, List<ChunkSlice> chunks) {
    public FileChunks {
        Objects.requireNonNull(file, "file");
        chunks = List.copyOf(chunks);
    }

    /** Bytes these chunks take on the wire (length prefixes included). */
    public long frameBytes() {
        long n = 0;
        for (ChunkSlice c : chunks) {
            n += c.frameBytes();
        }
        return n;
    }
}
