package org.oxisync.app.service;

import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.oxisync.core.engine.StopSignal;
import org.oxisync.core.engine.SyncOptions;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;
import org.oxisync.core.ignore.IgnoreFile;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.scan.LocalHint;
import org.oxisync.core.naming.TempNames;
import org.oxisync.store.account.FolderPair;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.oxisync.app.state.PairState;
import org.oxisync.app.state.PairStatus;

/**
 * The scheduler of one folder pair: turns local events, remote hints, timers and user requests into engine runs,
 * never two at once. All mutable state is guarded by {@code this} (what the next run looks at: {@link PendingChanges};
 * the wait while offline: {@link OfflineBackoff}), except what the pair shows ({@link PairStateBoard}, its own lock);
 * runs happen on the service's run lane, their callbacks go through a {@link RunListener}.
 */
final class PairWorker {
    private static final Logger LOG = LoggerFactory.getLogger(PairWorker.class);

    private final ServiceEnv env;
    private volatile FolderPair pair;
    private volatile PathFilter filter;

    /** Written under the lock, read without it by the running engine's stop signal. */
    private volatile boolean paused;
    private volatile boolean stopping;
    /** A run is queued on the lane or running. */
    private boolean active;
    private boolean runRequested;
    private boolean inRun;
    private TaskScheduler.Cancellable pollTimer;
    private TaskScheduler.Cancellable fullScanTimer;
    private TaskScheduler.Cancellable retryTimer;
    /** The retry of a run that left items failed (see {@link ItemRetry}). */
    private TaskScheduler.Cancellable itemRetryTimer;
    private final ItemRetry itemRetry = new ItemRetry();
    /** The server unreachable: the wait before the next try (guarded by {@code this}). */
    private final OfflineBackoff offline = new OfflineBackoff();
    private String rootEtag;
    /** What the next run must look at (guarded by {@code this}). */
    private final PendingChanges pending = new PendingChanges();
    /** An undo asked for, done in place of the next run (guarded by this). */
    private PendingUndo undo;
    private final PollCadence cadence;
    private final ProgressThrottle progress;
    private final PairWatching watching;
    private final RunListener listener;
    private final LocalDebounce debounce;
    private final PairStateBoard board;

    PairWorker(ServiceEnv env, FolderPair pair) {
        this.env = env;
        this.cadence = new PollCadence(env.clock());
        this.progress = new ProgressThrottle(env.clock(), env.scheduler(),
                snapshot -> env.events().progress(this.pair.name(), snapshot));
        this.watching = new PairWatching(env, () -> this.pair, new PairWatching.Events() {
            @Override
            public void localChanged(String relativePath, boolean directory) {
                PairWorker.this.localChanged(relativePath, directory);
            }

            @Override
            public void localOverflow() {
                PairWorker.this.localOverflow();
            }
        });
        this.debounce = new LocalDebounce(env.clock(), env.scheduler(), env.options(), this::debounceFired);
        this.board = new PairStateBoard(env.events(), () -> this.pair.name(), env::statusChanged);
        this.listener = new RunListener(env.events(), () -> this.pair.name(), progress, this::phase);
        update(pair);
    }

    String name() {
        return pair.name();
    }

    FolderPair pair() {
        return pair;
    }

    void update(FolderPair newPair) {
        FolderPair old = this.pair;
        this.pair = newPair;
        this.filter = filterFor(newPair);
        if (old != null && !old.equals(newPair)) {
            synchronized (this) {
                pending.fullScanDue(); // ignore rules or selective sync may have changed what the tree holds
            }
            requestRun("pair settings changed"); // a folder ticked again in selective sync arrives without "sync now"
        }
    }

    // ---- triggers ---------------------------------------------------------------------------------------------

    void start() {
        watching.start();
        schedulePoll();
        scheduleFullScan();
        requestRun("start");
    }

    /** What the watcher ignores: the rules a run would apply now (the folder's .oxisyncignore included). */
    private static PathFilter filterFor(FolderPair p) {
        try {
            return IgnoreFile.filter(IgnoreFile.effective(p));
        } catch (IgnoreFile.Invalid e) {
            return IgnoreFile.filter(p); // the run reports the file's problem
        }
    }

    /** A local path (relative, '/'-separated) changed; {@code directory} if it is (or was) a folder. */
    void localChanged(String relativePath, boolean directory) {
        if (IgnoreFile.NAME.equals(relativePath)) {
            // other rules may change what the whole tree holds: re-read them, and scan everything (debounced)
            filter = filterFor(pair);
            localOverflow();
            return;
        }
        String name = relativePath.substring(relativePath.lastIndexOf('/') + 1);
        if (relativePath.isEmpty() || TempNames.isOwnTemp(name) || filter.excludes(relativePath, directory)) {
            return;
        }
        synchronized (this) {
            if (active) {
                // The queued or running run may be writing this very path; judged when the run ends.
                pending.changedDuringRun(relativePath);
                return;
            }
            pending.addDirty(relativePath);
            noteDirty();
        }
    }

