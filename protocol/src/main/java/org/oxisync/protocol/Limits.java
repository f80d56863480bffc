package org.oxisync.protocol;

/**
 * Client-side limits (§6.3). {@code putBatchBytes} is the size of one {@code PUT /api/files/delta/chunks} body
 * including the 4-byte frame prefixes (default 64 MiB: fewer delta requests against the
 * server's 240-per-user budget; never above the server's
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
    /** Server default {@code max_upload_size} (10 GiB on 64-bit): the declared total of one negotiate or commit. */
    public static final long SERVER_MAX_UPLOAD_BYTES = 10L << 30;
    /**
     * The most chunk refs one {@code negotiate} (or commit) may carry on a default server:
     * {@code max(1024, max_upload_size / CDC_MIN_CHUNK(64 KiB) * 2)} ({@code delta_upload_service.rs:195-211}).
     * Negotiate groups of thousands of chunks are fine; a group must also declare at most
     * {@link #SERVER_MAX_UPLOAD_BYTES} in total.
     */
    public static final int MAX_NEGOTIATE_CHUNKS = (int) Math.max(1024, SERVER_MAX_UPLOAD_BYTES / 65_536 * 2);
    /** The chunk-ref count every server accepts whatever its upload limit ({@code .max(1024)}). */
    public static final int MIN_NEGOTIATE_CHUNKS = 1024;

    public static final Limits DEFAULT = new Limits(64L << 20, SERVER_CHUNK_MAX_BYTES, 64L << 20, 240);

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
