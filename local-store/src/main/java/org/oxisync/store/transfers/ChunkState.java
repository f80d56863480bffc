package org.oxisync.store.transfers;

/** Progress of one chunk of a pending transfer. */
public enum ChunkState {
    /** Upload: the server said it lacks this chunk. */
    NEGOTIATED,
    /** Upload: the server acknowledged it. */
    UPLOADED,
    /** Download: its bytes are on disk (in the chunk store, or at an offset of the staging file). */
    STAGED
}
