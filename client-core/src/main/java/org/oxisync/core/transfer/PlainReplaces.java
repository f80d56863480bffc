package org.oxisync.core.transfer;

import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;
import org.oxisync.core.naming.Names;
import org.oxisync.core.naming.TempNames;
import org.oxisync.protocol.BatchTrashResult;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link PlainReplace} for several small updates of one run at once, when the account's delta budget has no room for
 * them (a run with hundreds of edits spends it on the first ~250): about two requests an edit instead of five, with
 * the same steps and the same safety. OxiCloud 0.8.7 takes one file per multipart request
 * ({@code file_handler.rs:187-330}: the first {@code file} field is stored and answered) and renames one file per
 * request ({@code PUT /api/files/{id}/rename}), but checks and trashes many ids in one request
 * ({@code POST /api/batch/files/get}, {@code POST /api/batch/trash}). So, {@value #AT_ONCE} files at a time (a
 * <em>part</em>):
 * <ol>
 *   <li>their uploads under temporary names beside them, sent at once (one thread each); a stored hash other than
 *       the scanned one, or a local file no longer as scanned, means it changed while it was read: that upload goes
 *       to the trash and the file fails as {@link TransferException.FileChangedWhileReading};</li>
 *   <li>one {@code batch/files/get} of the old ids: a file whose server content is no longer the base the journal
 *       agreed on fails with {@link TransferException.RemoteChanged} carrying the server's file (the engine keeps
 *       both: a conflict copy), a file that is gone fails likewise without it;</li>
 *   <li>right after, one {@code batch/trash} of the old ids that passed (the check → trash span is one round trip,
 *       as the check → commit span of a delta update); the old versions stay restorable in the server's trash,
 *       nothing is deleted;</li>
 *   <li>the renames of the uploads to the files' names, sent at once; the answer's name must be the name asked
 *       for (audit #5: it is what the journal then holds), otherwise that upload goes to the trash too and the next
 *       run compares again (the new content is still the local file).</li>
 * </ol>
 * Then one {@code batch/files/get} after all parts: each file must still hold what was just placed
 * ({@link RemoteCheck#requireStillHeld}). Every upload that was not placed goes to the trash (one request a part).
 * What this path cannot settle comes back as {@link SmallUpdates.Result#alone()} for the single path with its
 * fallbacks: an upload the server refused (quota, a fault), or the rest when the run stops (as
 * {@link TransferException.Stopped}). In flight at once: at most {@value #AT_ONCE} requests per group.
 */
final class PlainReplaces {
    private static final Logger LOG = LoggerFactory.getLogger(PlainReplaces.class);
    /** Files of one part: uploads and renames sent at once, one check and one trash request. */
    static final int AT_ONCE = SmallUpdates.COMMITS_AT_ONCE;

    private final OxiCloudApi api;
    private final Uploader uploader;
    private final LongSupplier unique;

    /** @param unique the temporary names' unique parts */
    PlainReplaces(OxiCloudApi api, Uploader uploader, LongSupplier unique) {
        this.api = api;
        this.uploader = uploader;
        this.unique = unique;
    }

    /** Whether this path takes {@code req}: an update {@link PlainReplace} applies to, with a base to check. */
    static boolean takes(UploadRequest req) {
        return req.expectedRemoteHash() != null && PlainReplace.applies(req);
    }

    /**
     * Replaces the files {@code at} of {@code reqs} (each {@link #takes}), whose local state as the group started is
     * {@code starts}; sets their entries of {@code results}.
     */
    void run(List<UploadRequest> reqs, List<LocalFileState> starts, List<ProgressSink> sinks, List<Integer> at,
             List<SmallUpdates.Result> results, StoreWrites writes) {
        List<Integer> placed = new ArrayList<>();
        for (int from = 0; from < at.size(); from += AT_ONCE) {
            List<Integer> part = at.subList(from, Math.min(at.size(), from + AT_ONCE));
            if (sinks.get(part.get(0)).stopRequested()) {
                for (int i : at.subList(from, at.size())) {
                    results.set(i, failed(new TransferException.Stopped("stopped before the plain replacement of "
                            + reqs.get(i).path())));
                }
                break;
            }
            replacePart(reqs, starts, sinks, part, results, placed, writes);
        }
        checkAfter(reqs, placed, results);
        if (!at.isEmpty()) {
            LOG.debug("{} small updates replaced by plain uploads in parts of {} ({} placed)", at.size(), AT_ONCE,
                    placed.size());
        }
    }

    private static SmallUpdates.Result failed(Exception e) {
        return new SmallUpdates.Result(null, e);
    }

    private void replacePart(List<UploadRequest> reqs, List<LocalFileState> starts, List<ProgressSink> sinks,
                             List<Integer> part, List<SmallUpdates.Result> results, List<Integer> placed,
                             StoreWrites writes) {
        Map<Integer, FileDto> uploads = new java.util.HashMap<>();
        List<String> unplaced = new ArrayList<>();
        try {
            List<Integer> ready = uploadAll(reqs, starts, sinks, part, results, uploads, unplaced);
            ready = checkBefore(reqs, ready, results);
            ready = trashOld(reqs, ready, results);
            renameAll(reqs, starts, sinks, ready, results, uploads, unplaced, placed, writes);
        } finally {
            trashQuietly(unplaced);
            uploads.forEach((i, f) -> {
                if (unplaced.contains(f.id())) {
                    Discard.purgeIfForeign(api, reqs.get(i), f.id(), LOG); // another file's bytes: not kept in the trash
                }
            });
        }
    }

    /** Step 1: the uploads beside, at once; returns the files whose upload holds the scanned content. */
    private List<Integer> uploadAll(List<UploadRequest> reqs, List<LocalFileState> starts, List<ProgressSink> sinks,
                                   List<Integer> part, List<SmallUpdates.Result> results, Map<Integer, FileDto> uploads,
                                   List<String> unplaced) {
        List<AtOnce.Task<FileDto>> tasks = new ArrayList<>();
        for (int i : part) {
            UploadRequest req = reqs.get(i);
            String temp = TempNames.tempFor(req.name(), unique.getAsLong() & Long.MAX_VALUE);
            ProgressSink p = sinks.get(i);
            tasks.add(() -> {
                p.bytes(0);
                return api.upload(req.parentFolderId(), temp, req.file(), p::bytes);
            });
        }
        List<AtOnce.Outcome<FileDto>> outcomes = AtOnce.run("oxisync-replace", tasks);
        List<Integer> ready = new ArrayList<>();
        for (int k = 0; k < part.size(); k++) {
            int i = part.get(k);
            UploadRequest req = reqs.get(i);
            AtOnce.Outcome<FileDto> o = outcomes.get(k);
            if (!o.ok()) {
                results.set(i, uploadFailure(req, o.failure()));
                continue;
            }
            FileDto up = o.value();
            unplaced.add(up.id());
            try {
                if (!req.digest().fileHash().equals(up.contentHash())) {
                    throw new TransferException.FileChangedWhileReading(req.path()
                            + " changed while it was uploaded (the server received other content)", null);
                }
                starts.get(i).requireUnchanged(req.file());
                uploads.put(i, up);
                ready.add(i);
            } catch (TransferException e) {
                results.set(i, failed(e));
            }
        }
        return ready;
    }

    /** A failed upload: a local change or read failure is the file's failure; a server refusal goes alone. */
    private static SmallUpdates.Result uploadFailure(UploadRequest req, Exception e) {
        if (e instanceof OxiCloudException.LocalFileChanged) {
            return failed(new TransferException.FileChangedWhileReading(req.path() + " changed while it was uploaded", e));
        }
        if (e instanceof UncheckedIOException u) {
            return failed(u.getCause() instanceof NoSuchFileException
                    ? new TransferException.FileChangedWhileReading(req.path() + " disappeared", u)
                    : new TransferException.LocalIoFailure("cannot read " + req.path() + ": " + u.getCause(), u));
        }
        if (e instanceof TransferException.Stopped) {
            return failed(e);
        }
        LOG.info("the plain upload of {} in a group failed ({}); sending it alone", req.path(), e.getMessage());
        return SmallUpdates.Result.ALONE;
    }

    /** Step 2: one check of the old files; returns those that still hold the base. */
    private List<Integer> checkBefore(List<UploadRequest> reqs, List<Integer> ready, List<SmallUpdates.Result> results) {
        if (ready.isEmpty()) {
            return ready;
        }
        Map<String, FileDto> now;
        try {
            now = RemoteCheck.readAll(api, ready.stream().map(i -> reqs.get(i).remoteFileId()).toList());
        } catch (OxiCloudException e) {
            ready.forEach(i -> results.set(i, failed(e)));
            return List.of();
        }
        List<Integer> still = new ArrayList<>();
        for (int i : ready) {
            UploadRequest req = reqs.get(i);
            try {
                RemoteCheck.requireUnchanged(req, now.get(req.remoteFileId()));
                still.add(i);
            } catch (TransferException.RemoteChanged e) {
                results.set(i, failed(e));
            }
        }
        return still;
    }

    /** Step 3: the old files to the trash in one request; returns those it trashed. */
    private List<Integer> trashOld(List<UploadRequest> reqs, List<Integer> ready, List<SmallUpdates.Result> results) {
        if (ready.isEmpty()) {
            return ready;
        }
        BatchTrashResult old;
        try {
            old = api.trashBatch(ready.stream().map(i -> reqs.get(i).remoteFileId()).toList(), List.of());
        } catch (OxiCloudException e) {
            ready.forEach(i -> results.set(i, failed(e)));
            return List.of();
        }
        Set<String> trashed = new java.util.HashSet<>(old.trashed());
        List<Integer> gone = new ArrayList<>();
        for (int i : ready) {
            UploadRequest req = reqs.get(i);
            if (trashed.contains(req.remoteFileId())) {
                gone.add(i);
            } else {
                results.set(i, failed(new TransferException.RemoteChanged(req.path()
                        + ": the remote file went away while it was replaced", (String) null)));
            }
        }
        return gone;
    }

    /** Step 4: the renames at once; a placed file leaves {@code unplaced} and joins {@code placed}. */
    private void renameAll(List<UploadRequest> reqs, List<LocalFileState> starts, List<ProgressSink> sinks,
                           List<Integer> ready, List<SmallUpdates.Result> results, Map<Integer, FileDto> uploads,
                           List<String> unplaced, List<Integer> placed, StoreWrites writes) {
        List<AtOnce.Task<FileDto>> tasks = new ArrayList<>();
        for (int i : ready) {
            String id = uploads.get(i).id();
            String name = reqs.get(i).name();
            tasks.add(() -> api.renameFile(id, name));
        }
        List<AtOnce.Outcome<FileDto>> outcomes = AtOnce.run("oxisync-replace", tasks);
        for (int k = 0; k < ready.size(); k++) {
            int i = ready.get(k);
            UploadRequest req = reqs.get(i);
            AtOnce.Outcome<FileDto> o = outcomes.get(k);
            if (!o.ok()) {
                results.set(i, failed(new TransferException.RemoteChanged(req.path() + ": the old file is in the"
                        + " server's trash but the new content could not take its name (" + o.failure().getMessage()
                        + "); the next run compares again", (String) null)));
                continue;
            }
            FileDto f = o.value();
            if (!Names.nfc(f.name()).equals(Names.nfc(req.name()))) {
                results.set(i, failed(new TransferException.RemoteChanged(req.path() + ": the server stored the new"
                        + " content as '" + f.name() + "'; it goes to the trash and the next run compares again",
                        (String) null)));
                continue;
            }
            unplaced.remove(f.id());
            placed.add(i);
            sinks.get(i).bytes(req.digest().size());
            uploader.remember(req, starts.get(i), writes);
            results.set(i, new SmallUpdates.Result(new UploadOutcome(f, req.digest().size(), 0, req.name()), null));
        }
    }

    /** After all parts: one check that each placed file still holds what was placed. */
    private void checkAfter(List<UploadRequest> reqs, List<Integer> placed, List<SmallUpdates.Result> results) {
        if (placed.isEmpty()) {
            return;
        }
        Map<String, FileDto> now;
        try {
            now = RemoteCheck.readAll(api, placed.stream().map(i -> results.get(i).outcome().file().id()).toList());
        } catch (OxiCloudException e) {
            LOG.info("could not check {} files after their plain replacement ({}); taking them as placed",
                    placed.size(), e.getMessage());
            return;
        }
        for (int i : placed) {
            FileDto done = results.get(i).outcome().file();
            try {
                RemoteCheck.requireStillHeld(reqs.get(i), done, now.get(done.id()));
            } catch (TransferException.RemoteChanged e) {
                results.set(i, failed(e));
            }
        }
    }

    /** The uploads that did not take a name: to the trash (their content is still the local file). */
    private void trashQuietly(List<String> ids) {
        if (ids.isEmpty()) {
            return;
        }
        try {
            api.trashBatch(Collections.unmodifiableList(ids), List.of());
        } catch (OxiCloudException e) {
            LOG.warn("could not move {} temporary uploads to the trash: {}", ids.size(), e.getMessage());
        }
    }
}
