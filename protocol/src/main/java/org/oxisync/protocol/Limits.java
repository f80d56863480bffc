package org.oxisync.protocol;

/**
 * Client-side limits (§6.3). {@code putBatchBytes} is the size of one {@code PUT /api/files/delta/chunks} body
 * including the 4-byte frame prefixes (default 16 MiB so requests pass reverse proxies; never above the server's
 * 100 MB {@code CHUNK_MAX_BYTES}). {@code maxJsonBytes} caps any JSON reply against hostile servers.
 */
public record Limits(long putBatchBytes, long downloadBatchBytes, long maxJsonBytes, int deltaRequestsPerMinute) {
    /** One delta frame / chunk (server {@code CDC_MAX_CHUNK}). */
    public static final int MAX_FRAME_BYTES = 1_048_576;
    /** Server default {@code OXICLOUD_CHUNK_MAX_BYTES}: one delta PUT body or one delta download batch. */
    public static final long SERVER_CHUNK_MAX_BYTES = 104_857_600L;
    public static final int MAX_CHECK_BATCH_HASHES = 10_000;
    public static final int MAX_BATCH_IDS = 1_000;
    public static final int MAX_PAGE_SIZE = 200;

    public static final Limits DEFAULT = new Limits(16L << 20, SERVER_CHUNK_MAX_BYTES, 64L << 20, 240);

    public Limits {
        if (putBatchBytes < MAX_FRAME_BYTES + 4L || putBatchBytes > SERVER_CHUNK_MAX_BYTES) {
            throw new IllegalArgumentException("putBatchBytes must be within [1 MiB + 4, 100 MB]");
        }
        if (downloadBatchBytes < MAX_FRAME_BYTES || downloadBatchBytes > SERVER_CHUNK_MAX_BYTES) {
            throw new IllegalArgumentException("downloadBatchBytes must be within [1 MiB, 100 MB]");
        }
        if (maxJsonBytes < 1024 || deltaRequestsPerMinute < 1) {
            throw new IllegalArgumentException("maxJsonBytes >= 1024 and deltaRequestsPerMinute >= 1 required");
        }
    }

    public Limits withPutBatchBytes(long bytes) {
        return new Limits(bytes, downloadBatchBytes, maxJsonBytes, deltaRequestsPerMinute);
    }

    public Limits withMaxJsonBytes(long bytes) {
        return new Limits(putBatchBytes, downloadBatchBytes, bytes, deltaRequestsPerMinute);
    }

    public Limits withDeltaRequestsPerMinute(int perMinute) {
        return new Limits(putBatchBytes, downloadBatchBytes, maxJsonBytes, perMinute);
    }
}
