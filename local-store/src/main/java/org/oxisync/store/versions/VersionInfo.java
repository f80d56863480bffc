package org.oxisync.store.versions;

import java.time.Instant;

/** One saved version of a file: which pair and path it was, its content hash and size, and when it was saved. */
public record VersionInfo(long id, long pairId, String path, String fileHash, long size, Instant time) {
}
