package org.oxisync.core.engine;

import java.io.IOException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.plan.LocalState;
import org.oxisync.core.plan.RemoteEntry;
import org.oxisync.core.plan.SkipReason;
import org.oxisync.core.plan.SyncAction;
import org.oxisync.core.plan.SyncPlan;
import org.oxisync.core.progress.ProgressAccumulator;
import org.oxisync.core.scan.ScanResult;
import org.oxisync.core.transfer.DownloadRequest;
import org.oxisync.core.transfer.Downloader;
import org.oxisync.core.transfer.ProgressSink;
import org.oxisync.core.transfer.StagedDownload;
import org.oxisync.core.transfer.TransferException;
import org.oxisync.core.transfer.UploadOutcome;
import org.oxisync.core.transfer.UploadRequest;
import org.oxisync.core.transfer.Uploader;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.Resource;
import org.oxisync.store.LocalStore;
import org.oxisync.store.hash.FileDigest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out a {@link SyncPlan} in its order: conflict copies, folders (parents first), moves, transfers on
 * several workers, deletes last. A failed item is reported and never stops the others; a failure that concerns the
 * whole session (authentication lost, server read-only) ends the run early. A local file is replaced or removed
 * only if it still matches what the plan saw, and its content goes to the version store first.
 */
final class PlanExecutor {
    private static final Logger LOG = LoggerFactory.getLogger(PlanExecutor.class);

    private final Session s;
    private final RunTally tally;
    private final AtomicBoolean abort = new AtomicBoolean();
    private volatile String abortReason;
    private volatile boolean quotaExceeded;
    /** Conflict copies made this run: copy path → the path the scan saw the content at. */
    private final Map<String, String> scannedAs = new java.util.concurrent.ConcurrentHashMap<>();
    /**
     * Local folders recorded before this run knew their remote id: a local mkdir runs before the remote moves, so
     * a folder created inside a folder the plan then renames on the server is only found by id after that move.
     */
    private final List<String> remoteIdLater = new java.util.concurrent.CopyOnWriteArrayList<>();
    /**
     * Paths whose delete failed this run. A delete that makes room (a file replaced by a folder, or the reverse)
     * runs before what takes its place; if it fails, that step must not run: the server would then hold a file and a
     * folder of one name, which no local volume can, and the stale one would never be removed.
     */
    private final Set<String> failedDeletes = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** Everything one execution needs. */
    record Session(String pairName, long pairId, OxiCloudApi api, LocalStore store, Uploader uploader,
                   Downloader downloader, LocalTree tree, RemoteIndex remote, JournalWriter journal,
                   Map<String, JournalEntry> journalByPath, Map<String, LocalEntry> localByPath,
                   Map<String, RemoteEntry> remoteById, ScanResult scan, ProgressAccumulator progress,
                   SyncListener listener, Clock clock, int workers, long deltaThreshold,
                   org.oxisync.core.scan.Digester digester, StopSignal stop) {}

    /** The reason {@link #execute} returns when the run stopped on request (see {@link SyncEngine}). */
    static final String STOPPED_ON_REQUEST = "stopped at a safe point on request (pause or shutdown); the rest is synced next run";

    PlanExecutor(Session session, RunTally tally) {
        this.s = session;
        this.tally = tally;
    }

    /** Runs the plan; returns the reason the run had to stop early, or null. */
    String execute(SyncPlan plan) {
        List<SyncAction> actions = plan.actions();
        int i = 0;
        while (i < actions.size() && !abort.get()) {
            if (stopRequested()) {
                break;
            }
            SyncAction a = actions.get(i);
            if (isTransfer(a)) {
                int j = i;
                while (j < actions.size() && isTransfer(actions.get(j))) {
                    j++;
                }
                runTransfers(actions.subList(i, j));
                i = j;
            } else {
                runOne(a);
                i++;
            }
        }
        recordLateRemoteIds();
        s.journal().flush();
        return abortReason;
    }

