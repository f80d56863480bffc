package org.oxisync.store.chunks;

import java.nio.file.Path;

/** A place a chunk's bytes can be read from right now. */
public sealed interface ChunkLocation {
    String hash();

    long size();

    /** In the chunk store: {@link ChunkStore#read(String)}. */
    record InStore(String hash, long size) implements ChunkLocation {
    }

    /** At {@code offset} of the staging file of a pending download. */
    record Staged(String hash, long size, long transferId, Path stagingFile, long offset) implements ChunkLocation {
    }

    /**
     * At {@code offset} of a synced local file whose journal entry (size, mtime, file key) still matches what it
     * was when the chunk was recorded; {@code file} is the pair's local root resolved with {@code path}.
     */
    record LocalFile(String hash, long size, long pairId, String path, Path file, long offset) implements ChunkLocation {
    }
}
