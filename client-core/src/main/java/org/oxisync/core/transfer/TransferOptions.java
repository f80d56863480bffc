package org.oxisync.core.transfer;

import java.time.Duration;
import java.util.Objects;
import org.oxisync.protocol.Limits;

/**
 * Tunables of uploads and downloads. The defaults spend as little as possible of the server's delta budget (240
 * requests per user, reset only after 60 s without any delta request: audit #1).
 *
 * @param deltaThresholdBytes new files of at least this size go by delta (smaller ones by by-hash or multipart);
 *                            updates below it PUT their chunks without a {@code negotiate}; downloads below it (and
 *                            downloads of which nothing is held locally) use the plain, non-limited {@code GET}
 * @param negotiateEvery      distinct new chunks per {@code negotiate} request. The server accepts as many chunks
 *                            per request as a whole file may have ({@code delta_upload_service.rs}
 *                            {@code max_chunk_count}: max_upload_size / 64 KiB x 2, at least 1024), so any group of
 *                            a committable file passes; groups only keep negotiation and PUTs overlapping
 * @param maxCommitRetries    {@code still_missing} rounds with a re-PUT after the first commit
 * @param putBatchBytes       budget of one drained PUT batch, frame prefixes included (at most the server's 100 MB
 *                            {@code CHUNK_MAX_BYTES}); the api splits batches above its own
 *                            {@link Limits#putBatchBytes()} again
 * @param commitRetryDelay    wait before repeating a commit whose {@code still_missing} names chunks this upload has
 *                            just PUT: a concurrent commit may hold them for a moment (audit #12)
 * @param earlySendBytes      files of at least this size (and of the delta threshold) are sent while the scan hashes
 *                            them ({@link EarlySendingDigester}); {@link #EARLY_SEND_OFF} by default
 */
public record TransferOptions(long deltaThresholdBytes, int negotiateEvery, int maxCommitRetries, long putBatchBytes,
                              Duration commitRetryDelay, long earlySendBytes) {
    public static final long DEFAULT_DELTA_THRESHOLD = 8L << 20;
    /** A few thousand chunks (about 1 GiB of average 256 KiB chunks) per negotiate: a 4 GiB file takes 4. */
    public static final int DEFAULT_NEGOTIATE_EVERY = 4096;
    /** 64 MiB PUT bodies: a 4 GiB file takes 64 PUTs instead of 256. */
    public static final long DEFAULT_PUT_BATCH_BYTES = 64L << 20;
    public static final Duration DEFAULT_COMMIT_RETRY_DELAY = Duration.ofMillis(300);

    /**
     * {@link #earlySendBytes()} that sends nothing while hashing, the default of these options and of a server on this
     * machine ({@link EarlySendPolicy}; a server elsewhere gets {@link EarlySendingDigester#MIN_BYTES}): measured on loopback (bench/README.md,
     * "The upload pipeline on its own" and "Large files on loopback") the overlap made a 1 GiB upload slower: with the
     * server on the same 2 cores, PUTs and hashing compete for CPU, and the first negotiate waits for the hashing
     * child's start (no stalled connection: the request log shows each request's time). Overlap should pay where
     * sending waits on a link, not on the CPU. {@code -Doxisync.upload.earlySendBytes=67108864} turns it on
     * ({@link EarlySendingDigester#MIN_BYTES}).
     */
    public static final long EARLY_SEND_OFF = Long.MAX_VALUE;

    /** The five-tunable form: nothing is sent while hashing ({@link #EARLY_SEND_OFF}). */
    public TransferOptions(long deltaThresholdBytes, int negotiateEvery, int maxCommitRetries, long putBatchBytes,
                           Duration commitRetryDelay) {
        this(deltaThresholdBytes, negotiateEvery, maxCommitRetries, putBatchBytes, commitRetryDelay, EARLY_SEND_OFF);
    }

    public TransferOptions {
        if (deltaThresholdBytes < 0 || negotiateEvery < 1 || maxCommitRetries < 0) {
            throw new IllegalArgumentException("deltaThresholdBytes >= 0, negotiateEvery >= 1, maxCommitRetries >= 0");
        }
        if (putBatchBytes < Limits.MAX_FRAME_BYTES + 4L || putBatchBytes > Limits.SERVER_CHUNK_MAX_BYTES) {
            throw new IllegalArgumentException("a PUT batch must hold at least one maximal frame and at most 100 MB");
        }
        Objects.requireNonNull(commitRetryDelay, "commitRetryDelay");
        if (commitRetryDelay.isNegative()) {
            throw new IllegalArgumentException("commitRetryDelay must not be negative");
        }
        if (earlySendBytes < 1) {
            throw new IllegalArgumentException("earlySendBytes must be positive");
        }
    }

    public TransferOptions(long deltaThresholdBytes, int negotiateEvery, int maxCommitRetries, long putBatchBytes) {
        this(deltaThresholdBytes, negotiateEvery, maxCommitRetries, putBatchBytes, DEFAULT_COMMIT_RETRY_DELAY);
    }

    public TransferOptions(long deltaThresholdBytes, int negotiateEvery, int maxCommitRetries) {
        this(deltaThresholdBytes, negotiateEvery, maxCommitRetries, DEFAULT_PUT_BATCH_BYTES);
    }

    public static TransferOptions defaults() {
        return new TransferOptions(DEFAULT_DELTA_THRESHOLD, DEFAULT_NEGOTIATE_EVERY, 2);
    }

    public TransferOptions withDeltaThreshold(long bytes) {
        return new TransferOptions(bytes, negotiateEvery, maxCommitRetries, putBatchBytes, commitRetryDelay,
                earlySendBytes);
    }

    public TransferOptions withPutBatchBytes(long bytes) {
        return new TransferOptions(deltaThresholdBytes, negotiateEvery, maxCommitRetries, bytes, commitRetryDelay,
                earlySendBytes);
    }

    public TransferOptions withNegotiateEvery(int chunks) {
        return new TransferOptions(deltaThresholdBytes, chunks, maxCommitRetries, putBatchBytes, commitRetryDelay,
                earlySendBytes);
    }

    /** Files of at least {@code bytes} (and of the delta threshold) are sent while the scan hashes them. */
    public TransferOptions withEarlySendBytes(long bytes) {
        return new TransferOptions(deltaThresholdBytes, negotiateEvery, maxCommitRetries, putBatchBytes, commitRetryDelay,
                bytes);
    }

    public TransferOptions withCommitRetryDelay(Duration delay) {
        return new TransferOptions(deltaThresholdBytes, negotiateEvery, maxCommitRetries, putBatchBytes, delay,
                earlySendBytes);
    }
}