    private static boolean isTransfer(SyncAction a) {
        return a instanceof SyncAction.Upload || a instanceof SyncAction.Download;
    }

    /**
     * Whether {@code a} would put something where a failed delete left the old entry; if so, it is recorded as this
     * item's error and must not run.
     */
    private boolean blockedByFailedDelete(SyncAction a) {
        if (failedDeletes.isEmpty() || a instanceof SyncAction.DeleteLocal || a instanceof SyncAction.DeleteRemote
                || a instanceof SyncAction.RecordJournal || a instanceof SyncAction.ForgetJournal
                || a instanceof SyncAction.Skip) {
            return false;
        }
        for (String p = a.path(); !p.isEmpty(); p = RelativePaths.parent(p)) {
            if (failedDeletes.contains(p)) {
                tally.error(a.path(), "not done: what was at " + p + " could not be removed; retried next run");
                return true;
            }
        }
        return false;
    }

    private void runOne(SyncAction a) {
        if (blockedByFailedDelete(a)) {
            return;
        }
        try {
            apply(a);
            s.listener().itemDone(s.pairName(), a.describe(), null);
        } catch (Exception e) {
            fail(a, e);
        }
    }

    private void fail(SyncAction a, Exception e) {
        if (a instanceof SyncAction.DeleteLocal || a instanceof SyncAction.DeleteRemote) {
            failedDeletes.add(a.path());
        }
        String reason = Failures.describe(e);
        if (e instanceof OxiCloudException.AuthExpired || e instanceof OxiCloudException.LoginFailed) {
            stop("authentication failed: " + reason + " (log in again with `oxisync login`)");
        } else if (e instanceof OxiCloudException.ServerReadOnly) {
            stop("the server is read-only for now (maintenance); nothing more is written this run");
        } else if (e instanceof OxiCloudException.QuotaExceeded) {
            quotaExceeded = true;
        }
        LOG.warn("{}: {} failed: {}", s.pairName(), a.describe(), reason);
        tally.error(a.path(), reason);
        s.store().errors().recordFailure(s.pairId(), a.path(), reason);
        s.listener().itemDone(s.pairName(), a.describe(), reason);
    }

    /** Checks the run's stop signal; once it fires, nothing new starts. */
    private boolean stopRequested() {
        if (s.stop().stopRequested()) {
            stop(STOPPED_ON_REQUEST);
            return true;
        }
        return false;
    }

    private void stop(String reason) {
        if (abort.compareAndSet(false, true)) {
            abortReason = reason;
        }
    }

    private void apply(SyncAction a) throws Exception {
        if (a instanceof SyncAction.ConflictCopy c) {
            conflictCopy(c);
        } else if (a instanceof SyncAction.CreateLocalFolder c) {
            createLocalFolder(c);
        } else if (a instanceof SyncAction.CreateRemoteFolder c) {
            createRemoteFolder(c);
        } else if (a instanceof SyncAction.MoveLocal m) {
            moveLocal(m);
        } else if (a instanceof SyncAction.MoveRemote m) {
            moveRemote(m);
        } else if (a instanceof SyncAction.Upload u) {
            upload(u, Set.of());
        } else if (a instanceof SyncAction.Download d) {
            download(d);
        } else if (a instanceof SyncAction.DeleteLocal d) {
            deleteLocal(d);
        } else if (a instanceof SyncAction.DeleteRemote d) {
            deleteRemote(d);
        } else if (a instanceof SyncAction.RecordJournal r) {
            s.journal().upsert(r.entry());
            if (r.previousPath() != null && !r.previousPath().equals(r.entry().path())) {
                s.journal().delete(r.previousPath());
            }
        } else if (a instanceof SyncAction.ForgetJournal f) {
            s.journal().deleteTree(f.path());
        } else if (a instanceof SyncAction.Skip k) {
            if (k.reason().code() == SkipReason.Code.UNSUPPORTED_TYPE) {
                tally.skipped(k.path(), k.reason().detail());
            } else {
                throw new SkippedItem(k.reason().detail());
            }
        } else {
            throw new IllegalStateException("unknown action " + a);
        }
    }

