package org.oxisync.store.hash;

import java.util.List;
import java.util.Objects;

/**
 * A file's chunks (in order, covering it exactly) and its whole-file BLAKE3 hash (not derived from the
 * chunk hashes: BLAKE3 over the full byte stream, as the server computes it).
 */
public record FileDigest(List<ChunkRef> chunks, String fileHash, long size) {
    public FileDigest {
        chunks = List.copyOf(chunks);
        Objects.requireNonNull(fileHash, "fileHash");
    }
}
