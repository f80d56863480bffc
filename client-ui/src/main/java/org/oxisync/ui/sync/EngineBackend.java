package org.oxisync.ui.sync;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.oxisync.app.AppContext;
import org.oxisync.core.engine.SyncEngine;
import org.oxisync.core.engine.SyncListener;
import org.oxisync.core.engine.SyncOptions;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.app.service.MassDeleteChoice;
import org.oxisync.store.account.FolderPair;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A stand-in for the continuous sync service: runs {@link SyncEngine#runOnce} for each pair on one background
 * thread, on request and every {@code interval}. It has no file watching and no bandwidth limit of its own;
 * it is replaced by the service adapter once the service exists.
 */
public final class EngineBackend implements SyncBackend {
    private static final Logger LOG = LoggerFactory.getLogger(EngineBackend.class);

    private final AppContext ctx;
    private final SyncFeed feed;
    private final Duration interval;
    private final ScheduledExecutorService thread;
    private final Set<String> paused = new HashSet<>();
    /** One-run answers to the mass-delete guard, by pair. */
    private final java.util.Map<String, MassDeleteChoice> massDeleteAnswers = new java.util.concurrent.ConcurrentHashMap<>();
    private final AtomicBoolean queued = new AtomicBoolean();
    private boolean allPaused;
    /** The pairs to run, read at start and on {@link #pairsChanged()}, so a pair being set up is not run early. */
    private volatile List<FolderPair> known = List.of();

    public EngineBackend(AppContext ctx, SyncFeed feed, Duration interval) {
        this.ctx = ctx;
        this.feed = feed;
        this.interval = interval;
        ScheduledThreadPoolExecutor ex = new ScheduledThreadPoolExecutor(1, r -> {
            Thread t = new Thread(r, "oxisync-sync");
            t.setDaemon(true);
            return t;
        });
        ex.setExecuteExistingDelayedTasksAfterShutdownPolicy(false);
        this.thread = ex;
    }

    @Override
    public void start() {
        thread.execute(() -> known = readPairs());
        thread.scheduleWithFixedDelay(() -> runAll(null), 0, interval.toMillis(), TimeUnit.MILLISECONDS);
    }

    @Override
    public void syncNow(String pairOrNull) {
        if (queued.compareAndSet(false, true)) {
            thread.execute(() -> {
                queued.set(false);
                runAll(pairOrNull);
            });
        }
    }

    @Override
    public synchronized void pause(String pairOrNull) {
        if (pairOrNull == null) {
            allPaused = true;
        } else {
            paused.add(pairOrNull);
        }
        pairs().stream().filter(p -> isPaused(p.name()))
                .forEach(p -> feed.stateChanged(p.name(), PairPhase.PAUSED, "paused", null));
    }

    @Override
    public synchronized void resume(String pairOrNull) {
        if (pairOrNull == null) {
            allPaused = false;
            paused.clear();
        } else {
            paused.remove(pairOrNull);
        }
        pairs().stream().filter(p -> !isPaused(p.name()))
                .forEach(p -> feed.stateChanged(p.name(), PairPhase.IDLE, "resumed", null));
        syncNow(pairOrNull);
    }

    private synchronized boolean isPaused(String pair) {
        return allPaused || paused.contains(pair);
    }

    @Override
    public void setBandwidth(long up, long down) {
        LOG.info("bandwidth limits are applied by the sync service; the interim engine runner ignores them");
    }

    @Override
    public void answerMassDelete(String pair, MassDeleteChoice choice) {
        massDeleteAnswers.put(pair, choice);
        syncNow(pair);
    }

    @Override
    public void pairsChanged() {
        thread.execute(() -> known = readPairs());
        syncNow(null);
    }

    private List<FolderPair> pairs() {
        List<String> names = known.stream().map(FolderPair::name).toList();
        return readPairs().stream().filter(p -> names.contains(p.name())).toList();
    }

    private List<FolderPair> readPairs() {
        try {
            return ctx.store().accounts().pairs();
        } catch (RuntimeException e) {
            LOG.warn("cannot list pairs: {}", e.toString());
            return List.of();
        }
    }

    private void runAll(String only) {
        for (FolderPair p : pairs()) {
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
            if ((only != null && !only.equals(p.name())) || isPaused(p.name())) {
                continue;
            }
            runOne(p);
        }
    }

    private void runOne(FolderPair pair) {
        feed.stateChanged(pair.name(), PairPhase.SCANNING, "checking for changes", null);
        try {
            SyncEngine engine = ctx.engine(new Relay(feed));
            MassDeleteChoice answer = massDeleteAnswers.remove(pair.name());
            SyncReport r = engine.runOnce(pair, SyncOptions.defaults(AppContext.hostName())
                    .withAllowMassDelete(answer == MassDeleteChoice.DELETE)
                    .withRestoreMassDelete(answer == MassDeleteChoice.RESTORE));
            feed.runFinished(pair.name(), r);
            PairPhase end = r.status() == SyncStatus.OK || r.status() == SyncStatus.PARTIAL ? PairPhase.IDLE
                    : PairPhase.ERROR;
            boolean paused = isPaused(pair.name());
            feed.stateChanged(pair.name(), paused ? PairPhase.PAUSED : end, r.message(),
                    !paused && end == PairPhase.ERROR ? r.problem() : null);
        } catch (RuntimeException e) {
            LOG.warn("sync of {} failed: {}", pair.name(), e.toString());
            org.oxisync.core.reason.Reason why = org.oxisync.core.reason.Reasons.of(e);
            feed.stateChanged(pair.name(), PairPhase.ERROR, why.detail(), why);
        }
    }

    @Override
    public void close() {
        thread.shutdownNow();
        try {
            thread.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Engine listener → feed. */
    private record Relay(SyncFeed feed) implements SyncListener {
        @Override
        public void phase(String pair, String phase) {
            feed.stateChanged(pair, "syncing".equals(phase) ? PairPhase.SYNCING : PairPhase.SCANNING, phase, null);
        }

        @Override
        public void progress(String pair, ProgressSnapshot snapshot) {
            feed.progress(pair, snapshot);
        }

        @Override
        public void itemFailed(String pair, String description, org.oxisync.core.reason.Reason why) {
            feed.error(pair, description, why);
        }

        @Override
        public void itemDone(String pair, String description, String error) {
            if (error == null) {
                feed.itemCompleted(pair, description);
            } else {
                feed.error(pair, description, org.oxisync.core.reason.Reason.of(
                        org.oxisync.core.reason.ReasonCode.UNEXPECTED, error));
            }
        }

        @Override
        public void conflict(String pair, String path, String conflictCopy) {
            feed.conflict(pair, path, conflictCopy);
        }
    }
}
