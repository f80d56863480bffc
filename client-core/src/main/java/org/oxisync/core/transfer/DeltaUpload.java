package org.oxisync.core.transfer;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.oxisync.protocol.ChunkRefDto;
import org.oxisync.protocol.ChunkSlice;
import org.oxisync.protocol.CommitDto;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.Limits;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.store.LocalStore;
import org.oxisync.store.hash.ChunkRef;
import org.oxisync.store.hash.FileDigest;
import org.oxisync.store.transfers.ChunkState;
import org.oxisync.store.transfers.PendingTransfer;

/**
 * One delta upload (§6.2, §6.4): the distinct chunks are negotiated in groups of {@code negotiateEvery} (one
 * negotiation at a time, on the calling thread), the missing ones go through the cursor-clear queue of
 * {@link PutLanes} into PUT batches of {@code putBatchBytes} (read from the file at send time; the api checks the
 * echoed hashes), then one commit with up to {@code maxCommitRetries} {@code still_missing} rounds.
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
    /** Concurrent PUTs of one file: two keep the server's hashing busy on both cores of a small machine. */
    static final int PUT_LANES = 2;

    private final OxiCloudApi api;
    private final LocalStore store;
    private final TransferOptions options;
    private final UploadRequest req;
    private final LocalFileState expected;
    private final ProgressSink progress;
    private final int lanes;
    private final Map<String, ChunkRef> firstOccurrence = new LinkedHashMap<>();
    private final Object counters = new Object();
    private long sent;
    private long reused;
    private long transferId;

    DeltaUpload(OxiCloudApi api, LocalStore store, TransferOptions options, UploadRequest req, LocalFileState expected,
                ProgressSink progress) {
        this(api, store, options, req, expected, progress, PUT_LANES);
    }

    DeltaUpload(OxiCloudApi api, LocalStore store, TransferOptions options, UploadRequest req, LocalFileState expected,
                ProgressSink progress, int lanes) {
        this.api = api;
        this.store = store;
        this.options = options;
        this.req = req;
        this.expected = expected;
        this.progress = progress;
        this.lanes = lanes;
    }

    UploadOutcome run() throws TransferException {
        FileDigest digest = req.digest();
        checkChunking(digest);
        PendingTransfer pending = store.transfers().beginUpload(req.pairId(), req.path(), digest);
        transferId = pending.id();
        Set<String> uploadedBefore = new HashSet<>(pending.hashesIn(ChunkState.UPLOADED));
        try (PutLanes puts = new PutLanes(lanes, options.putBatchBytes(), this::put, progress::stopRequested, req.path())) {
            List<ChunkRef> group = new ArrayList<>();
            for (ChunkRef c : digest.chunks()) {
                if (firstOccurrence.putIfAbsent(c.hash(), c) != null || uploadedBefore.contains(c.hash())) {
                    addReused(c.length()); // repeated within the file, or sent by an earlier attempt
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
                return new UploadOutcome(file, sent, reused);
            }
        } catch (TransferException.FileChangedWhileReading | TransferException.RemoteChanged e) {
            store.transfers().abandon(transferId); // this content will not be committed as it is
            throw e;
        }
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
        try {
            api.putChunks(req.file(), batch);
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
        store.transfers().markUploaded(transferId, hashes);
        synchronized (counters) {
            sent += bytes;
        }
        report();
    }

    private FileDto commit(FileDigest digest, PutLanes puts) throws TransferException {
        List<ChunkRefDto> refs = digest.chunks().stream().map(c -> new ChunkRefDto(c.hash(), c.length())).toList();
        CommitDto dto = req.isUpdate() ? CommitDto.update(digest.fileHash(), refs, req.remoteFileId())
                : CommitDto.create(digest.fileHash(), refs, req.name(), req.parentFolderId());
        for (int round = 0; ; round++) {
            expected.requireUnchanged(req.file());
            if (req.isUpdate()) {
                RemoteCheck.requireUnchanged(api, req);
            }
            try {
                return api.commit(dto);
            } catch (OxiCloudException.StillMissing e) {
                if (round >= options.maxCommitRetries()) {
                    throw e;
                }
                List<ChunkSlice> again = new ArrayList<>();
                for (String h : new LinkedHashSet<>(e.hashes())) {
                    ChunkRef c = firstOccurrence.get(h);
                    if (c == null) {
                        throw new OxiCloudException.ProtocolViolation("still_missing names a chunk the file does not have");
                    }
                    again.add(new ChunkSlice(c.hash(), c.offset(), c.length()));
                }
                again.forEach(puts::offer);
                puts.awaitDrained();
            }
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
            progress.bytes(Math.min(req.digest().size(), sent + reused));
        }
    }
}
