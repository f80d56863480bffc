package org.oxisync.core.transfer;

import org.oxisync.protocol.Limits;

/**
 * Tunables of uploads and downloads.
 *
 * @param deltaThresholdBytes new files of at least this size go by delta (smaller ones by by-hash or multipart); downloads
 *                            of at least this size stage their chunks in the chunk store so a killed download resumes
 * @param negotiateEvery      distinct new chunks per {@code negotiate} request (the web client's 256)
 * @param maxCommitRetries    {@code still_missing} rounds after the first commit (the web client's 2)
 * @param putBatchBytes       budget of one drained PUT batch, frame prefixes included; keep it equal to the api's
 *                            {@link Limits#putBatchBytes()} (the api splits larger batches again)
 */
public record TransferOptions(long deltaThresholdBytes, int negotiateEvery, int maxCommitRetries, long putBatchBytes) {
    public static final long DEFAULT_DELTA_THRESHOLD = 8L << 20;

    public TransferOptions {
        if (deltaThresholdBytes < 0 || negotiateEvery < 1 || maxCommitRetries < 0) {
            throw new IllegalArgumentException("deltaThresholdBytes >= 0, negotiateEvery >= 1, maxCommitRetries >= 0");
        }
        if (putBatchBytes < Limits.MAX_FRAME_BYTES + 4L) {
            throw new IllegalArgumentException("a PUT batch must hold at least one maximal frame");
        }
    }

    public TransferOptions(long deltaThresholdBytes, int negotiateEvery, int maxCommitRetries) {
        this(deltaThresholdBytes, negotiateEvery, maxCommitRetries, Limits.DEFAULT.putBatchBytes());
    }

    public static TransferOptions defaults() {
        return new TransferOptions(DEFAULT_DELTA_THRESHOLD, 256, 2);
    }

    public TransferOptions withDeltaThreshold(long bytes) {
        return new TransferOptions(bytes, negotiateEvery, maxCommitRetries, putBatchBytes);
    }

    public TransferOptions withPutBatchBytes(long bytes) {
        return new TransferOptions(deltaThresholdBytes, negotiateEvery, maxCommitRetries, bytes);
    }

    public TransferOptions withNegotiateEvery(int chunks) {
        return new TransferOptions(deltaThresholdBytes, chunks, maxCommitRetries, putBatchBytes);
    }
}
