package org.oxisync.store.chunks;

import org.oxisync.store.error.StoreException;

/** The chunk store has no chunk with this hash. */
public final class ChunkNotFoundException extends StoreException {
    private final String hash;

    public ChunkNotFoundException(String hash) {
        super("chunk " + hash + " is not in the chunk store");
        this.hash = hash;
    }

    public String hash() {
        return hash;
    }
}
