package org.oxisync.core.engine;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.oxisync.core.engine.PlanExecutor.LocalChangedException;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.plan.LocalState;
import org.oxisync.core.plan.RemoteEntry;
import org.oxisync.core.plan.SyncAction;
import org.oxisync.core.transfer.DownloadRequest;
import org.oxisync.core.transfer.ProgressSink;
import org.oxisync.core.transfer.SmallUpdates;
import org.oxisync.core.transfer.StagedDownload;
import org.oxisync.core.transfer.TransferException;
import org.oxisync.core.transfer.UploadOutcome;
import org.oxisync.core.transfer.UploadRequest;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.store.hash.FileDigest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The transfer steps of a {@link PlanExecutor} run: uploads and downloads with their progress and records. Called
 * from several transfer workers at once; holds no state of its own besides what it is given.
 */
final class TransferSteps {
    /** Logs under the executor's name: the log lines are the executor's, whichever class carries the step. */
    private static final Logger LOG = LoggerFactory.getLogger(PlanExecutor.class);

    private final PlanExecutor.Session s;
    private final RunTally tally;
    /** Conflict copies made this run (see {@link StructureSteps#scannedAs()}). */
    private final Map<String, String> scannedAs;

    private final TrashedParents placements;
    private final SwapOut swap;
    private final OvertakenUpdate overtaken;

    TransferSteps(PlanExecutor.Session session, RunTally tally, Map<String, String> scannedAs,
                  TrashedParents placements, SwapOut swap) {
        this.placements = placements;
        this.swap = swap;
        this.s = session;
        this.tally = tally;
        this.scannedAs = scannedAs;
        this.overtaken = new OvertakenUpdate(session, tally, placements, this::download);
    }

    /** One check-batch for every new small upload of the batch: which contents the server already has. */
    Set<String> ownedSmallUploads(List<SyncAction> batch) {
        Set<String> hashes = new HashSet<>();
        for (SyncAction a : batch) {
            if (a instanceof SyncAction.Upload u && u.isNew() && u.size() > 0 && u.size() < s.deltaThreshold()
                    && u.localHash() != null) {
                hashes.add(u.localHash());
            }
        }
        if (hashes.isEmpty()) {
            return Set.of();
        }
        try {
            return s.uploader().ownedAmong(hashes);
        } catch (OxiCloudException e) {
            LOG.info("dedup check failed ({}); uploading in full", e.getMessage());
            return Set.of();
        }
    }

    /** One upload as prepared: its request, the local state that was hashed, its progress item. */
    private record Prepared(SyncAction.Upload u, UploadRequest req, FileDigest digest, LocalEntry local, int item) {}

    /** Where a prepared upload's outcome comes from. */
    @FunctionalInterface
    private interface OutcomeSource {
        UploadOutcome get() throws Exception;
    }

    /**
     * {@code fresh}: one of the new files uploaded after the plan ({@link NewUploads}). No later step of the run looks
     * its path up, so it is not added to the run's index of the server, and when this run created its folder, that
     * folder is what {@link TrashedParents} checks for it: at a million new files, a path each in both was about 150
     * bytes a file held to the run's end.
     */
    void upload(SyncAction.Upload u, Set<String> owned, boolean fresh) throws Exception {
        Prepared p = prepare(u);
        send(p, () -> s.uploader().upload(p.req(), owned, sink(p.item()), s.journal()::later), fresh);
    }

    /** Whether {@link #uploadTogether} may take {@code a}: an update of a file below the delta threshold. */
    boolean together(SyncAction a) {
        return a instanceof SyncAction.Upload u && !u.isNew() && u.size() > 0 && u.size() < s.deltaThreshold();
    }