    /** The watcher lost events or failed: nothing is known, so scan (debounced like a change). */
    void localOverflow() {
        synchronized (this) {
            if (active) {
                pending.overflowDuringRun();
                return;
            }
            pending.fullScanDue();
            noteDirty();
        }
    }

    /** The bus says folder {@code folderId} changed: the next run lists it whatever its (delayed) tree ETag says. */
    void remoteHint(String folderId) {
        synchronized (this) {
            pending.remoteFolderChanged(folderId);
        }
        requestRun("remote change (bus)");
    }

    /** Runs the pair once more with the user's answer to the mass-delete guard (a full scan). */
    void answerMassDelete(MassDeleteChoice choice) {
        synchronized (this) {
            pending.answer(choice);
        }
        syncNow();
    }

    /** Undoes {@code run} in place of the next run of the pair (see {@link PendingUndo}). */
    java.util.concurrent.CompletableFuture<org.oxisync.core.undo.UndoRun.Result> undo(
            java.util.List<org.oxisync.core.undo.RunChange> changes,
            java.util.List<org.oxisync.core.undo.RunMove> moves) {
        PendingUndo u = new PendingUndo(changes, moves);
        synchronized (this) {
            if (undo != null) {
                undo.result.completeExceptionally(new IllegalStateException("another undo was asked for"));
            }
            undo = u;
        }
        requestRun("undo");
        return u.result;
    }

    void syncNow() {
        synchronized (this) {
            pending.fullScanDue(); // the user asks because something may have been missed: look at everything
        }
        requestRun("on demand");
    }

    private void noteDirty() {
        debounce.changed();
    }

    private void debounceFired() {
        synchronized (this) {
            debounce.fired();
        }
        requestRun("local change");
    }

    void requestRun(String reason) {
        synchronized (this) {
            if (stopping) {
                return;
            }
            runRequested = true;
            if (active || paused || env.globallyPaused() || offline.waiting()) {
                return;
            }
            active = true;
        }
        LOG.debug("{}: run requested ({})", pair.name(), reason);
        env.scheduler().runLane(this::runLoop);
    }

    // ---- the run ----------------------------------------------------------------------------------------------

    private void runLoop() {
        PendingChanges.Taken taken;
        PendingUndo undoing;
        synchronized (this) {
            if (stopping || paused || env.globallyPaused()) {
                active = false;
                return;
            }
            runRequested = false;
            debounce.reset();
            inRun = true;
            taken = pending.takeForRun();
            undoing = undo;
            undo = null;
        }
        SyncReport report = null;
        AtomicBoolean stopAsked = new AtomicBoolean();
        StopSignal stop = () -> {
            boolean s = stopping || paused || env.globallyPaused();
            if (s) {
                stopAsked.set(true);
            }
            return s;
        };
        try {
            Optional<Reason> unreachable = probe();
            if (unreachable.isPresent()) {
                goOffline(unreachable.get());
                return;
            }
            setState(PairState.SCANNING, "scanning");
            LocalHint hint = taken.full() ? LocalHint.ALL : LocalHint.of(taken.paths());
            SyncOptions options = env.syncOptions();
            MassDeleteChoice answer = taken.answer();
            report = undoing != null ? undoing.apply(env, pair, listener, options.withStop(stop))
                    : env.engine(listener).runOnce(pair, options.withStop(stop).withLocalHint(hint)
                    .withStaleRemoteFolders(taken.staleFolders())
                    .withAllowMassDelete(options.allowMassDelete() || answer == MassDeleteChoice.DELETE)
                    .withRestoreMassDelete(answer == MassDeleteChoice.RESTORE));
            if (report.status() == SyncStatus.STOPPED && stopAsked.get()) {
                // stopped at a safe point because we asked (pause, shutdown): not an error, the rest comes next run
                synchronized (this) {
                    runRequested = true;
                }
                finish(report, PairState.IDLE, paused || env.globallyPaused() ? "paused" : report.message(), null);
                return;
            }
            if (report.status() == SyncStatus.FAILED) {
                Optional<Reason> after = probe();
                if (after.isPresent()) {
                    finish(report, PairState.OFFLINE, after.get().detail(), after.get());
                    goOffline(after.get());
                    return;
                }
            }
            finish(report, stateAfter(report), report.message(),
                    report.status() == SyncStatus.FAILED ? problemOf(report) : null);
        } catch (RuntimeException e) {
            LOG.error("{}: the run failed unexpectedly", pair.name(), e);
            Reason why = Reason.of(ReasonCode.UNEXPECTED, "the run failed unexpectedly: " + e);
            setState(PairState.ERROR, why);
            env.events().error(pair.name(), "", why);
        } catch (OutOfMemoryError e) {
            // the run's own data is garbage once its frames are gone, so the service can still say so; without this
            // the pair stayed "discovering" for good (a desktop app with a million files and a 384 MiB heap)
            long maxMiB = Runtime.getRuntime().maxMemory() >> 20;
            LOG.error("{}: the run ran out of memory (heap limit {} MiB)", pair.name(), maxMiB, e);
            Reason why = Reason.of(ReasonCode.UNEXPECTED, "the run ran out of memory (heap limit " + maxMiB
                    + " MiB): this pair may be too large for that limit; start OxiSync with a larger -Xmx");
            setState(PairState.ERROR, why);
            env.events().error(pair.name(), "", why);
        } finally {
            if (undoing != null && !undoing.result.isDone()) { // offline, or the run failed before the undo began
                undoing.result.completeExceptionally(new IllegalStateException("the undo did not start: "
                        + (report == null ? "the server could not be reached" : report.message())));
            }
            boolean again;
            synchronized (this) {
                pending.giveBack(taken, report); // what a run that did not end OK may not have handled
                inRun = false;
                active = false;
                if (pending.judgeChangesDuringRun(env.store(), pair.id(), Path.of(pair.localRoot())) && !stopping) {
                    noteDirty();
                }
                again = runRequested && !offline.waiting() && !stopping;
                scheduleItemRetry(report);
                notifyAll();
            }
            env.runEnded(this);
            if (again) {
                requestRun("changes during the last run");
            }
        }
    }

