package org.oxisync.store.hash;

import java.util.Objects;

/**
 * One content-defined chunk of a file: where it is and its BLAKE3 hash (64 lowercase hex characters).
 */
public record ChunkRef(long offset, int length, String hash) {
    public ChunkRef {
        if (offset < 0 || length < 0) {
            throw new IllegalArgumentException("negative chunk offset or length: " + offset + "/" + length);
        }
        Objects.requireNonNull(hash, "hash");
    }

    /** The {@code offset length hash} line of {@code oxisync inspect chunks}. */
    public String toLine() {
        return offset + " " + length + " " + hash;
    }
}
