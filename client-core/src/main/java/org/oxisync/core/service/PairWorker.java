package org.oxisync.core.service;

import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.oxisync.core.engine.SyncListener;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;
import org.oxisync.core.ignore.IgnoreRules;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.ignore.SelectiveSync;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.core.scan.TempNames;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.journal.JournalEntry;
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
    private static final Duration PROGRESS_INTERVAL = Duration.ofMillis(100);
    private static final Duration OFFLINE_FIRST = Duration.ofSeconds(5);
    private static final Duration OFFLINE_MAX = Duration.ofMinutes(5);

    private final ServiceEnv env;
    private volatile FolderPair pair;
    private volatile PathFilter filter;

    private PairState state = PairState.IDLE;
    private String detail = "waiting for the first run";
    private boolean paused;
    private boolean stopping;
    private boolean parkOnStop;
    /** A run is queued on the lane or running. */
    private boolean active;
    private boolean runRequested;
    private boolean inRun;
    private Instant burstStart;
    private TaskScheduler.Cancellable debounce;
    private TaskScheduler.Cancellable pollTimer;
    private TaskScheduler.Cancellable fullScanTimer;
    private TaskScheduler.Cancellable retryTimer;
    private boolean waitingOffline;
    private int offlineAttempts;
    private String rootEtag;
    private final Set<String> changedDuringRun = new HashSet<>();
    private boolean overflowDuringRun;
    private ProgressSnapshot progress;
    private Instant lastProgressEmit;
    private SyncReport lastReport;
    private Instant lastRun;
    private long runCount;
    private volatile long lastCallbackNanos;
    private Thread runThread;
    private LocalWatch.Handle watch;
    private TaskScheduler.Cancellable watchRetry;
    private String watchProblem;
    private static final Duration WATCH_RETRY = Duration.ofMinutes(5);

    PairWorker(ServiceEnv env, FolderPair pair) {
        this.env = env;
        update(pair);
    }

    String name() {
        return pair.name();
    }

    FolderPair pair() {
        return pair;
    }

    void update(FolderPair newPair) {
        this.pair = newPair;
        this.filter = new PathFilter(IgnoreRules.withDefaults(newPair.ignorePatterns()),
                new SelectiveSync(new HashSet<>(newPair.exclusions())));
    }

    // ---- triggers ---------------------------------------------------------------------------------------------

    void start() {
        startWatching();
        schedulePoll();
        scheduleFullScan();
        requestRun("start");
    }

    /** A local path (relative, '/'-separated) changed; {@code directory} if it is (or was) a folder. */
    void localChanged(String relativePath, boolean directory) {
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
            noteDirty();
        }
    }

    /** The bus says something changed under the remote folder. */
    void remoteHint() {
        requestRun("remote change (bus)");
    }

    void syncNow() {
        requestRun("on demand");
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
            runThread = Thread.currentThread();
        }
        SyncReport report = null;
        try {
            Optional<String> offline = probe();
            if (offline.isPresent()) {
                goOffline(offline.get());
                return;
            }
            setState(PairState.SCANNING, "scanning");
            report = env.engine(new Listener()).runOnce(pair, env.syncOptions());
            if (report.status() == SyncStatus.FAILED) {
                Optional<String> after = probe();
                if (after.isPresent()) {
                    finish(report, PairState.OFFLINE, after.get());
                    goOffline(after.get());
                    return;
                }
            }
            finish(report, stateAfter(report), report.message());
        } catch (RuntimeException e) {
            LOG.error("{}: the run failed unexpectedly", pair.name(), e);
            setState(PairState.ERROR, "the run failed unexpectedly: " + e);
            env.events().error(pair.name(), "", "the run failed unexpectedly: " + e);
        } finally {
            boolean again;
            synchronized (this) {
                inRun = false;
                runThread = null;
                active = false;
                judgeChangesDuringRun();
                again = runRequested && !waitingOffline && !stopping;
                notifyAll();
            }
            env.runEnded(this);
            if (again) {
                requestRun("changes during the last run");
            }
        }
    }

    private static PairState stateAfter(SyncReport r) {
        return r.status() == SyncStatus.FAILED ? PairState.ERROR : PairState.IDLE;
    }

    private void finish(SyncReport report, PairState next, String message) {
        synchronized (this) {
            lastReport = report;
            lastRun = env.clock().instant();
            progress = null;
            runCount++;
        }
        if (report.status() == SyncStatus.FAILED) {
            env.events().error(pair.name(), "", report.message());
        }
        setState(paused || env.globallyPaused() ? PairState.PAUSED : next, message);
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
                if (differsFromJournal(root, p)) {
                    dirty = true;
                    break;
                }
            }
        }
        changedDuringRun.clear();
        if (dirty && !stopping) {
            noteDirty();
        }
    }

    private boolean differsFromJournal(Path root, String relative) {
        Optional<JournalEntry> j;
        try {
            j = env.store().journal().get(pair.id(), relative);
        } catch (RuntimeException e) {
            return true;
        }
        BasicFileAttributes a;
        try {
            a = Files.readAttributes(root.resolve(relative), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS);
        } catch (java.io.IOException e) {
            return j.isPresent(); // gone locally: fine if the engine forgot it too
        }
        if (j.isEmpty()) {
            return true;
        }
        if (a.isDirectory()) {
            return false;
        }
        JournalEntry e = j.get();
        return e.size() != a.size() || e.mtime() == null
                || e.mtime().toEpochMilli() != a.lastModifiedTime().toMillis();
    }

    /** One cheap request: is the server there and writable? Remembers the root's tree ETag. */
    private Optional<String> probe() {
        try {
            FolderDto root = env.api().folder(pair.remoteFolderId());
            synchronized (this) {
                rootEtag = root.etag();
                offlineAttempts = 0;
            }
            if (env.api().serverReadOnly()) {
                return Optional.of("the server is read-only for now (maintenance); waiting");
            }
            return Optional.empty();
        } catch (OxiCloudException.ServerReadOnly e) {
            return Optional.of("the server is read-only for now (maintenance); waiting");
        } catch (OxiCloudException e) {
            if (e.isTransient()) {
                return Optional.of("the server cannot be reached (" + e.getClass().getSimpleName() + "); waiting");
            }
            return Optional.empty(); // not a connectivity problem: the run reports it
        }
    }

    private void goOffline(String reason) {
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
        LOG.info("{}: offline, next try in {} s: {}", pair.name(), wait.toSeconds(), reason);
        setState(PairState.OFFLINE, reason);
    }

    private void retryAfterOffline() {
        synchronized (this) {
            retryTimer = null;
            waitingOffline = false;
        }
        requestRun("retry after offline");
    }

    // ---- local watching ---------------------------------------------------------------------------------------

    private void startWatching() {
        Path root = Path.of(pair.localRoot());
        LocalWatch.Handle h;
        try {
            h = env.localWatch().watch(root, new LocalWatch.Sink() {
                @Override
                public void changed(Path path, boolean directory) {
                    onLocalEvent(root, path, directory);
                }

                @Override
                public void overflow(String why) {
                    LOG.info("{}: {}; scanning", pair.name(), why);
                    localOverflow();
                }
            });
        } catch (java.io.IOException | RuntimeException e) {
            LOG.warn("{}: cannot watch {} ({}); relying on the periodic scan, watching again in 5 min",
                    pair.name(), root, e.toString());
            synchronized (this) {
                watchProblem = "local changes are not watched (" + e.getMessage() + ")";
                if (!stopping) {
                    watchRetry = env.scheduler().schedule(WATCH_RETRY, this::startWatching);
                }
            }
            return;
        }
        boolean close;
        synchronized (this) {
            close = stopping;
            if (!close) {
                watch = h;
                watchProblem = null;
            }
        }
        if (close) {
            h.close();
        }
    }

    private void onLocalEvent(Path root, Path path, boolean directory) {
        Path rel;
        try {
            rel = root.relativize(path);
        } catch (IllegalArgumentException e) {
            return;
        }
        if (rel.toString().isEmpty() || rel.startsWith("..")) {
            localOverflow(); // the root itself changed
            return;
        }
        StringBuilder sb = new StringBuilder();
        for (Path part : rel) {
            if (sb.length() > 0) {
                sb.append('/');
            }
            sb.append(part);
        }
        localChanged(sb.toString(), directory);
    }

    // ---- timers -----------------------------------------------------------------------------------------------

    private synchronized void schedulePoll() {
        if (stopping) {
            return;
        }
        Duration every = env.busConnected() ? env.options().remotePollWithBus() : env.options().remotePoll();
        pollTimer = env.scheduler().schedule(every, this::pollRemote);
    }

    /** Restarts the poll timer (the bus came or went, so the interval changed). */
    synchronized void reschedulePoll() {
        if (pollTimer != null) {
            pollTimer.cancel();
        }
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
            Optional<String> offline = probe();
            if (offline.isPresent()) {
                goOffline(offline.get());
                return;
            }
            String now;
            synchronized (this) {
                now = rootEtag;
            }
            if (before == null || !before.equals(now)) {
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
            requestRun("periodic full scan");
            scheduleFullScan();
        });
    }

    // ---- control ----------------------------------------------------------------------------------------------

    void pause() {
        synchronized (this) {
            paused = true;
        }
        setState(PairState.PAUSED, inRunNow() ? "pausing after the current item" : "paused");
    }

    void resume() {
        boolean request;
        synchronized (this) {
            paused = false;
            notifyAll();
            request = runRequested || burstStart != null;
        }
        if (inRunNow()) {
            setState(PairState.SYNCING, "resumed");
        } else if (!env.globallyPaused()) {
            setState(waitingOffline ? PairState.OFFLINE : PairState.IDLE, waitingOffline ? detail : "resumed");
            if (request) {
                requestRun("resumed");
            }
        }
    }

    /** The global pause changed: wake parked items, or show the state. */
    synchronized void globalPauseChanged() {
        notifyAll();
    }

    private synchronized boolean inRunNow() {
        return inRun;
    }

    /** Stops triggers; a running item parks after it finishes (the next start completes the run). */
    void stop() {
        stop(true);
    }

    /** The pair was removed: no more triggers, but a running run finishes (it must not hold the run lane). */
    void retire() {
        stop(false);
    }

    private void stop(boolean park) {
        LocalWatch.Handle h;
        synchronized (this) {
            stopping = true;
            parkOnStop = park;
            for (TaskScheduler.Cancellable c : new TaskScheduler.Cancellable[] {debounce, pollTimer, fullScanTimer,
                    retryTimer, watchRetry}) {
                if (c != null) {
                    c.cancel();
                }
            }
            h = watch;
            watch = null;
            notifyAll();
        }
        if (h != null) {
            h.close();
        }
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

    /** True once no run is going, or the run's threads have all been silent (parked at a safe point) for {@code quiet}. */
    synchronized boolean quiescent(Duration quiet) {
        if (!inRun) {
            return true;
        }
        // parked workers are silent; one still transferring reports progress, so wait for silence, not for the first park
        return System.nanoTime() - lastCallbackNanos > quiet.toNanos();
    }

    /** Blocks the engine thread at a safe point (between items) while paused or stopping. */
    private void safePoint() {
        lastCallbackNanos = System.nanoTime();
        synchronized (this) {
            // stopping: the service closes (park for good) or the pair was removed (let its run finish)
            while (stopping ? parkOnStop : (paused || env.globallyPaused())) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        lastCallbackNanos = System.nanoTime();
    }

    // ---- status -----------------------------------------------------------------------------------------------

    private void setState(PairState s, String d) {
        synchronized (this) {
            if (state == s && java.util.Objects.equals(detail, d)) {
                return;
            }
            state = s;
            detail = d;
        }
        env.events().stateChanged(pair.name(), s, d);
        env.statusChanged();
    }

    synchronized PairStatus status() {
        String d = watchProblem != null && state == PairState.IDLE ? detail + "; " + watchProblem : detail;
        return new PairStatus(pair.name(), state, d, progress, lastReport, lastRun);
    }

    synchronized long runCount() {
        return runCount;
    }

    /** Maps the engine's callbacks to {@link SyncEvents}, throttles progress, and holds items while paused. */
    private final class Listener implements SyncListener {
        @Override
        public void phase(String pairName, String phase) {
            lastCallbackNanos = System.nanoTime();
            safePoint();
            boolean syncing = "syncing".equals(phase);
            if (!paused && !env.globallyPaused()) {
                setState(syncing ? PairState.SYNCING : PairState.SCANNING, phase);
            }
        }

        @Override
        public void progress(String pairName, ProgressSnapshot snapshot) {
            lastCallbackNanos = System.nanoTime();
            Instant now = env.clock().instant();
            synchronized (PairWorker.this) {
                progress = snapshot;
                if (lastProgressEmit != null && Duration.between(lastProgressEmit, now).compareTo(PROGRESS_INTERVAL) < 0) {
                    return;
                }
                lastProgressEmit = now;
            }
            env.events().progress(pair.name(), snapshot);
        }

        @Override
        public void itemDone(String pairName, String description, String error) {
            if (error == null) {
                env.events().itemCompleted(pair.name(), description);
            } else {
                env.events().error(pair.name(), description, error);
            }
            safePoint();
        }

        @Override
        public void conflict(String pairName, String path, String conflictCopy) {
            env.events().conflict(pair.name(), path, conflictCopy);
        }
    }
}
