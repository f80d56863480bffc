package org.oxisync.core.transfer;

import java.util.ArrayList;
import java.util.List;
import org.oxisync.store.LocalStore;
import org.oxisync.store.chunks.ChunkStore;

/**
 * Keeps downloaded chunks of a large download in the chunk store, marked staged on its pending transfer, so a
 * killed or failed download continues from them. Chunks are written to a store batch and made durable together
 * every {@link #FLUSH_BYTES} (one directory fsync round, one database transaction), and on {@link #flush()}.
 */
final class ChunkStaging {
    static final long FLUSH_BYTES = 8L << 20;

    private final LocalStore store;
    private final long transferId;
    private ChunkStore.Batch batch;
    private final List<String> hashes = new ArrayList<>();
    private long bytes;

    ChunkStaging(LocalStore store, long transferId) {
        this.store = store;
        this.transferId = transferId;
    }

    /** {@code data} was verified against {@code hash} by the caller; the store checks it again. */
    void add(String hash, byte[] data, int length) {
        if (batch == null) {
            batch = store.chunkStore().batch();
        }
        batch.put(hash, data, 0, length);
        hashes.add(hash);
        bytes += length;
        if (bytes >= FLUSH_BYTES) {
            flush();
        }
    }

    /** Makes the chunks added so far durable and records them staged. */
    void flush() {
        if (batch == null) {
            return;
        }
        try (ChunkStore.Batch b = batch) {
            b.commit();
        } finally {
            batch = null;
        }
        List<String> done = List.copyOf(hashes);
        hashes.clear();
        bytes = 0;
        store.inTransaction(() -> done.forEach(h -> store.transfers().markStaged(transferId, h)));
    }

    /** Drops chunks not yet flushed (their temp files). */
    void discard() {
        if (batch != null) {
            batch.close();
            batch = null;
        }
        hashes.clear();
        bytes = 0;
    }
}
