package org.oxisync.store.chunks;

/** What a garbage collection removed. */
public record GcReport(int manifestsRemoved, int localLocationsRemoved, int chunkFilesRemoved, long bytesFreed,
                       int chunkRowsRemoved) {
}