    // ---- conflicts, folders, moves -------------------------------------------------------------------------

    private void conflictCopy(SyncAction.ConflictCopy c) throws IOException {
        s.tree().move(c.from(), c.path());
        scannedAs.put(c.path(), c.from());
        // The entry at the original path now belongs to the remote version; the copy is new on both sides.
        s.store().conflicts().record(s.pairId(), c.from(), c.path());
        s.store().activity().append(s.pairId(), "conflict", c.from(), "kept local version as " + c.path());
        tally.conflicts.incrementAndGet();
        s.listener().conflict(s.pairName(), c.from(), c.path());
    }

    private void createLocalFolder(SyncAction.CreateLocalFolder c) throws IOException {
        Path dir = s.tree().resolve(c.path());
        Files.createDirectories(dir);
        String remoteId = s.remote().id(c.path()).orElse(null);
        s.journal().upsert(new JournalEntry(c.path(), EntryKind.DIR, 0, 0, fileKey(dir), null, remoteId, null,
                null));
        if (remoteId == null) {
            remoteIdLater.add(c.path());
        }
    }

    /** Completes the journal rows of {@link #remoteIdLater} with the ids the remote moves of this run revealed. */
    private void recordLateRemoteIds() {
        for (String path : remoteIdLater) {
            Path dir = s.tree().resolve(path);
            String id = s.remote().id(path).orElse(null);
            if (id != null && Files.isDirectory(dir, LinkOption.NOFOLLOW_LINKS)) {
                s.journal().upsert(new JournalEntry(path, EntryKind.DIR, 0, 0, fileKey(dir), null, id, null, null));
            }
        }
    }

    private void createRemoteFolder(SyncAction.CreateRemoteFolder c) throws IOException {
        String parentId = s.remote().parentFolderId(c.path());
        String name = RelativePaths.name(c.path());
        String id;
        try {
            id = s.api().createFolder(parentId, name).id();
        } catch (OxiCloudException.Conflict e) {
            id = findChild(parentId, name, true);
        }
        s.remote().put(c.path(), id, EntryKind.DIR);
        tally.remoteChanged();
        Path dir = s.tree().resolve(c.path());
        s.journal().upsert(new JournalEntry(c.path(), EntryKind.DIR, 0, 0, fileKey(dir), null, id, null, null));
    }

    /** The id of an existing child by exact name (after a 409 on create: it appeared meanwhile). */
    private String findChild(String parentId, String name, boolean folder) {
        var it = s.api().allResources(parentId);
        while (it.hasNext()) {
            Resource r = it.next();
            if (r.name().equals(name) && (r instanceof FolderDto) == folder) {
                return r.id();
            }
        }
        throw new IllegalStateException("the server says '" + name + "' exists but does not list it");
    }

    private void moveLocal(SyncAction.MoveLocal m) throws IOException {
        // the plan names the entry's remote id: a stage name (see StructureOrder) has none on the server
        String remoteId = m.remoteId() != null ? m.remoteId() : s.remote().id(m.path()).orElse(null);
        s.tree().move(m.from(), m.path());
        Path moved = s.tree().resolve(m.path());
        s.journal().move(m.from(), m.path(), remoteId, old -> old == null
                ? new JournalEntry(m.path(), m.kind(), 0, 0, fileKey(moved), null, remoteId, null, null)
                : new JournalEntry(m.path(), old.kind(), old.size(), old.mtimeMillis(), old.fileKey(),
                        old.localHash(), old.remoteId(), old.remoteEtag(), old.remoteHash()));
        tally.moved.incrementAndGet();
    }

