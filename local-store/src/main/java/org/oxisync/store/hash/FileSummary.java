package org.oxisync.store.hash;

/** What {@link FileChunker} returns when chunks were streamed to a {@link ChunkSink} instead of collected. */
public record FileSummary(String fileHash, long size, long chunkCount) {}
