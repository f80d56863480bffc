package org.oxisync.store.chunks;

import org.oxisync.store.error.StoreException;

/** Bytes offered under a hash do not hash to it; nothing was stored. */
public final class ChunkHashMismatchException extends StoreException {
    public ChunkHashMismatchException(String expected, String actual) {
        super("chunk content hashes to " + actual + ", not " + expected + "; it was not stored");
    }
}
