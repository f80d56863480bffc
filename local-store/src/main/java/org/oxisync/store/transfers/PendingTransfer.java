package org.oxisync.store.transfers;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/** Resume state of an unfinished upload or download of one path. */
public record PendingTransfer(long id, Direction direction, long pairId, String path, String fileHash, long size,
                              Optional<Path> stagingFile, Instant created, Instant updated, List<TransferChunk> chunks) {
    public PendingTransfer {
        chunks = List.copyOf(chunks);
    }

    public List<String> hashesIn(ChunkState state) {
        return chunks.stream().filter(c -> c.state() == state).map(TransferChunk::hash).toList();
    }
}