    /** After a run that left something failed, the next run comes on its own (see {@link ItemRetry}). */
    private void scheduleItemRetry(SyncReport report) {
        if (itemRetryTimer != null) {
            itemRetryTimer.cancel();
            itemRetryTimer = null;
        }
        if (report == null || report.status() == SyncStatus.OK) {
            if (report != null) {
                itemRetry.reset();
            }
            return;
        }
        if (stopping || offline.waiting()
                || (report.status() != SyncStatus.PARTIAL && report.status() != SyncStatus.FAILED)) {
            return; // offline has its own retry; a stop (pause, mass-delete question) waits for the user
        }
        Duration wait = itemRetry.afterFailedRun(report.errors());
        LOG.info("{}: {}; next run in {} s", pair.name(), report.message(), wait.toSeconds());
        itemRetryTimer = env.scheduler().schedule(wait, () -> {
            synchronized (this) {
                itemRetryTimer = null;
            }
            requestRun("retry of what the last run left failed");
        });
    }

    private static PairState stateAfter(SyncReport r) {
        return r.status() == SyncStatus.FAILED ? PairState.ERROR : PairState.IDLE;
    }

    /** The report's problem; a failed report always has one, this is the net for one that does not. */
    private static Reason problemOf(SyncReport r) {
        return r.problem() != null ? r.problem() : Reason.of(ReasonCode.UNEXPECTED, r.message());
    }

    private void finish(SyncReport report, PairState next, String message, Reason problem) {
        progress.runEnded();
        board.runEnded(report, env.clock().instant());
        if (report.status() == SyncStatus.FAILED) {
            env.events().error(pair.name(), "", problemOf(report));
        }
        PairState shown = paused || env.globallyPaused() ? PairState.PAUSED : next;
        setState(shown, message, shown == next ? problem : null);
        if (report.changedAnything()) {
            cadence.activity(); // others may answer what this run did (or did next to it): look again soon
            reschedulePoll();
        }
        env.events().runFinished(pair.name(), report);
        env.statusChanged();
    }

    /** One cheap request: is the server there and writable? Remembers the root's tree ETag. */
    private Optional<Reason> probe() {
        RemoteProbe.Result r = RemoteProbe.of(env.api(), pair.remoteFolderId());
        if (r.rootEtag() != null) {
            synchronized (this) {
                rootEtag = r.rootEtag();
                offline.answered();
            }
        }
        return Optional.ofNullable(r.offline());
    }

    private synchronized Reason offlineProblem() {
        return offline.lastReason();
    }

    private void goOffline(Reason reason) {
        Duration wait;
        synchronized (this) {
            wait = offline.wentOffline(reason);
            runRequested = true;
            if (retryTimer != null) {
                retryTimer.cancel();
            }
            retryTimer = env.scheduler().schedule(wait, this::retryAfterOffline);
        }
        if (board.state() != PairState.OFFLINE) {
            env.events().error(pair.name(), "", reason);
        }
        LOG.info("{}: offline, next try in {} s: {}", pair.name(), wait.toSeconds(), reason.detail());
        setState(PairState.OFFLINE, reason);
    }

    private void retryAfterOffline() {
        synchronized (this) {
            retryTimer = null;
            offline.retrying();
        }
        requestRun("retry after offline");
    }