    /**
     * Small updates sent together ({@link org.oxisync.core.transfer.SmallUpdates}: about one request per file
     * instead of four); what that cannot settle is uploaded alone as {@link #upload} does. Returns, in order, null
     * for every update done and the failure of each other one (for the executor to report, as a thrown one).
     */
    List<Exception> uploadTogether(List<SyncAction.Upload> ups) {
        List<Exception> failures = new ArrayList<>(java.util.Collections.nCopies(ups.size(), null));
        List<Prepared> prepared = new ArrayList<>();
        List<Integer> at = new ArrayList<>();
        for (int i = 0; i < ups.size(); i++) {
            try {
                prepared.add(prepare(ups.get(i)));
                at.add(i);
            } catch (Exception e) {
                failures.set(i, e);
            }
        }
        List<SmallUpdates.Result> results = s.uploader().uploadSmallUpdates(
                prepared.stream().map(Prepared::req).toList(),
                prepared.stream().map(p -> sink(p.item())).toList(), s.journal()::later);
        for (int k = 0; k < prepared.size(); k++) {
            Prepared p = prepared.get(k);
            SmallUpdates.Result r = results.get(k);
            try {
                if (r.alone()) {
                    send(p, () -> s.uploader().upload(p.req(), Set.of(), sink(p.item()), s.journal()::later), false);
                } else {
                    send(p, () -> {
                        if (r.failure() != null) {
                            throw r.failure();
                        }
                        return r.outcome();
                    }, false);
                }
            } catch (Exception e) {
                failures.set(at.get(k), e);
            }
        }
        return failures;
    }

    private Prepared prepare(SyncAction.Upload u) throws Exception {
        Path file = s.tree().resolve(u.path());
        s.tree().requireInside(file); // before a byte is read: never a file reached through a swapped-in link
        String scanned = scannedAs.getOrDefault(u.path(), u.path());
        FileDigest digest = s.scan().digest(scanned).orElse(null);
        LocalEntry local = s.localByPath().get(scanned);
        if (digest == null || local == null) {
            // Not hashed by this scan (it matched the journal): hash it now and take its current state as the base.
            BasicFileAttributes attrs = LocalTree.attributes(file);
            digest = s.digester().digest(file);
            local = LocalEntry.file(u.path(), attrs.size(), attrs.lastModifiedTime().toMillis(),
                    attrs.fileKey() == null ? null : attrs.fileKey().toString(), digest.fileHash());
        }
        String expectedRemoteHash = u.isNew() ? null : agreedRemoteHash(u);
        int item = s.progress().add(u.path(), Math.max(1, u.size()));
        try {
            UploadRequest req = new UploadRequest(s.pairId(), u.path(), file, digest,
                    s.remote().parentFolderId(u.path()), RelativePaths.name(u.path()), u.remoteId(),
                    expectedRemoteHash, java.time.Instant.ofEpochMilli(local.mtimeMillis()), local.fileKey());
            return new Prepared(u, req, digest, local, item);
        } catch (RuntimeException e) {
            failed(item);
            throw e;
        }
    }

    private void send(Prepared p, OutcomeSource source, boolean fresh) throws Exception {
        SyncAction.Upload u = p.u();
        try {
            tally.touched(s.remote().parentFolderId(u.path()));
            UploadOutcome out;
            try {
                out = source.get();
            } catch (TransferException.RemoteChanged e) {
                if (u.isNew() || e.current() == null) {
                    throw e; // a gone file: the next run reconciles the delete with the local change
                }
                overtaken.keepBoth(u, p.digest(), p.local(), e); // another device's commit came first (or right after ours)
                completed(p.item());
                return;
            }
            completed(p.item());
            FileDto f = u.isNew() ? ServerNames.createdAs(s.api(), out.file(), RelativePaths.name(u.path()))
                    : out.file();
            if (fresh) {
                placements.placedNew(s.remote().parentFolderId(u.path()), RelativePaths.parent(u.path()), u.path());
            } else {
                s.remote().put(u.path(), f.id(), EntryKind.FILE);
                if (u.isNew()) {
                    placements.placed(s.remote().parentFolderId(u.path()), u.path());
                }
            }
            tally.remoteChanged();
            tally.uploaded.incrementAndGet();
            tally.bytesSent.addAndGet(out.bytesSent());
            tally.bytesReused.addAndGet(out.bytesReused());
            s.journal().upsert(new JournalEntry(u.path(), EntryKind.FILE, p.digest().size(), p.local().mtimeMillis(),
                    p.local().fileKey(), p.digest().fileHash(), f.id(), f.etag(), f.contentHash()));
            record(u.path(), "upload", out.bytesSent() + " bytes sent", org.oxisync.core.reason.ActivityCode.SENT,
                    UndoFacts.of(out.bytesSent(), UndoFacts.base(s.journalByPath(), u.path(), u.remoteId()),
                            p.digest().fileHash(), f.id(), false));
        } catch (TransferException.Stopped e) {
            s.progress().restart(p.item());
            throw e;
        } catch (Exception e) {
            failed(p.item());
            throw e;
        }
    }