    private void moveRemote(SyncAction.MoveRemote m) {
        String fromParent = RelativePaths.parent(m.from());
        String toParent = RelativePaths.parent(m.path());
        String newName = RelativePaths.name(m.path());
        boolean folder = m.kind() == EntryKind.DIR;
        String etag = null;
        String name = RelativePaths.name(m.from());
        if (!fromParent.equals(toParent)) {
            String target = s.remote().folderId(toParent);
            try {
                etag = moveTo(m.remoteId(), folder, target);
            } catch (OxiCloudException.Conflict e) {
                // The server moves and renames in two steps: the old name is taken in the target folder, so
                // rename first (through a temporary name when the new name is taken in the old folder too).
                name = name.equals(newName) ? name : renameFirst(m.remoteId(), folder, newName);
                if (name.equals(RelativePaths.name(m.from()))) {
                    throw e;
                }
                etag = moveTo(m.remoteId(), folder, target);
            }
        }
        if (!name.equals(newName)) {
            etag = folder ? s.api().renameFolder(m.remoteId(), newName).etag()
                    : s.api().renameFile(m.remoteId(), newName).etag();
        }
        tally.remoteChanged();
        s.remote().moved(m.from(), m.path());
        LocalEntry local = s.localByPath().get(m.path());
        String newEtag = etag;
        s.journal().move(m.from(), m.path(), m.remoteId(), old -> old == null
                ? new JournalEntry(m.path(), m.kind(), 0, 0, local == null ? null : local.fileKey(), null,
                        m.remoteId(), null, null)
                : new JournalEntry(m.path(), old.kind(), old.size(), old.mtimeMillis(),
                        local == null ? old.fileKey() : local.fileKey(), old.localHash(), old.remoteId(),
                        folder ? old.remoteEtag() : newEtag, old.remoteHash()));
        tally.moved.incrementAndGet();
    }

    private String moveTo(String id, boolean folder, String targetFolderId) {
        return folder ? s.api().moveFolder(id, targetFolderId).etag() : s.api().moveFile(id, targetFolderId).etag();
    }

    /** Renames in place to {@code newName}, or to a temporary name when that is taken; returns the name it has now. */
    private String renameFirst(String id, boolean folder, String newName) {
        // not a TempNames name: another client must see an ordinary entry should this run stop half-way
        for (String name : List.of(newName, newName + " (moving " + Long.toHexString(System.nanoTime()) + ")")) {
            try {
                if (folder) {
                    s.api().renameFolder(id, name);
                } else {
                    s.api().renameFile(id, name);
                }
                return name;
            } catch (OxiCloudException.Conflict e) {
                LOG.debug("{} is taken in the old folder too", name);
            }
        }
        throw new OxiCloudException.Conflict("no free name to move " + newName + " through");
    }

    // ---- transfers -----------------------------------------------------------------------------------------

