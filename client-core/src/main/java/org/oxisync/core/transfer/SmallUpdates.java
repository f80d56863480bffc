package org.oxisync.core.transfer;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.oxisync.protocol.ChunkRefDto;
import org.oxisync.protocol.ChunkSlice;
import org.oxisync.protocol.CommitDto;
import org.oxisync.protocol.FileChunks;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.store.hash.ChunkRef;
import org.oxisync.store.hash.FileDigest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Updates of several small files (each below the delta threshold) sent together, so that a run after many scattered
 * edits costs about one request per file instead of four (check, PUT, commit, check):
 * <ol>
 *   <li>the chunks of every file in one {@code PUT /api/files/delta/chunks} ({@link OxiCloudApi#putChunksOfFiles}:
 *       the server keeps received chunks by content, for no particular file, {@code delta_upload_service.rs:262});
 *       a small update PUTs its chunks without negotiating anyway ({@link DeltaUpload}, audit #1);</li>
 *   <li>then, {@value #COMMITS_AT_ONCE} files at a time: one {@code POST /api/batch/files/get} checks that they still
 *       hold the content the journal agreed on ({@link RemoteCheck}), and their commits are sent at once, each on
 *       its own thread, so that the span from the check to a file's commit stays one commit's round trip as for a
 *       single update (the window in which another device's commit could go unnoticed, docs/architecture.md "Two
 *       devices committing one file"; bench {@code CommitWindow});</li>
 *   <li>one {@code POST /api/batch/files/get} after all commits: each file must still hold what was just committed
 *       (a later check than a single update's, which only widens what it catches).</li>
 * </ol>
 * Both checks go through the batch endpoint, which the server does not rate-limit; the delta requests are one PUT for
 * the group and one commit per file, against two per file alone. Only as many files go this way as the account's
 * delta budget has room for when the group starts ({@link OxiCloudApi#deltaRoomNow}, less what the other groups of
 * the run counted on): a commit never waits in the budget for a quiet minute after its check. The others, and those
 * whose commit the server's limiter refused, are replaced by plain uploads together ({@link PlainReplaces}: about
 * two requests a file, no delta request). Whatever this path cannot settle goes back to the caller as
 * {@link Result#alone()} and is uploaded by {@link Uploader#upload} on its own, with all its fallbacks: a refused or
 * failed PUT (a file changed while read, the server's "split"), a commit answered {@code still_missing}, content the
 * scan sent early, an update the plain path does not take (a name with outer whitespace, over
 * {@link PlainReplace#MAX_BYTES}). Nothing is recorded for resuming: a file below the threshold is sent again whole
 * after a stop.
 */
public final class SmallUpdates {
    private static final Logger LOG = LoggerFactory.getLogger(SmallUpdates.class);
    /** Commits after one check, sent at once. */
    static final int COMMITS_AT_ONCE = 8;

    /** What became of one update: done ({@code outcome}), failed ({@code failure}) or to be sent alone. */
    public record Result(UploadOutcome outcome, Exception failure) {
        static final Result ALONE = new Result(null, null);
        /** A commit the server's limiter refused: not settled, to go by a plain replacement. */
        static final Result RATE_LIMITED = new Result(null, null);

        /** Not settled here: to be uploaded on its own. */
        public boolean alone() {
            return outcome == null && failure == null;
        }
    }

    private final OxiCloudApi api;
    private final TransferOptions options;
    private final EarlyChunks early;
    private final Uploader uploader;
    private final PlainReplaces plain;
    /** Delta requests that groups of this uploader have counted on and not yet finished (guarded by this). */
    private int promised;

    SmallUpdates(OxiCloudApi api, TransferOptions options, EarlyChunks early, Uploader uploader) {
        this.api = api;
        this.options = options;
        this.early = early;
        this.uploader = uploader;
        this.plain = new PlainReplaces(api, uploader, () -> java.util.concurrent.ThreadLocalRandom.current().nextLong());
    }

    /** Whether this path takes {@code req}: an update below the delta threshold, not empty, with a base to check. */
    boolean takes(UploadRequest req) {
        FileDigest d = req.digest();
        return req.isUpdate() && req.expectedRemoteHash() != null && d.size() > 0
                && d.size() < options.deltaThresholdBytes() && !d.chunks().isEmpty();
    }

    /**
     * The group: as many files by delta as the account's delta budget has room for now (one PUT and one commit
     * each), the others by {@link PlainReplaces} (no delta request), so that no commit waits a quiet minute for
     * the budget after its check. Content the scan sent early goes alone (its delta update sends no chunks).
     */
    List<Result> run(List<UploadRequest> reqs, List<ProgressSink> sinks, StoreWrites writes) {
        List<Result> results = new ArrayList<>(java.util.Collections.nCopies(reqs.size(), Result.ALONE));
        List<Integer> live = new ArrayList<>();
        List<LocalFileState> starts = new ArrayList<>(java.util.Collections.nCopies(reqs.size(), null));
        for (int i = 0; i < reqs.size(); i++) {
            UploadRequest req = reqs.get(i);
            if (!takes(req) || early.holds(req.digest().fileHash())) {
                continue;
            }
            try {
                starts.set(i, Uploader.startState(req));
                live.add(i);
            } catch (TransferException e) {
                results.set(i, new Result(null, e));
            }
        }
        int byDelta = claim(live.size());
        List<Integer> plainOnes = new ArrayList<>();
        for (int i : live.subList(byDelta, live.size())) {
            if (PlainReplaces.takes(reqs.get(i))) {
                plainOnes.add(i); // else alone: the single path waits for the budget
            }
        }
        if (byDelta > 0) {
            sendByDelta(reqs, starts, sinks, live.subList(0, byDelta), results, plainOnes, writes);
        }
        if (!plainOnes.isEmpty()) {
            plain.run(reqs, starts, sinks, plainOnes, results, writes);
        }
        return results;
    }

    /**
     * How many of {@code files} go by delta: the budget's room now, less what other groups counted on and one for
     * the PUT; at least two files (one alone costs more than the single path), else none. Counted on until
     * {@link #release}d.
     */
    private synchronized int claim(int files) {
        int room = api.deltaRoomNow() - promised - 1;
        int k = Math.min(files, room);
        if (k < 2) {
            return 0;
        }
        promised += k + 1;
        return k;
    }

    private synchronized void release(int requests) {
        promised = Math.max(0, promised - requests);
    }

    /** The delta part of a group: one PUT, then commits {@value #COMMITS_AT_ONCE} at a time, then one check. */
    private void sendByDelta(List<UploadRequest> reqs, List<LocalFileState> starts, List<ProgressSink> sinks,
                             List<Integer> live, List<Result> results, List<Integer> plainOnes, StoreWrites writes) {
        int held = live.size() + 1;
        try {
            boolean put = putAll(reqs, live);
            release(1);
            held--;
            if (!put) {
                return; // each goes alone
            }
            List<Integer> committed = new ArrayList<>();
            for (int from = 0; from < live.size(); from += COMMITS_AT_ONCE) {
                List<Integer> part = live.subList(from, Math.min(live.size(), from + COMMITS_AT_ONCE));
                if (sinks.get(part.get(0)).stopRequested()) {
                    for (int i : live.subList(from, live.size())) {
                        results.set(i, new Result(null, new TransferException.Stopped("stopped before the commit of "
                                + reqs.get(i).path())));
                    }
                    break;
                }
                commitPart(reqs, starts, sinks, part, results, committed, plainOnes, writes);
                release(part.size());
                held -= part.size();
            }
            checkAfter(reqs, committed, results);
        } finally {
            release(held);
        }
    }

    /** One PUT (or a few, split at the batch size) with the distinct chunks of every live file; false: all alone. */
    private boolean putAll(List<UploadRequest> reqs, List<Integer> live) {
        Set<String> seen = new HashSet<>();
        List<FileChunks> files = new ArrayList<>();
        for (int i : live) {
            UploadRequest req = reqs.get(i);
            List<ChunkSlice> slices = new ArrayList<>();
            for (ChunkRef c : req.digest().chunks()) {
                if (seen.add(c.hash())) {
                    slices.add(new ChunkSlice(c.hash(), c.offset(), c.length()));
                }
            }
            files.add(new FileChunks(req.file(), slices));
        }
        try {
            api.putChunksOfFiles(files);
            return true;
        } catch (OxiCloudException e) {
            LOG.info("the chunks of {} small updates could not be sent together ({}); sending them one by one",
                    live.size(), e.getMessage());
            return false;
        }
    }

    private void commitPart(List<UploadRequest> reqs, List<LocalFileState> starts, List<ProgressSink> sinks,
                            List<Integer> part, List<Result> results, List<Integer> committed, List<Integer> plainOnes,
                            StoreWrites writes) {
        Map<String, FileDto> now;
        try {
            now = RemoteCheck.readAll(api, part.stream().map(i -> reqs.get(i).remoteFileId()).toList());
        } catch (OxiCloudException e) {
            part.forEach(i -> results.set(i, new Result(null, e)));
            return;
        }
        List<Integer> ready = new ArrayList<>();
        for (int i : part) {
            UploadRequest req = reqs.get(i);
            try {
                RemoteCheck.requireUnchanged(req, now.get(req.remoteFileId()));
                starts.get(i).requireUnchanged(req.file());
                ready.add(i);
            } catch (TransferException e) {
                results.set(i, new Result(null, e));
            }
        }
        List<AtOnce.Outcome<Result>> answers = AtOnce.run("oxisync-commit",
                ready.stream().<AtOnce.Task<Result>>map(i -> () -> commit(reqs.get(i))).toList());
        for (int k = 0; k < ready.size(); k++) {
            int i = ready.get(k);
            AtOnce.Outcome<Result> a = answers.get(k);
            Result r = a.ok() ? a.value() : new Result(null, a.failure());
            if (r == Result.RATE_LIMITED) {
                // another device spent the user's budget: no delta request now, so a plain replacement
                if (PlainReplaces.takes(reqs.get(i))) {
                    plainOnes.add(i);
                }
                r = Result.ALONE;
            }
            results.set(i, r);
            if (r.outcome() != null) {
                committed.add(i);
                sinks.get(i).bytes(reqs.get(i).digest().size());
                uploader.remember(reqs.get(i), starts.get(i), writes);
            }
        }
    }

    private Result commit(UploadRequest req) {
        FileDigest d = req.digest();
        List<ChunkRefDto> refs = d.chunks().stream().map(c -> new ChunkRefDto(c.hash(), c.length())).toList();
        FileDto file;
        try {
            file = api.commit(CommitDto.update(d.fileHash(), refs, req.remoteFileId()));
        } catch (OxiCloudException.RateLimited e) {
            return Result.RATE_LIMITED;
        } catch (OxiCloudException.StillMissing e) {
            return Result.ALONE; // the single path re-sends the chunks
        } catch (OxiCloudException e) {
            return new Result(null, e);
        }
        if (!d.fileHash().equals(file.contentHash())) {
            return new Result(null, new OxiCloudException.ProtocolViolation("commit answered content "
                    + file.contentHash() + " for " + d.fileHash()));
        }
        return new Result(new UploadOutcome(file, d.size(), 0, null), null);
    }

    /** The check after the commits, for all of them in one request (see {@link RemoteCheck#requireStillHeld}). */
    private void checkAfter(List<UploadRequest> reqs, List<Integer> committed, List<Result> results) {
        if (committed.isEmpty()) {
            return;
        }
        Map<String, FileDto> now;
        try {
            now = RemoteCheck.readAll(api, committed.stream().map(i -> results.get(i).outcome().file().id()).toList());
        } catch (OxiCloudException e) {
            LOG.info("could not check {} files after their commits ({}); taking the commits as they landed",
                    committed.size(), e.getMessage());
            return;
        }
        for (int i : committed) {
            FileDto done = results.get(i).outcome().file();
            try {
                RemoteCheck.requireStillHeld(reqs.get(i), done, now.get(done.id()));
            } catch (TransferException.RemoteChanged e) {
                results.set(i, new Result(null, e));
            }
        }
    }
}
