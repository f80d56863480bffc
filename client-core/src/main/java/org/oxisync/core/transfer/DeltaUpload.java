package org.oxisync.core.transfer;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;
import org.oxisync.protocol.ChunkRefDto;
import org.oxisync.protocol.ChunkSlice;
import org.oxisync.protocol.CommitDto;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.Limits;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.Sleeper;
import org.oxisync.store.LocalStore;
import org.oxisync.store.hash.ChunkRef;
import org.oxisync.store.hash.FileDigest;
import org.oxisync.store.transfers.ChunkState;
import org.oxisync.store.transfers.PendingTransfer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One delta upload (§6.2, §6.4): the distinct chunks are negotiated in groups of {@code negotiateEvery} (one
 * negotiation at a time, on the calling thread), the missing ones go through the cursor-clear queue of
 * {@link PutLanes} into PUT batches of {@code putBatchBytes} (read from the file at send time; the api checks the
 * echoed hashes), then one commit with up to {@code maxCommitRetries} {@code still_missing} rounds.
 *
 * <p>Delta budget (audit #1): an update below {@code deltaThresholdBytes} skips {@code negotiate} and PUTs its
 * chunks directly (a PUT of a chunk the server has is harmless): PUT + commit, plus the {@link RemoteCheck}s.
 *
 * <p>{@code still_missing} (audit #12, #4): when it names chunks this upload has PUT, a concurrent commit may hold
 * them (a loose chunk is pinnable only while nobody references it), so the commit is first repeated after
 * {@code commitRetryDelay}; only then are the chunks PUT again. When a re-PUT round answers the same chunks again,
 * the server will never let this user claim them (another user's file references them): a create gives up with
 * {@code StillMissing} (the Uploader falls back to multipart); an update uploads the content by multipart under a
 * temporary name in the same folder (the ingest makes every chunk the caller's), commits the update with the same
 * {@code file_hash} (the server's fast path for content the caller owns) and deletes the temporary file.
 *
 * <p>Overlap: {@value #PUT_LANES} PUT lanes, each on its own connection, send batches while the next group is
 * negotiated, so one lane reads and sends while the other waits for the server to hash what it received (the
 * server checks every chunk's BLAKE3 before it answers). Negotiation runs at most two groups ahead of the PUTs.
 *
 * <p>Resume: the transfer is recorded in the store ({@code beginUpload} returns the pending one when the same
 * content is retried); chunks are marked negotiated before they are queued and uploaded after their PUT, and chunks
 * marked uploaded are not negotiated or sent again. The server keeps such loose chunks for an hour; if they were
 * collected meanwhile, the commit's {@code still_missing} brings them back.
 *
 * <p>Before the commit the local file must still have the scanned size and mtime, and for an update the remote
 * file must still have the content the journal agreed on ({@link RemoteCheck}).
 */
final class DeltaUpload {
    private static final Logger LOG = LoggerFactory.getLogger(DeltaUpload.class);
    /** Concurrent PUTs of one file: two keep the server's hashing busy on both cores of a small machine. */
    static final int PUT_LANES = 2;
    /** Name prefix of the temporary remote file of an update's multipart fallback (the scanner's own-temp prefix). */
    static final String TEMP_PREFIX = ".oxisync-";

    private final OxiCloudApi api;
    private final LocalStore store;
    private final TransferOptions options;
    private final UploadRequest req;
    private final LocalFileState expected;
    private final ProgressSink progress;
    private final int lanes;
    private final Sleeper sleeper;
    /** What the scan sent of this content while hashing it ({@link EarlySendingDigester}). */
    private final EarlyChunks.Sent early;
    private final Set<String> putByUs = ConcurrentHashMap.newKeySet();
    private final Map<String, ChunkRef> firstOccurrence = new LinkedHashMap<>();
    private final Object counters = new Object();
    private long sent;
    private long reused;
    /**
     * The bytes of each PUT batch under way that have gone out, so that the progress moves while a batch is sent (one
     * batch may hold a whole file of 64 MiB), not only when the server acknowledges it. Guarded by the counters.
     */
    private final java.util.Map<Object, Long> inFlight = new java.util.IdentityHashMap<>();
    private long transferId;

    DeltaUpload(OxiCloudApi api, LocalStore store, TransferOptions options, UploadRequest req, LocalFileState expected,
                ProgressSink progress, Sleeper sleeper) {
        this(api, store, options, req, expected, progress, PUT_LANES, sleeper, EarlyChunks.Sent.NONE);
    }

    DeltaUpload(OxiCloudApi api, LocalStore store, TransferOptions options, UploadRequest req, LocalFileState expected,
                ProgressSink progress, Sleeper sleeper, EarlyChunks.Sent early) {
        this(api, store, options, req, expected, progress, PUT_LANES, sleeper, early);
    }

    DeltaUpload(OxiCloudApi api, LocalStore store, TransferOptions options, UploadRequest req, LocalFileState expected,
                ProgressSink progress, int lanes, Sleeper sleeper) {
        this(api, store, options, req, expected, progress, lanes, sleeper, EarlyChunks.Sent.NONE);
    }

    DeltaUpload(OxiCloudApi api, LocalStore store, TransferOptions options, UploadRequest req, LocalFileState expected,
                ProgressSink progress, int lanes, Sleeper sleeper, EarlyChunks.Sent early) {
        this.early = early;
        this.api = api;
        this.store = store;
        this.options = options;
        this.req = req;
        this.expected = expected;
        this.progress = progress;
        this.lanes = lanes;
        this.sleeper = sleeper;
    }

    /** Updates below the delta threshold PUT every chunk without asking: one request fewer than negotiating. */
    private boolean direct() {
        return req.isUpdate() && req.digest().size() < options.deltaThresholdBytes();
    }

    UploadOutcome run() throws TransferException {
        FileDigest digest = req.digest();
        checkChunking(digest);
        PendingTransfer pending = store.transfers().beginUpload(req.pairId(), req.path(), digest);
        transferId = pending.id();
        Set<String> uploadedBefore = new HashSet<>(pending.hashesIn(ChunkState.UPLOADED));
        recordEarly(uploadedBefore);
        try (PutLanes puts = new PutLanes(lanes, options.putBatchBytes(), this::put, progress::stopRequested, req.path())) {
            boolean direct = direct();
            List<ChunkRef> group = new ArrayList<>();
            for (ChunkRef c : digest.chunks()) {
                if (firstOccurrence.putIfAbsent(c.hash(), c) != null || uploadedBefore.contains(c.hash())) {
                    addReused(c.length()); // repeated within the file, or sent by an earlier attempt
                    continue;
                }
                if (early.put().contains(c.hash())) {
                    putByUs.add(c.hash()); // sent while the scan hashed the file
                    synchronized (counters) {
                        sent += c.length();
                    }
                    continue;
                }
                if (early.present().contains(c.hash())) {
                    addReused(c.length()); // the server had it when the scan negotiated it; the commit pins it
                    continue;
                }
                if (direct) {
                    puts.offer(new ChunkSlice(c.hash(), c.offset(), c.length()));
                    continue;
                }
                group.add(c);
                if (group.size() >= options.negotiateEvery()) {
                    progress.stopIfRequested(req.path());
                    puts.awaitRoom(2 * options.negotiateEvery());
                    negotiate(group, puts);
                    group = new ArrayList<>();
                }
            }
            if (!group.isEmpty()) {
                negotiate(group, puts);
            }
            puts.awaitDrained();
            report();
            FileDto file = commit(digest, puts);
            if (!digest.fileHash().equals(file.contentHash())) {
                throw new OxiCloudException.ProtocolViolation("commit answered content " + file.contentHash()
                        + " for " + digest.fileHash());
            }
            store.transfers().finish(transferId);
            synchronized (counters) {
                return new UploadOutcome(file, sent, reused, req.isUpdate() ? null : req.name());
            }
        } catch (TransferException.FileChangedWhileReading | TransferException.RemoteChanged e) {
            store.transfers().abandon(transferId); // this content will not be committed as it is
            throw e;
        }
    }

    /**
     * The chunks sent while the scan hashed this content become part of the resumable transfer (a run that stops
     * before the commit does not send them again); chunks an earlier attempt sent already count as that attempt's.
     */
    private void recordEarly(Set<String> uploadedBefore) {
        List<String> fresh = early.put().stream().filter(h -> !uploadedBefore.contains(h)).toList();
        if (!fresh.isEmpty()) {
            store.transfers().markNegotiated(transferId, fresh);
            store.transfers().markUploaded(transferId, fresh);
        }
        uploadedBefore.removeAll(early.put()); // counted as sent by this run, below
    }

    private static void checkChunking(FileDigest digest) {
        long next = 0;
        for (ChunkRef c : digest.chunks()) {
            if (c.offset() != next || c.length() < 1 || c.length() > Limits.MAX_FRAME_BYTES) {
                throw new IllegalArgumentException("the digest is not a contiguous chunking of 1 B..1 MiB chunks");
            }
            next += c.length();
        }
        if (next != digest.size() || digest.chunks().isEmpty()) {
            throw new IllegalArgumentException("the digest's chunks do not cover its " + digest.size() + " bytes");
        }
    }

    private void negotiate(List<ChunkRef> group, PutLanes puts) {
        List<String> missing = api.negotiate(group.stream().map(c -> new ChunkRefDto(c.hash(), c.length())).toList());
        Set<String> need = new HashSet<>(missing);
        Set<String> asked = new HashSet<>();
        long skipped = 0;
        for (ChunkRef c : group) {
            asked.add(c.hash());
            if (!need.contains(c.hash())) {
                skipped += c.length();
            }
        }
        if (!asked.containsAll(need)) {
            throw new OxiCloudException.ProtocolViolation("negotiate asked for chunks that were not offered");
        }
        if (!missing.isEmpty()) {
            store.transfers().markNegotiated(transferId, need); // before a lane can mark them uploaded
        }
        for (ChunkRef c : group) {
            if (need.contains(c.hash())) {
                puts.offer(new ChunkSlice(c.hash(), c.offset(), c.length()));
            }
        }
        addReused(skipped);
        report();
    }

    /** One PUT batch, on a lane thread. */
    private void put(List<ChunkSlice> batch) throws TransferException {
        Object lane = new Object(); // this batch's bytes on the wire, counted until the server acknowledges them
        try {
            api.putChunks(req.file(), batch, n -> {
                synchronized (counters) {
                    inFlight.put(lane, n);
                }
                report();
            });
        } catch (OxiCloudException.IntegrityMismatch | OxiCloudException.LocalFileChanged e) {
            throw new TransferException.FileChangedWhileReading(req.path() + " changed while it was uploaded", e);
        } catch (OxiCloudException e) {
            // a file that vanished or was rewritten during the PUT surfaces as a network failure: say what it was
            expected.requireUnchanged(req.file());
            throw e;
        }
        List<String> hashes = new ArrayList<>(batch.size());
        long bytes = 0;
        for (ChunkSlice s : batch) {
            hashes.add(s.hash());
            bytes += s.length();
        }
        putByUs.addAll(hashes);
        store.transfers().markUploaded(transferId, hashes);
        synchronized (counters) {
            inFlight.remove(lane);
            sent += bytes;
        }
        report();
    }

    private FileDto commit(FileDigest digest, PutLanes puts) throws TransferException {
        List<ChunkRefDto> refs = digest.chunks().stream().map(c -> new ChunkRefDto(c.hash(), c.length())).toList();
        CommitDto dto = req.isUpdate() ? CommitDto.update(digest.fileHash(), refs, req.remoteFileId())
                : CommitDto.create(digest.fileHash(), refs, req.name(), req.parentFolderId());
        expected.requireUnchanged(req.file());
        if (req.isUpdate()) {
            RemoteCheck.requireUnchanged(api, req); // the check before the commit (the one after it is the Uploader's)
        }
        Set<String> rePut = Set.of();
        boolean waited = false;
        for (int round = 0; ; ) {
            try {
                return api.commit(dto);
            } catch (OxiCloudException.StillMissing e) {
                Set<String> missing = new LinkedHashSet<>(e.hashes());
                if (!waited && missing.stream().anyMatch(putByUs::contains)) {
                    // audit #12: another commit may hold chunks we have just PUT; ask again before sending them again
                    waited = true;
                    pause(e);
                    expected.requireUnchanged(req.file());
                    continue;
                }
                if (!rePut.isEmpty() && rePut.containsAll(missing)) {
                    // audit #4: PUT again and still refused: chunks this user can never claim
                    if (req.isUpdate() && req.parentFolderId() != null) {
                        return claimByMultipart(dto);
                    }
                    throw e;
                }
                if (round >= options.maxCommitRetries()) {
                    throw e;
                }
                round++;
                List<ChunkSlice> again = new ArrayList<>();
                for (String h : missing) {
                    ChunkRef c = firstOccurrence.get(h);
                    if (c == null) {
                        throw new OxiCloudException.ProtocolViolation("still_missing names a chunk the file does not have");
                    }
                    again.add(new ChunkSlice(c.hash(), c.offset(), c.length()));
                }
                again.forEach(puts::offer);
                puts.awaitDrained();
                rePut = missing;
                expected.requireUnchanged(req.file());
            }
        }
    }

    private void pause(OxiCloudException.StillMissing e) throws TransferException {
        Duration d = options.commitRetryDelay();
        LOG.debug("commit of {}: {} chunk(s) we sent are not claimable yet; asking again in {} ms", req.path(),
                e.hashes().size(), d.toMillis());
        try {
            sleeper.sleep(d);
        } catch (InterruptedException ie) {
            Thread.currentThread().interrupt();
            throw new TransferException.Stopped("interrupted while waiting to repeat the commit of " + req.path());
        }
    }

    /**
     * Audit #4: uploads the content by multipart under a temporary name next to the file (every chunk of a
     * multipart ingest is the caller's), commits the update with the same file hash (the server's fast path for
     * content the caller owns, no pin needed), then removes the temporary file.
     */
    private FileDto claimByMultipart(CommitDto dto) throws TransferException {
        String temp = TEMP_PREFIX + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE) + ".tmp";
        LOG.info("the server will not let this user claim some chunks of {}; uploading it as {} to take them over",
                req.path(), temp);
        FileDto tempFile;
        tempFile = MultipartSend.upload(api, req, temp, n -> { });
        try {
            if (!req.digest().fileHash().equals(tempFile.contentHash())) {
                throw new TransferException.FileChangedWhileReading(req.path()
                        + " changed while it was uploaded (the server received other content)", null);
            }
            synchronized (counters) {
                sent += req.digest().size();
            }
            expected.requireUnchanged(req.file());
            return api.commit(dto);
        } finally {
            Discard.uploaded(api, req, tempFile.id(), LOG); // trash-only (audit #2), unless another file's bytes
        }
    }

    private void addReused(long bytes) {
        synchronized (counters) {
            reused += bytes;
        }
    }

    /** Progress is reported under the counters' lock, so it never goes backwards across lanes. */
    private void report() {
        synchronized (counters) {
            long going = 0;
            for (long n : inFlight.values()) {
                going += n;
            }
            progress.bytes(Math.min(req.digest().size(), sent + reused + going));
        }
    }
}