    /**
     * Runs the batch's transfers on {@code workers} threads that take the next action from a shared cursor: no task
     * object per action (a 100,000-file first sync used to queue 100,000 futures, about 13 MB, before any ran).
     */
    private void runTransfers(List<SyncAction> batch) {
        Set<String> owned = ownedSmallUploads(batch);
        int workers = Math.max(1, Math.min(s.workers(), batch.size()));
        java.util.concurrent.atomic.AtomicInteger next = new java.util.concurrent.atomic.AtomicInteger();
        ExecutorService pool = Executors.newFixedThreadPool(workers, r -> {
            Thread t = new Thread(r, "oxisync-transfer");
            t.setDaemon(true);
            return t;
        });
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                futures.add(pool.submit(() -> {
                    for (int i = next.getAndIncrement(); i < batch.size(); i = next.getAndIncrement()) {
                        transfer(batch.get(i), owned);
                    }
                }));
            }
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    stop("interrupted");
                    return;
                } catch (java.util.concurrent.ExecutionException e) {
                    LOG.error("transfer worker failed", e.getCause());
                }
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private void transfer(SyncAction a, Set<String> owned) {
        if (abort.get() || stopRequested() || blockedByFailedDelete(a)) {
            return;
        }
        if (quotaExceeded && a instanceof SyncAction.Upload) {
            tally.error(a.path(), "not uploaded: the account's storage quota is full");
            return;
        }
        try {
            if (a instanceof SyncAction.Upload u) {
                upload(u, owned);
            } else {
                download((SyncAction.Download) a);
            }
            s.listener().itemDone(s.pairName(), a.describe(), null);
        } catch (TransferException.Stopped e) {
            LOG.info("{}: {}", s.pairName(), e.getMessage());
            stop(STOPPED_ON_REQUEST);
        } catch (Exception e) {
            fail(a, e);
        }
    }

    /** One check-batch for every new small upload of the batch: which contents the server already has. */
    private Set<String> ownedSmallUploads(List<SyncAction> batch) {
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

    private void upload(SyncAction.Upload u, Set<String> owned) throws Exception {
        Path file = s.tree().resolve(u.path());
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
            UploadOutcome out = s.uploader().upload(new UploadRequest(s.pairId(), u.path(), file, digest,
                    s.remote().parentFolderId(u.path()), RelativePaths.name(u.path()), u.remoteId(),
                    expectedRemoteHash, java.time.Instant.ofEpochMilli(local.mtimeMillis()), local.fileKey()),
                    owned, sink(item), s.journal()::later);
            completed(item);
            FileDto f = out.file();
            s.remote().put(u.path(), f.id(), EntryKind.FILE);
            tally.remoteChanged();
            tally.uploaded.incrementAndGet();
            tally.bytesSent.addAndGet(out.bytesSent());
            tally.bytesReused.addAndGet(out.bytesReused());
            s.journal().upsert(new JournalEntry(u.path(), EntryKind.FILE, digest.size(), local.mtimeMillis(),
                    local.fileKey(), digest.fileHash(), f.id(), f.etag(), f.contentHash()));
            record(u.path(), "upload", out.bytesSent() + " bytes sent");
        } catch (TransferException.Stopped e) {
            s.progress().restart(item);
            throw e;
        } catch (Exception e) {
            failed(item);
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

    private void download(SyncAction.Download d) throws Exception {
        Path target = s.tree().resolve(d.path());
        RemoteEntry remote = s.remoteById().get(d.remoteId());
        int item = s.progress().add(d.path(), Math.max(1, d.size()));
        StagedDownload staged = null;
        try {
            staged = s.downloader().stage(new DownloadRequest(s.pairId(), d.path(), d.remoteId(), d.remoteHash(),
                    d.size(), remote == null || remote.modifiedAt() == null ? s.clock().instant() : remote.modifiedAt(),
                    target), sink(item));
            guardTarget(d.path(), target, d.replaces());
            if (d.replaces() != null) {
                s.store().versions().saveVersion(s.pairId(), d.path(), target, s.clock().instant());
            }
            Files.createDirectories(target.getParent());
            FileDigest digest = staged.digest();
            tally.bytesReceived.addAndGet(staged.bytesReceived());
            tally.bytesReused.addAndGet(staged.bytesReused());
            LocalTree.replaceAtomically(staged.tempFile(), target);
            staged = null;
            completed(item);
            BasicFileAttributes attrs = LocalTree.attributes(target);
            String key = attrs.fileKey() == null ? null : attrs.fileKey().toString();
            tally.downloaded.incrementAndGet();
            s.journal().upsert(new JournalEntry(d.path(), EntryKind.FILE, attrs.size(),
                    attrs.lastModifiedTime().toMillis(), key, d.remoteHash(), d.remoteId(),
                    remote == null ? null : remote.etag(), d.remoteHash()));
            record(d.path(), "download", d.size() + " bytes");
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

    /** The local file a download replaces must still be what the plan saw; a free path must still be free. */
    private void guardTarget(String path, Path target, LocalState expected) throws IOException {
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
    private void record(String path, String kind, String message) {
        if (s.store().errors().get(s.pairId(), path).isPresent()) {
            s.store().errors().clear(s.pairId(), path);
        }
        s.journal().later(() -> s.store().activity().append(s.pairId(), kind, path, message));
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

    // ---- deletes -------------------------------------------------------------------------------------------

    private void deleteLocal(SyncAction.DeleteLocal d) throws IOException {
        Path target = s.tree().resolve(d.path());
        if (!Files.exists(target, LinkOption.NOFOLLOW_LINKS)) {
            s.journal().deleteTree(d.path());
            return;
        }
        if (d.kind() != EntryKind.DIR) {
            if (d.expected() != null) {
                guardTarget(d.path(), target, d.expected());
            }
            s.store().versions().saveVersion(s.pairId(), d.path(), target, s.clock().instant());
            Files.delete(target);
            s.journal().deleteTree(d.path());
            tally.deletedLocal.incrementAndGet();
            s.journal().later(() -> s.store().activity().append(s.pairId(), "delete-local", d.path(), "deleted on the server"));
            return;
        }
        List<String> kept = deleteLocalTree(d.path(), target);
        if (kept.isEmpty()) {
            s.journal().deleteTree(d.path());
            tally.deletedLocal.incrementAndGet();
            s.journal().later(() -> s.store().activity().append(s.pairId(), "delete-local", d.path(), "folder deleted on the server"));
        } else {
            throw new LocalChangedException("kept " + kept.size() + " file(s) changed or added locally in "
                    + d.path() + " (e.g. " + kept.get(0) + "); they are uploaded next run");
        }
    }

    /**
     * Removes a folder deleted on the server, file by file: each file that still matches the journal is saved
     * to the version store and removed; anything new or changed is kept (with its folders).
     */
    private List<String> deleteLocalTree(String path, Path dir) throws IOException {
        List<String> kept = new ArrayList<>();
        List<Path> entries;
        try (Stream<Path> walk = Files.walk(dir)) {
            entries = walk.sorted(Comparator.reverseOrder()).toList();
        }
        Path root = s.tree().root();
        for (Path p : entries) {
            String rel = org.oxisync.core.scan.LocalScanner.relativeNfc(root, p);
            BasicFileAttributes attrs = LocalTree.attributes(p);
            if (attrs.isDirectory()) {
                try {
                    Files.delete(p);
                    s.journal().delete(rel);
                } catch (DirectoryNotEmptyException e) {
                    // holds something kept
                }
                continue;
            }
            JournalEntry j = s.journalByPath().get(rel);
            boolean unchanged = j != null && j.kind() == EntryKind.FILE && attrs.isRegularFile()
                    && j.size() == attrs.size() && j.mtimeMillis() == attrs.lastModifiedTime().toMillis();
            if (!unchanged) {
                kept.add(rel);
                continue;
            }
            s.store().versions().saveVersion(s.pairId(), rel, p, s.clock().instant());
            Files.delete(p);
            s.journal().delete(rel);
        }
        return kept;
    }

    private void deleteRemote(SyncAction.DeleteRemote d) {
        if (d.kind() == EntryKind.DIR) {
            s.api().deleteFolder(d.remoteId());
        } else {
            s.api().deleteFile(d.remoteId());
        }
        tally.remoteChanged();
        tally.deletedRemote.incrementAndGet();
        s.remote().removed(d.path());
        s.journal().deleteTree(d.path());
        s.journal().later(() -> s.store().activity().append(s.pairId(), "delete-remote", d.path(), "moved to the server's trash"));
    }

    private static String fileKey(Path p) {
        try {
            Object k = LocalTree.attributes(p).fileKey();
            return k == null ? null : k.toString();
        } catch (IOException e) {
            return null;
        }
    }

    /** A local entry changed between the scan and the action: nothing was touched; the next run compares again. */
    static final class LocalChangedException extends IOException {
        LocalChangedException(String message) {
            super(message);
        }
    }

    /** An entry the plan leaves out (a name one side cannot hold, a case clash), reported as an item error. */
    static final class SkippedItem extends Exception {
        SkippedItem(String message) {
            super(message);
        }
    }
}
