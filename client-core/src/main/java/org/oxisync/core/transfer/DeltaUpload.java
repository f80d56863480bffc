package org.oxisync.core.transfer;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.oxisync.core.transfer.queue.ChunkQueue;
import org.oxisync.core.transfer.queue.CursorClearQueue;
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
 * negotiation at a time), the missing ones go through the cursor-clear queue into PUT batches of
 * {@code putBatchBytes} (read from the file at send time; the api checks the echoed hashes), then one commit with up
 * to {@code maxCommitRetries} {@code still_missing} rounds.
 *
 * <p>Resume: the transfer is recorded in the store ({@code beginUpload} returns the pending one when the same
 * content is retried); chunks marked uploaded are not negotiated or sent again. The server keeps such loose chunks
 * for an hour; if they were collected meanwhile, the commit's {@code still_missing} brings them back.
 *
 * <p>Before the commit the local file must still have the scanned size and mtime, and for an update the remote
 * file must still have the content the journal agreed on ({@link RemoteCheck}).
 */
final class DeltaUpload {
    private final OxiCloudApi api;
    private final LocalStore store;
    private final TransferOptions options;
    private final UploadRequest req;
    private final LocalFileState expected;
    private final ProgressSink progress;
    private final ChunkQueue<ChunkSlice> queue = new CursorClearQueue<>(ChunkSlice::frameBytes);
    private final Map<String, ChunkRef> firstOccurrence = new LinkedHashMap<>();
    private long queuedBytes;
    private long sent;
    private long reused;
    private long transferId;

    DeltaUpload(OxiCloudApi api, LocalStore store, TransferOptions options, UploadRequest req, LocalFileState expected,
                ProgressSink progress) {
        this.api = api;
        this.store = store;
        this.options = options;
        this.req = req;
        this.expected = expected;
        this.progress = progress;
    }

    UploadOutcome run() throws TransferException {
        FileDigest digest = req.digest();
        checkChunking(digest);
        PendingTransfer pending = store.transfers().beginUpload(req.pairId(), req.path(), digest);
        transferId = pending.id();
        Set<String> uploadedBefore = new HashSet<>(pending.hashesIn(ChunkState.UPLOADED));
        try {
            List<ChunkRef> group = new ArrayList<>();
            for (ChunkRef c : digest.chunks()) {
                if (firstOccurrence.putIfAbsent(c.hash(), c) != null || uploadedBefore.contains(c.hash())) {
                    reused += c.length(); // repeated within the file, or sent by an earlier attempt
                    continue;
                }
                group.add(c);
                if (group.size() >= options.negotiateEvery()) {
                    progress.stopIfRequested(req.path());
                    negotiate(group);
                    group = new ArrayList<>();
                    drain(false);
                }
            }
            if (!group.isEmpty()) {
                negotiate(group);
            }
            drain(true);
            report();
            FileDto file = commit(digest);
            if (!digest.fileHash().equals(file.contentHash())) {
                throw new OxiCloudException.ProtocolViolation("commit answered content " + file.contentHash()
                        + " for " + digest.fileHash());
            }
            store.transfers().finish(transferId);
            return new UploadOutcome(file, sent, reused);
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

    private void negotiate(List<ChunkRef> group) {
        List<String> missing = api.negotiate(group.stream().map(c -> new ChunkRefDto(c.hash(), c.length())).toList());
        Set<String> need = new HashSet<>(missing);
        Set<String> asked = new HashSet<>();
        for (ChunkRef c : group) {
            asked.add(c.hash());
            if (need.contains(c.hash())) {
                queue.offer(new ChunkSlice(c.hash(), c.offset(), c.length()));
                queuedBytes += 4L + c.length();
            } else {
                reused += c.length();
            }
        }
        if (!asked.containsAll(need)) {
            throw new OxiCloudException.ProtocolViolation("negotiate asked for chunks that were not offered");
        }
        if (!missing.isEmpty()) {
            store.transfers().markNegotiated(transferId, need);
        }
        report();
    }

    private void drain(boolean all) throws TransferException {
        while (!queue.isEmpty() && (all || queuedBytes >= options.putBatchBytes())) {
            progress.stopIfRequested(req.path()); // between batches: every chunk sent so far is marked uploaded
            List<ChunkSlice> batch = queue.drainBatch(options.putBatchBytes());
            for (ChunkSlice s : batch) {
                queuedBytes -= s.frameBytes();
            }
            put(batch);
        }
    }

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
        for (ChunkSlice s : batch) {
            hashes.add(s.hash());
            sent += s.length();
        }
        store.transfers().markUploaded(transferId, hashes);
        report();
    }

    private FileDto commit(FileDigest digest) throws TransferException {
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
                for (ChunkSlice s : again) {
                    queue.offer(s);
                    queuedBytes += s.frameBytes();
                }
                drain(true);
            }
        }
    }

    private void report() {
        progress.bytes(Math.min(req.digest().size(), sent + reused));
    }
}