    // ---- timers -----------------------------------------------------------------------------------------------

    /** One poll timer at a time: a run's end may reschedule while a poll that started that run is still ending. */
    private synchronized void schedulePoll() {
        if (pollTimer != null) {
            pollTimer.cancel();
        }
        if (stopping) {
            return;
        }
        Duration every = env.busConnected() ? env.options().remotePollWithBus() : cadence.next(env.options().remotePoll());
        pollTimer = env.scheduler().schedule(every, this::pollRemote);
    }

    /** Restarts the poll timer (the bus came or went, so the interval changed). */
    synchronized void reschedulePoll() {
        schedulePoll();
    }

    private void pollRemote() {
        try {
            String before;
            synchronized (this) {
                if (offline.waiting() || active || stopping) {
                    return; // a run (or a retry) is coming anyway, and it probes
                }
                before = rootEtag;
            }
            Optional<Reason> unreachable = probe();
            if (unreachable.isPresent()) {
                goOffline(unreachable.get());
                return;
            }
            String now;
            synchronized (this) {
                now = rootEtag;
            }
            if (before == null || !before.equals(now)) {
                cadence.activity();
                requestRun("remote change (poll)");
            }
        } finally {
            schedulePoll();
        }
    }

    private synchronized void scheduleFullScan() {
        if (stopping) {
            return;
        }
        fullScanTimer = env.scheduler().schedule(env.options().fullScan(), () -> {
            synchronized (this) {
                pending.fullScanDue();
            }
            requestRun("periodic full scan");
            scheduleFullScan();
        });
    }

    // ---- control ----------------------------------------------------------------------------------------------

    /** Nothing new starts; a running run stops at its next safe point (its stop signal reads {@code paused}). */
    void pause() {
        synchronized (this) {
            paused = true;
        }
        setState(PairState.PAUSED, inRunNow() ? "pausing at the next safe point" : "paused");
    }

    /** Continues: a run stopped by the pause, or changes that arrived meanwhile, are synced at once. */
    void resume() {
        boolean request;
        synchronized (this) {
            paused = false;
            request = runRequested || debounce.inBurst() || pending.anyLocal();
        }
        if (inRunNow()) {
            // the run may have seen the pause already; if it stopped, it asks for the next run itself
            setState(PairState.SYNCING, "resumed");
        } else if (!env.globallyPaused()) {
            if (offline.waiting()) {
                setState(PairState.OFFLINE, board.detail(), offlineProblem());
            } else {
                setState(PairState.IDLE, "resumed");
            }
            if (request) {
                requestRun("resumed");
            }
        }
    }

    private synchronized boolean inRunNow() {
        return inRun;
    }

    /**
     * No more triggers; a running run stops at its next safe point (service closing, SIGTERM, pair removed). Its
     * state stays consistent: what was transferred is recorded, the rest is done by the next start.
     */
    void stop() {
        synchronized (this) {
            stopping = true;
            debounce.cancel();
            for (TaskScheduler.Cancellable c : new TaskScheduler.Cancellable[] {pollTimer, fullScanTimer,
                    retryTimer, itemRetryTimer}) {
                if (c != null) {
                    c.cancel();
                }
            }
        }
        watching.stop();
    }

    /** Polls the remote root now (the bus came back: events may have been missed). */
    void pollSoon() {
        synchronized (this) {
            if (stopping) {
                return;
            }
            if (pollTimer != null) {
                pollTimer.cancel();
            }
            pollTimer = env.scheduler().schedule(Duration.ZERO, this::pollRemote);
        }
    }

    /**
     * Waits until no run of this pair is going (after {@link #stop()} no new one starts), at most until
     * {@code deadlineNanos} ({@link System#nanoTime()}). Returns whether the run ended.
     */
    synchronized boolean awaitRunEnd(long deadlineNanos) throws InterruptedException {
        while (inRun) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            wait(Math.max(1, left / 1_000_000));
        }
        return true;
    }

    // ---- status -----------------------------------------------------------------------------------------------

    private void setState(PairState s, String d) {
        setState(s, d, null);
    }

    private void setState(PairState s, Reason problem) {
        setState(s, problem.detail(), problem);
    }

    /** {@code problem}: the kind of the state's problem (offline, error), null for a state that is none. */
    private void setState(PairState s, String d, Reason problem) {
        board.set(s, d, problem);
    }

    /** The engine's phase shows as the state, unless the pair is paused. */
    private void phase(String phase) {
        if (!paused && !env.globallyPaused()) {
            setState("syncing".equals(phase) ? PairState.SYNCING : PairState.SCANNING, phase);
        }
    }

    PairStatus status() {
        return board.status(watching.problem(), progress.latest());
    }

    long runCount() {
        return board.runCount();
    }
}