    /**
     * The remote content an update replaces, for the re-check before the commit: the journal's, found by path, or,
     * for a file moved earlier in this run (its row was at the old path when the run began), the remote snapshot's,
     * which an update only follows when it matches the journal.
     */
    private String agreedRemoteHash(SyncAction.Upload u) {
        JournalEntry base = s.journalByPath().get(u.path());
        if (base != null && u.remoteId().equals(base.remoteId()) && base.remoteHash() != null) {
            return base.remoteHash();
        }
        RemoteEntry seen = s.remoteById().get(u.remoteId());
        return seen == null ? null : seen.contentHash();
    }

    void download(SyncAction.Download d) throws Exception {
        download(d, s.remoteById().get(d.remoteId()));
    }

    /** {@code remote}: the server's entry as last read (its ETag and time go to the journal and the file), or null. */
    void download(SyncAction.Download d, RemoteEntry remote) throws Exception {
        Path target = s.tree().resolve(d.path());
        int item = s.progress().add(d.path(), Math.max(1, d.size()));
        StagedDownload staged = null;
        try {
            s.tree().requireInside(target); // the temp file is made beside the target: its folder must be ours
            staged = s.downloader().stage(new DownloadRequest(s.pairId(), d.path(), d.remoteId(), d.remoteHash(),
                    d.size(), remote == null || remote.modifiedAt() == null ? s.clock().instant() : remote.modifiedAt(),
                    target, d.replaces() != null), sink(item));
            guardTarget(d.path(), target, d.replaces());
            s.tree().requireInside(target);
            s.tree().requireRealInside(staged.tempFile());
            if (d.replaces() != null) {
                FileModes.keepFrom(target, staged.tempFile());
            } else {
                FileModes.newFileIn(target.getParent(), staged.tempFile());
            }
            Object stagedKey = LocalTree.attributes(staged.tempFile()).fileKey();
            // the old file is taken aside (a second link, versioned), then the new one renamed over it only while the
            // path still holds that file: no write that lands during the swap is lost, and the path is never empty
            SwapOut.Aside aside = d.replaces() == null ? null
                    : swap.takeAside(d.path(), target, d.replaces(), true);
            boolean placed;
            try {
                Files.createDirectories(target.getParent());
                s.tree().requireInside(target);
                placed = aside == null ? SwapOut.placeIfFree(staged.tempFile(), target)
                        : SwapOut.replace(aside, staged.tempFile(), target);
                if (placed) {
                    landedInside(target, stagedKey);
                }
            } catch (IOException | RuntimeException e) {
                if (aside != null && !aside.inPlace()) {
                    swap.putBack(d.path(), target, aside.file());
                } else if (aside != null) {
                    Files.deleteIfExists(aside.file());
                }
                throw e;
            }
            if (aside != null) {
                swap.settle(aside, target);
            }
            if (!placed) {
                throw new LocalChangedException(d.path() + " was written locally while the run replaced it; it is"
                        + " compared next run");
            }
            FileDigest digest = staged.digest();
            tally.bytesReceived.addAndGet(staged.bytesReceived());
            tally.bytesReused.addAndGet(staged.bytesReused());
            staged = null;
            completed(item);
            BasicFileAttributes attrs = LocalTree.attributes(target);
            String key = attrs.fileKey() == null ? null : attrs.fileKey().toString();
            tally.downloaded.incrementAndGet();
            s.journal().upsert(new JournalEntry(d.path(), EntryKind.FILE, attrs.size(),
                    attrs.lastModifiedTime().toMillis(), key, d.remoteHash(), d.remoteId(),
                    remote == null ? null : remote.etag(), d.remoteHash()));
            record(d.path(), "download", d.size() + " bytes", org.oxisync.core.reason.ActivityCode.RECEIVED,
                    UndoFacts.of(d.size(), UndoFacts.replaced(s.journalByPath(), d), d.remoteHash(), d.remoteId(),
                            false));
            java.time.Instant mtime = java.time.Instant.ofEpochMilli(attrs.lastModifiedTime().toMillis());
            s.journal().later(() -> s.store().chunks().recordLocalFile(s.pairId(), d.path(), digest, mtime, key));
        } catch (TransferException.Stopped e) {
            s.progress().restart(item);
            throw e;
        } catch (Exception e) {
            failed(item);
            throw e;
        } finally {
            if (staged != null) {
                Files.deleteIfExists(staged.tempFile());
            }
        }
    }

