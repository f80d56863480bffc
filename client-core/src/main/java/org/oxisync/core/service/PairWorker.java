package org.oxisync.core.service;

import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.oxisync.core.engine.ItemError;
import org.oxisync.core.engine.StopSignal;
import org.oxisync.core.engine.SyncListener;
import org.oxisync.core.engine.SyncOptions;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;
import org.oxisync.core.ignore.IgnoreFile;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.core.scan.LocalHint;
import org.oxisync.core.scan.TempNames;
import org.oxisync.store.account.FolderPair;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The scheduler of one folder pair: turns local events, remote hints, timers and user requests into engine runs,
 * never two at once. All mutable state is guarded by {@code this}; runs happen on the service's run lane.
 */
final class PairWorker {
    private static final Logger LOG = LoggerFactory.getLogger(PairWorker.class);
    /** Paths remembered while a run is going on; more than this counts as "something changed". */
    private static final int MAX_TRACKED = 10_000;
    private static final Duration OFFLINE_FIRST = Duration.ofSeconds(5);
    private static final Duration OFFLINE_MAX = Duration.ofMinutes(5);

    private final ServiceEnv env;
    private volatile FolderPair pair;
    private volatile PathFilter filter;

    private PairState state = PairState.IDLE;
    private String detail = "waiting for the first run";
    /** The kind of the state's problem (offline, error); null when the state is none. */
    private Reason problem;
    /** Why the pair last went offline (kept while paused, shown again on resume). */
    private Reason lastOffline;
    /** Written under the lock, read without it by the running engine's stop signal. */
    private volatile boolean paused;
    private volatile boolean stopping;
    /** A run is queued on the lane or running. */
    private boolean active;
    private boolean runRequested;
    private boolean inRun;
    private Instant burstStart;
    private TaskScheduler.Cancellable debounce;
    private TaskScheduler.Cancellable pollTimer;
    private TaskScheduler.Cancellable fullScanTimer;
    private TaskScheduler.Cancellable retryTimer;
    /** The retry of a run that left items failed (see {@link ItemRetry}). */
    private TaskScheduler.Cancellable itemRetryTimer;
    private final ItemRetry itemRetry = new ItemRetry();
    private boolean waitingOffline;
    private int offlineAttempts;
    private String rootEtag;
    private final Set<String> changedDuringRun = new HashSet<>();
    private boolean overflowDuringRun;
    /** Local paths changed since the last run that ended OK: the next run's hint (unless a full scan is due). */
    private final Set<String> dirtyPaths = new HashSet<>();
    /** Server folders a bus event named since the last run (guarded by {@code this}). */
    private final Set<String> staleRemote = new HashSet<>();
    /** The next run scans the whole local tree: first run, watcher overflow, periodic run, on demand, new settings. */
    private boolean fullScanDue = true;
    /** The user's answer to a mass-delete stop, for the next run only (guarded by {@code this}). */
    private MassDeleteChoice massDeleteChoice;
    private SyncReport lastReport;
    private Instant lastRun;
    private long runCount;
    private final PollCadence cadence;
    private final ProgressThrottle progress;
    private final PairWatching watching;

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
                fullScanDue = true; // ignore rules or selective sync may have changed what the tree holds
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
                if (changedDuringRun.size() < MAX_TRACKED) {
                    changedDuringRun.add(relativePath);
                } else {
                    overflowDuringRun = true;
                }
                return;
            }
            addDirty(relativePath);
            noteDirty();
        }
    }

    /** The watcher lost events or failed: nothing is known, so scan (debounced like a change). */
    void localOverflow() {
        synchronized (this) {
            if (active) {
                overflowDuringRun = true;
                return;
            }
            fullScanDue = true;
            noteDirty();
        }
    }

    /** The bus says something changed under the remote folder. */
    /** The bus says folder {@code folderId} changed: the next run lists it whatever its (delayed) tree ETag says. */
    void remoteHint(String folderId) {
        synchronized (this) {
            if (staleRemote.size() < MAX_TRACKED) {
                staleRemote.add(folderId);
            }
        }
        requestRun("remote change (bus)");
    }

    /** Runs the pair once more with the user's answer to the mass-delete guard (a full scan). */
    void answerMassDelete(MassDeleteChoice choice) {
        synchronized (this) {
            massDeleteChoice = choice;
        }
        syncNow();
    }

    void syncNow() {
        synchronized (this) {
            fullScanDue = true; // the user asks because something may have been missed: look at everything
        }
        requestRun("on demand");
    }

    /** Guarded by {@code this}. */
    private void addDirty(String relativePath) {
        if (dirtyPaths.size() < MAX_TRACKED) {
            dirtyPaths.add(relativePath);
        } else {
            fullScanDue = true;
        }
    }

    private void noteDirty() {
        Instant now = env.clock().instant();
        if (burstStart == null) {
            burstStart = now;
        }
        if (debounce != null) {
            debounce.cancel();
        }
        Instant due = now.plus(env.options().quietPeriod());
        Instant latest = burstStart.plus(env.options().maxDelay());
        if (due.isAfter(latest)) {
            due = latest;
        }
        Duration delay = Duration.between(now, due);
        debounce = env.scheduler().schedule(delay.isNegative() ? Duration.ZERO : delay, this::debounceFired);
    }

    private void debounceFired() {
        synchronized (this) {
            debounce = null;
            burstStart = null;
        }
        requestRun("local change");
    }

    void requestRun(String reason) {
        synchronized (this) {
            if (stopping) {
                return;
            }
            runRequested = true;
            if (active || paused || env.globallyPaused() || waitingOffline) {
                return;
            }
            active = true;
        }
        LOG.debug("{}: run requested ({})", pair.name(), reason);
        env.scheduler().runLane(this::runLoop);
    }

    // ---- the run ----------------------------------------------------------------------------------------------

    private void runLoop() {
        boolean hintFull;
        Set<String> hintPaths;
        Set<String> staleFolders;
        MassDeleteChoice answer;
        synchronized (this) {
            if (stopping || paused || env.globallyPaused()) {
                active = false;
                return;
            }
            runRequested = false;
            burstStart = null;
            if (debounce != null) {
                debounce.cancel();
                debounce = null;
            }
            inRun = true;
            // events that came while the run was queued are the user's (this run has written nothing yet)
            changedDuringRun.forEach(this::addDirty);
            changedDuringRun.clear();
            fullScanDue |= overflowDuringRun;
            overflowDuringRun = false;
            hintFull = fullScanDue;
            hintPaths = hintFull ? Set.of() : Set.copyOf(dirtyPaths);
            fullScanDue = false;
            dirtyPaths.clear();
            staleFolders = Set.copyOf(staleRemote);
            staleRemote.clear();
            answer = massDeleteChoice;
            massDeleteChoice = null;
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
            Optional<Reason> offline = probe();
            if (offline.isPresent()) {
                goOffline(offline.get());
                return;
            }
            setState(PairState.SCANNING, "scanning");
            LocalHint hint = hintFull ? LocalHint.ALL : LocalHint.of(hintPaths);
            SyncOptions options = env.syncOptions();
            report = env.engine(new Listener()).runOnce(pair, options.withStop(stop).withLocalHint(hint)
                    .withStaleRemoteFolders(staleFolders)
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
        } finally {
            boolean again;
            synchronized (this) {
                if (report == null || report.status() != SyncStatus.OK) {
                    // not everything the hint named was handled: the next run looks at those paths again
                    fullScanDue |= hintFull;
                    hintPaths.forEach(this::addDirty);
                    staleRemote.addAll(staleFolders);
                    if (report != null) {
                        for (ItemError e : report.errors()) {
                            if (!e.path().isEmpty()) {
                                addDirty(e.path());
                            }
                        }
                    }
                }
                inRun = false;
                active = false;
                judgeChangesDuringRun();
                again = runRequested && !waitingOffline && !stopping;
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
        if (stopping || waitingOffline
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
        synchronized (this) {
            lastReport = report;
            lastRun = env.clock().instant();
            runCount++;
        }
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

    /** Events that arrived while the run was queued or going: the engine's own writes match the journal now. */
    private void judgeChangesDuringRun() {
        boolean dirty = overflowDuringRun;
        overflowDuringRun = false;
        if (!dirty && !changedDuringRun.isEmpty()) {
            Path root = Path.of(pair.localRoot());
            for (String p : changedDuringRun) {
                if (JournalDrift.differs(env.store(), pair.id(), root, p)) {
                    dirty = true;
                    addDirty(p);
                }
            }
        } else if (dirty) {
            fullScanDue = true; // the watcher overflowed during the run, or too many paths to remember
        }
        changedDuringRun.clear();
        if (dirty && !stopping) {
            noteDirty();
        }
    }

    /** One cheap request: is the server there and writable? Remembers the root's tree ETag. */
    private Optional<Reason> probe() {
        RemoteProbe.Result r = RemoteProbe.of(env.api(), pair.remoteFolderId());
        if (r.rootEtag() != null) {
            synchronized (this) {
                rootEtag = r.rootEtag();
                offlineAttempts = 0;
            }
        }
        return Optional.ofNullable(r.offline());
    }

    private synchronized Reason offlineProblem() {
        return lastOffline;
    }

    private void goOffline(Reason reason) {
        synchronized (this) {
            lastOffline = reason;
        }
        Duration wait;
        synchronized (this) {
            waitingOffline = true;
            runRequested = true;
            long factor = 1L << Math.min(offlineAttempts, 16);
            wait = OFFLINE_FIRST.multipliedBy(factor);
            if (wait.compareTo(OFFLINE_MAX) > 0) {
                wait = OFFLINE_MAX;
            }
            offlineAttempts++;
            if (retryTimer != null) {
                retryTimer.cancel();
            }
            retryTimer = env.scheduler().schedule(wait, this::retryAfterOffline);
        }
        boolean announce;
        synchronized (this) {
            announce = state != PairState.OFFLINE;
        }
        if (announce) {
            env.events().error(pair.name(), "", reason);
        }
        LOG.info("{}: offline, next try in {} s: {}", pair.name(), wait.toSeconds(), reason.detail());
        setState(PairState.OFFLINE, reason);
    }

    private void retryAfterOffline() {
        synchronized (this) {
            retryTimer = null;
            waitingOffline = false;
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
                if (waitingOffline || active || stopping) {
                    return; // a run (or a retry) is coming anyway, and it probes
                }
                before = rootEtag;
            }
            Optional<Reason> offline = probe();
            if (offline.isPresent()) {
                goOffline(offline.get());
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
                fullScanDue = true;
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
            request = runRequested || burstStart != null || fullScanDue || !dirtyPaths.isEmpty();
        }
        if (inRunNow()) {
            // the run may have seen the pause already; if it stopped, it asks for the next run itself
            setState(PairState.SYNCING, "resumed");
        } else if (!env.globallyPaused()) {
            if (waitingOffline) {
                setState(PairState.OFFLINE, detail, offlineProblem());
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
            for (TaskScheduler.Cancellable c : new TaskScheduler.Cancellable[] {debounce, pollTimer, fullScanTimer,
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
        synchronized (this) {
            if (state == s && java.util.Objects.equals(detail, d) && java.util.Objects.equals(this.problem, problem)) {
                return;
            }
            state = s;
            detail = d;
            this.problem = problem;
        }
        env.events().stateChanged(pair.name(), s, d, problem);
        env.statusChanged();
    }

    synchronized PairStatus status() {
        String watchProblem = watching.problem();
        String d = watchProblem != null && state == PairState.IDLE ? detail + "; " + watchProblem : detail;
        return new PairStatus(pair.name(), state, d, progress.latest(), lastReport, lastRun);
    }

    synchronized long runCount() {
        return runCount;
    }

    /** Maps the engine's callbacks to {@link SyncEvents} and throttles progress. */
    private final class Listener implements SyncListener {
        @Override
        public void phase(String pairName, String phase) {
            boolean syncing = "syncing".equals(phase);
            if (!paused && !env.globallyPaused()) {
                setState(syncing ? PairState.SYNCING : PairState.SCANNING, phase);
            }
        }

        @Override
        public void progress(String pairName, ProgressSnapshot snapshot) {
            progress.offer(snapshot);
        }

        @Override
        public void itemDone(String pairName, String description, String error) {
            if (error == null) {
                env.events().itemCompleted(pair.name(), description);
            } else {
                env.events().error(pair.name(), description, Reason.of(ReasonCode.UNEXPECTED, error));
            }
        }

        @Override
        public void itemFailed(String pairName, String description, Reason why) {
            env.events().error(pair.name(), description, why);
        }

        @Override
        public void conflict(String pairName, String path, String conflictCopy) {
            env.events().conflict(pair.name(), path, conflictCopy);
        }
    }
}
