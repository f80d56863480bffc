package org.oxisync.store.transfers;

import java.time.Instant;

/** One chunk's state in a pending transfer; {@code stagedOffset} is null unless staged into a staging file. */
public record TransferChunk(String hash, ChunkState state, Long stagedOffset, Instant updated) {
}