    /**
     * After the rename: the new file must be inside the root. If a folder on its way became a link in the last
     * microseconds, the file that landed elsewhere (ours: the staged file's key) is removed again and the step fails.
     */
    private void landedInside(Path target, Object stagedKey) throws IOException {
        try {
            s.tree().requireRealInside(target);
        } catch (LocalChangedException e) {
            Path landed = target.toRealPath(); // through the link that moved it
            Object key = LocalTree.attributes(landed).fileKey();
            if (stagedKey != null && stagedKey.equals(key)) {
                Files.delete(landed);
            }
            throw e;
        }
    }

    /** The local file a download replaces must still be what the plan saw; a free path must still be free. */
    static void guardTarget(String path, Path target, LocalState expected) throws IOException {
        if (expected == null) {
            if (Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
                throw new LocalChangedException(path + " appeared locally during the run; it is compared next run");
            }
            return;
        }
        BasicFileAttributes attrs;
        try {
            attrs = LocalTree.attributes(target);
        } catch (NoSuchFileException e) {
            throw new LocalChangedException(path + " was removed locally during the run; it is compared next run");
        }
        if (!attrs.isRegularFile() || attrs.size() != expected.size()
                || attrs.lastModifiedTime().toMillis() != expected.mtimeMillis()) {
            throw new LocalChangedException(path + " changed locally during the run; it is compared next run");
        }
    }

    /**
     * A finished transfer: its error record, if it had one, is cleared at once (the errors view must not show a
     * fixed item); its activity line goes with the next journal batch.
     */
    private void record(String path, String kind, String message, org.oxisync.core.reason.ActivityCode code,
                        java.util.Map<String, String> args) {
        if (s.store().errors().get(s.pairId(), path).isPresent()) {
            s.store().errors().clear(s.pairId(), path);
        }
        s.journal().later(() -> s.store().activity().append(s.pairId(), kind, path, message, code.stored(), args));
    }



    /** An item is done: listeners see the new counts at once, not only at the next byte of another transfer. */
    private void completed(int item) {
        s.progress().complete(item);
        s.listener().progress(s.pairName(), s.progress().snapshot());
    }

    private void failed(int item) {
        s.progress().fail(item);
        s.listener().progress(s.pairName(), s.progress().snapshot());
    }

    private ProgressSink sink(int item) {
        return new ProgressSink() {
            @Override
            public void bytes(long soFar) {
                s.progress().update(item, soFar);
                s.listener().progress(s.pairName(), s.progress().snapshot());
            }

            @Override
            public void restart() {
                s.progress().restart(item);
            }

            @Override
            public boolean stopRequested() {
                return s.stop().stopRequested();
            }
        };
    }

}
