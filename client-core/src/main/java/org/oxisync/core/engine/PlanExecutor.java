package org.oxisync.core.engine;

import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;
import java.io.IOException;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.plan.RemoteEntry;
import org.oxisync.core.plan.SyncAction;
import org.oxisync.core.plan.SyncPlan;
import org.oxisync.core.progress.ProgressAccumulator;
import org.oxisync.core.scan.ScanResult;
import org.oxisync.core.transfer.Downloader;
import org.oxisync.core.transfer.TransferException;
import org.oxisync.core.transfer.Uploader;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.store.LocalStore;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Carries out a {@link SyncPlan} in its order: conflict copies, folders (parents first), moves, transfers on
 * several workers, deletes last. A failed item is reported and never stops the others; a failure that concerns the
 * whole session (authentication lost, server read-only) ends the run early. A local file is replaced or removed
 * only if it still matches what the plan saw, and its content goes to the version store first. The steps
 * themselves are {@link StructureSteps}, {@link TransferSteps} and {@link DeleteSteps}; this class runs them in
 * order, the transfers on a pool of workers, and handles their failures.
 */
final class PlanExecutor {
    private static final Logger LOG = LoggerFactory.getLogger(PlanExecutor.class);

    private final Session s;
    private final RunTally tally;
    private final StructureSteps structure;
    private final TransferSteps transfers;
    private final DeleteSteps deletes;
    private final RecordSteps records;
    private final AtomicBoolean abort = new AtomicBoolean();
    private volatile Reason abortReason;
    /** Why uploads stop for the rest of the run once the server answered 507 (which quota: {@link QuotaText}). */
    private volatile Reason quotaFull;
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
                   org.oxisync.core.scan.Digester digester, StopSignal stop,
                   org.oxisync.core.naming.ConflictNamer conflictNamer) {}

    /** The reason {@link #execute} returns when the run stopped on request (see {@link SyncEngine}). */
    static final String STOPPED_ON_REQUEST = "stopped at a safe point on request (pause or shutdown); the rest is synced next run";

    private final TrashedParents placements;

    PlanExecutor(Session session, RunTally tally) {
        this.s = session;
        this.tally = tally;
        this.placements = new TrashedParents(session.remote().folderId(""));
        this.structure = new StructureSteps(session, tally, placements);
        SwapOut swap = new SwapOut(session, tally, session.conflictNamer());
        this.transfers = new TransferSteps(session, tally, structure.scannedAs(), placements, swap);
        this.deletes = new DeleteSteps(session, tally, swap);
        this.records = new RecordSteps(session);
    }

    /** The server folders whose listings the plan will write to (see {@link WrittenFolders}). */
    Set<String> remoteFoldersWritten(SyncPlan plan, NewUploads uploads) {
        return WrittenFolders.of(plan, uploads, s.remote());
    }

    /** New files uploaded after the plan at a time: what the run holds per file while it uploads them. */
    static final int NEW_UPLOAD_BATCH = 4096;

    /** Runs the plan; returns the reason the run had to stop early, or null. */
    Reason execute(SyncPlan plan) {
        return execute(plan, NewUploads.none());
    }

    /**
     * Runs the plan, then uploads the new files kept out of it ({@link NewUploads}: their folders are the plan's),
     * {@value #NEW_UPLOAD_BATCH} at a time; returns the reason the run had to stop early, or null.
     */
    Reason execute(SyncPlan plan, NewUploads uploads) {
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
                s.journal().flush(); // the structure steps' rows first (a delta download looks its path up)
                runTransfers(actions.subList(i, j), false);
                i = j;
            } else if (a instanceof SyncAction.MoveRemote) {
                int j = i;
                while (j < actions.size() && actions.get(j) instanceof SyncAction.MoveRemote) {
                    j++;
                }
                moveRemote(actions.subList(i, j));
                i = j;
            } else if (a instanceof SyncAction.DeleteRemote) {
                int j = i;
                while (j < actions.size() && actions.get(j) instanceof SyncAction.DeleteRemote) {
                    j++;
                }
                trashRemote(actions.subList(i, j));
                i = j;
            } else {
                runOne(a);
                i++;
            }
        }
        for (int from = 0; from < uploads.size() && !abort.get() && !stopRequested(); from += NEW_UPLOAD_BATCH) {
            s.journal().flush(); // the folders' rows first, as before the plan's transfers
            runTransfers(uploads.batch(from, Math.min(uploads.size(), from + NEW_UPLOAD_BATCH)), true);
        }
        structure.recordLateRemoteIds();
        for (String path : placements.verify(s)) {
            tally.error(path, Reason.of(ReasonCode.PARENT_DELETED_ON_SERVER, TrashedParents.REASON));
        }
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
                tally.error(a.path(), Reason.of(ReasonCode.BLOCKED_BY_FAILED_DELETE,
                        "not done: what was at " + p + " could not be removed; retried next run", "blocker", p));
                return true;
            }
        }
        return false;
    }

    /** Consecutive remote moves: on several workers, each after the earlier moves it depends on ({@link MoveBatch}). */
    private void moveRemote(List<SyncAction> batch) {
        List<SyncAction.MoveRemote> moves = new ArrayList<>(batch.size());
        batch.forEach(a -> moves.add((SyncAction.MoveRemote) a));
        try {
            MoveBatch.run(moves, s.workers(), m -> {
                if (!abort.get() && !stopRequested()) {
                    runOne(m);
                }
            });
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop(Reason.of(ReasonCode.STOPPED, "interrupted"));
        }
    }

    /** Consecutive remote deletes: one trash request (see {@link DeleteSteps#trashRemote}), an outcome per item. */
    private void trashRemote(List<SyncAction> batch) {
        List<SyncAction.DeleteRemote> deletes = new ArrayList<>();
        batch.forEach(a -> deletes.add((SyncAction.DeleteRemote) a));
        Map<String, String> failed;
        try {
            failed = this.deletes.trashRemote(deletes);
        } catch (RuntimeException e) {
            deletes.forEach(d -> fail(d, e));
            return;
        }
        for (SyncAction.DeleteRemote d : deletes) {
            String reason = failed.get(d.remoteId());
            if (reason == null) {
                s.listener().itemDone(s.pairName(), d.describe(), null);
            } else {
                fail(d, new NotTrashed(reason));
            }
        }
    }

    /** The server answered the trash request without trashing this item. */
    static final class NotTrashed extends Exception {
        NotTrashed(String message) {
            super(message);
        }
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
        String refusedAs = org.oxisync.core.plan.PairRights.fingerprint(a);
        if (refusedAs != null && forbidden(e)) { // a role changed, or a folder's own rights: held back, not retried
            LOG.warn("{}: {} refused by the server", s.pairName(), a.describe());
            tally.refused(a.path(), refusedAs, Failures.reason(e));
            s.listener().itemFailed(s.pairName(), a.describe(),
                    Reason.of(ReasonCode.REFUSED_BY_SERVER, "refused by the server"));
            return;
        }
        if (a instanceof SyncAction.DeleteLocal || a instanceof SyncAction.DeleteRemote) {
            failedDeletes.add(a.path());
        }
        Reason why = e instanceof NotTrashed ? Reason.of(ReasonCode.NOT_TRASHED, e.getMessage())
                : e instanceof LocalChangedException ? Reason.of(ReasonCode.CHANGED_DURING_RUN, e.getMessage())
                : Failures.reason(e);
        String reason = why.detail();
        if (e instanceof OxiCloudException.AuthExpired || e instanceof OxiCloudException.LoginFailed) {
            stop(why); // its sentence says to sign in again (Reasons)
        } else if (e instanceof OxiCloudException.ServerReadOnly) {
            stop(Reason.of(ReasonCode.SERVER_READ_ONLY,
                    "the server is read-only for now (maintenance); nothing more is written this run"));
        } else if (e instanceof OxiCloudException.QuotaExceeded q) {
            why = QuotaText.of(q);
            reason = why.detail();
            quotaFull = why;
        }
        LOG.warn("{}: {} failed: {}", s.pairName(), a.describe(), reason);
        tally.error(a.path(), why);
        s.store().errors().recordFailure(s.pairId(), a.path(), reason, why.wireCode(), why.args());
        s.listener().itemFailed(s.pairName(), a.describe(), why);
    }

    /**
     * A 403 that is not a login problem: the server's ACL engine refusing the role ({@code ForbiddenByRole}, what a
     * real OxiCloud answers for a write the role forbids) or another refusal ({@code Forbidden}).
     */
    private static boolean forbidden(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof OxiCloudException.Forbidden || t instanceof OxiCloudException.ForbiddenByRole) {
                return true;
            }
        }
        return false;
    }

    /** Checks the run's stop signal; once it fires, nothing new starts. */
    private boolean stopRequested() {
        if (s.stop().stopRequested()) {
            stop(Reason.of(ReasonCode.STOPPED, STOPPED_ON_REQUEST));
            return true;
        }
        return false;
    }

    private void stop(Reason reason) {
        if (abort.compareAndSet(false, true)) {
            abortReason = reason;
        }
    }

    private void apply(SyncAction a) throws Exception {
        if (a instanceof SyncAction.ConflictCopy c) {
            structure.conflictCopy(c);
        } else if (a instanceof SyncAction.CreateLocalFolder c) {
            structure.createLocalFolder(c);
        } else if (a instanceof SyncAction.CreateRemoteFolder c) {
            structure.createRemoteFolder(c);
        } else if (a instanceof SyncAction.MoveLocal m) {
            structure.moveLocal(m);
        } else if (a instanceof SyncAction.MoveRemote m) {
            structure.moveRemote(m);
        } else if (a instanceof SyncAction.Upload u) {
            transfers.upload(u, Set.of(), false);
        } else if (a instanceof SyncAction.Download d) {
            transfers.download(d);
        } else if (a instanceof SyncAction.DeleteLocal d) {
            deletes.deleteLocal(d);
        } else if (a instanceof SyncAction.DeleteRemote) {
            throw new IllegalStateException("remote deletes run in batches (trashRemote)");
        } else if (a instanceof SyncAction.RecordJournal r) {
            records.record(r);
        } else if (a instanceof SyncAction.ForgetJournal f) {
            s.journal().deleteTree(f.path());
        } else if (a instanceof SyncAction.Skip k) {
            // An entry that cannot sync as it is (a link, a name one side refuses, a case clash) is parked with its
            // reason: reported in every run's skipped list, never a failure that is retried and floods the run
            // history and the exit code; renamed or fixed, it syncs in the next run.
            tally.skipped(k.path(), k.reason().reason());
        } else {
            throw new IllegalStateException("unknown action " + a);
        }
    }

    // ---- transfers -----------------------------------------------------------------------------------------

    /**
     * Runs the batch's transfers on {@code workers} threads that take the next unit of work from shared cursors: no
     * task object per action (a future per action is 13 MB queued before any runs, in a 100,000-file first sync).
     * Small updates go first, in groups sent together ({@link TransferGroups}); then every other action, one by one.
     * {@code fresh}: new files uploaded after the plan ({@link TransferSteps#upload}).
     */
    private void runTransfers(List<SyncAction> batch, boolean fresh) {
        Set<String> owned = transfers.ownedSmallUploads(batch);
        TransferGroups groups = TransferGroups.of(batch, s.workers(), transfers::together);
        int workers = Math.max(1, Math.min(s.workers(), groups.units()));
        java.util.concurrent.atomic.AtomicInteger nextGroup = new java.util.concurrent.atomic.AtomicInteger();
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
                    for (int g = nextGroup.getAndIncrement(); g < groups.groups().size(); g = nextGroup.getAndIncrement()) {
                        transferTogether(groups.groups().get(g));
                    }
                    for (int i = next.getAndIncrement(); i < batch.size(); i = next.getAndIncrement()) {
                        if (!groups.grouped(i)) {
                            transfer(batch.get(i), owned, fresh);
                        }
                    }
                }));
            }
            Error fatal = null;
            for (Future<?> f : futures) {
                try {
                    f.get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    stop(Reason.of(ReasonCode.STOPPED, "interrupted"));
                    return;
                } catch (java.util.concurrent.ExecutionException e) {
                    // each item's own failures are caught per item: what reaches here left an item neither done nor
                    // failed, so the run must not end as if all went well; an Error (out of memory) goes on up
                    Throwable cause = e.getCause();
                    LOG.error("transfer worker failed", cause);
                    stop(Reason.of(ReasonCode.UNEXPECTED, "a transfer worker failed: " + cause));
                    if (cause instanceof Error err && fatal == null) {
                        fatal = err;
                    }
                }
            }
            if (fatal != null) {
                throw fatal;
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** Whether {@code a} may start: the run goes on, nothing blocks it, and an upload has room on the account. */
    private boolean mayTransfer(SyncAction a) {
        if (abort.get() || stopRequested() || blockedByFailedDelete(a)) {
            return false;
        }
        Reason full = quotaFull;
        if (full != null && a instanceof SyncAction.Upload) {
            tally.error(a.path(), full);
            return false;
        }
        return true;
    }

    /** A group of small updates sent together ({@link TransferSteps#uploadTogether}); an outcome per item. */
    private void transferTogether(List<SyncAction.Upload> group) {
        List<SyncAction.Upload> go = new ArrayList<>(group.size());
        for (SyncAction.Upload u : group) {
            if (mayTransfer(u)) {
                go.add(u);
            }
        }
        if (go.isEmpty()) {
            return;
        }
        List<Exception> failures = transfers.uploadTogether(go);
        for (int k = 0; k < go.size(); k++) {
            outcome(go.get(k), failures.get(k));
        }
    }

    private void outcome(SyncAction a, Exception e) {
        if (e == null) {
            s.listener().itemDone(s.pairName(), a.describe(), null);
        } else if (e instanceof TransferException.Stopped) {
            LOG.info("{}: {}", s.pairName(), e.getMessage());
            stop(Reason.of(ReasonCode.STOPPED, STOPPED_ON_REQUEST));
        } else {
            fail(a, e);
        }
    }

    private void transfer(SyncAction a, Set<String> owned, boolean fresh) {
        if (!mayTransfer(a)) {
            return;
        }
        Exception failure = null;
        try {
            if (a instanceof SyncAction.Upload u) {
                transfers.upload(u, owned, fresh);
            } else {
                transfers.download((SyncAction.Download) a);
            }
        } catch (Exception e) {
            failure = e;
        }
        outcome(a, failure);
    }

    /** A local entry changed between the scan and the action: nothing was touched; the next run compares again. */
    static final class LocalChangedException extends IOException {
        LocalChangedException(String message) {
            super(message);
        }
    }
}
