package org.oxisync.core.transfer;

import org.oxisync.protocol.FileDto;

/**
 * A finished upload: the server's file (its {@code content_hash} equals the digest's file hash) and how many bytes
 * went over the wire versus were already on the server (dedup, delta, chunks uploaded by an earlier attempt).
 */
public record UploadOutcome(FileDto file, long bytesSent, long bytesReused) {}
