package org.oxisync.app.service;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.oxisync.app.AppContext;
import org.oxisync.core.engine.SyncEngine;
import org.oxisync.core.engine.SyncListener;
import org.oxisync.core.engine.SyncOptions;
import org.oxisync.protocol.Bandwidth;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.oxisync.app.state.PairStatus;

/**
 * Continuous sync of every folder pair of the account: one {@link PairWorker} per pair, fed by local watchers,
 * remote polling (and the real-time bus where the server has one), a periodic full scan and user requests.
 * See {@code package-info.java} for the decisions.
 */
public final class SyncService implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SyncService.class);
    /** How long {@link #close()} waits for a running run to reach a safe point and end. */
    private static final Duration STOP_GRACE = Duration.ofSeconds(30);

    private final AppContext ctx;
    private final SyncEvents events;
    private final ServiceOptions options;
    private final Clock clock;
    private final TaskScheduler scheduler;
    private final boolean ownsScheduler;
    private final Bandwidth bandwidth;
    private final Env env = new Env();
    private final Map<String, PairWorker> workers = new LinkedHashMap<>();
    private final List<Runnable> statusListeners = new java.util.concurrent.CopyOnWriteArrayList<>();
    private volatile boolean globalPause;
    private volatile boolean started;
    private volatile boolean closed;
    private volatile long uploadLimit;
    private volatile long downloadLimit;
    private volatile LocalWatch localWatch = LocalWatch.nativeWatch();
    private volatile boolean useBus = true;
    /** A bus URL the caller vouches for (null: the server's own endpoint, {@link RemoteBus#detect()}). */
    private volatile java.net.URI busEndpoint;
    private volatile RemoteBus bus;
    /** Which remote folders the bus listens to, for which pairs. */
    private final BusTopics topics;

    /** Production wiring: real threads and timers. */
    public SyncService(AppContext ctx, SyncEvents events, ServiceOptions options, Clock clock) {
        this(ctx, events, options, clock, TaskScheduler.threads(), ctx.bandwidth(), true);
    }

    /** With a scheduler the caller controls (tests drive time through it); the caller closes it. */
    public SyncService(AppContext ctx, SyncEvents events, ServiceOptions options, Clock clock,
                       TaskScheduler scheduler) {
        this(ctx, events, options, clock, scheduler, ctx.bandwidth(), false);
    }

    /**
     * {@code bandwidth} must be the limits the account's API client was built with; {@link #setBandwidth} changes
     * them while transfers run. Null when the client has none (then {@link #setBandwidth} is refused).
     */
    public SyncService(AppContext ctx, SyncEvents events, ServiceOptions options, Clock clock,
                       TaskScheduler scheduler, Bandwidth bandwidth) {
        this(ctx, events, options, clock, scheduler, bandwidth, false);
    }

    private SyncService(AppContext ctx, SyncEvents events, ServiceOptions options, Clock clock,
                        TaskScheduler scheduler, Bandwidth bandwidth, boolean ownsScheduler) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.events = events == null ? SyncEvents.NONE : events;
        this.options = Objects.requireNonNull(options, "options");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.bandwidth = bandwidth;
        this.ownsScheduler = ownsScheduler;
        this.topics = new BusTopics(() -> ctx.store().directory());
    }

    /** Replaces the native watcher (before {@link #start()}; tests feed events by hand). */
    public SyncService withLocalWatch(LocalWatch watch) {
        this.localWatch = Objects.requireNonNull(watch, "watch");
        return this;
    }

    /** Turns the real-time bus off (before {@link #start()}): polling only. */
    public SyncService withoutBus() {
        this.useBus = false;
        return this;
    }

    /**
     * Connects the real-time bus to {@code url}, given by the caller rather than announced by the server (before
     * {@link #start()}): for a server whose bus listens elsewhere than its REST endpoint, such as the emulator's,
     * which an announced URL may never move the client to.
     */
    public SyncService withBusEndpoint(java.net.URI url) {
        this.busEndpoint = Objects.requireNonNull(url, "url");
        return this;
    }

    /** Connected, and every folder subscription confirmed by the server (tests wait for this). */
    boolean busSettled() {
        RemoteBus b = bus;
        return b != null && b.isSettled();
    }

    /** The name of the account this service syncs ({@code --account NAME}). */
    public String accountName() {
        return ctx.account().map(org.oxisync.app.NamedAccount::name).orElse("");
    }

    /** Whether the real-time bus is connected now. */
    public boolean busConnected() {
        RemoteBus b = bus;
        return b != null && b.isConnected();
    }

    /** Starts watching, polling and scheduling every pair of the account; each pair runs once at start. */
    public void start() {
        if (!ctx.config().hasAccount()) {
            throw new IllegalStateException("not logged in; run `oxisync login SERVER_URL` first");
        }
        synchronized (this) {
            if (started || closed) {
                return;
            }
            started = true;
        }
        pairsChanged();
        startBus();
    }

    private void startBus() {
        if (!useBus || ctx.config().pinnedSha256() != null) {
            // a pinned self-signed certificate is trusted by the API client only; the bus stays off (polling)
            return;
        }
        RemoteBus b = new RemoteBus(java.net.URI.create(ctx.config().server()), busEndpoint,
                new BusAuthorization(ctx, clock), scheduler,
                new RemoteBus.Listener() {
                    @Override
                    public void connected() {
                        snapshot().forEach(w -> {
                            w.reschedulePoll();
                            w.pollSoon(); // events may have been missed while disconnected
                        });
                        env.statusChanged();
                    }

                    @Override
                    public void disconnected(String why) {
                        LOG.info("real-time bus lost ({}); polling every {} s", why, options.remotePoll().toSeconds());
                        snapshot().forEach(PairWorker::reschedulePoll);
                        env.statusChanged();
                    }

                    @Override
                    public void event(String folderId, String event) {
                        topics.owners(folderId).forEach(w -> w.remoteHint(folderId));
                    }
                });
        synchronized (this) {
            if (closed) {
                return;
            }
            bus = b;
        }
        b.watchFolders(topics.all());
        b.start();
    }

    /** Reads the pair's remote folders again ({@code remove}: forgets them) and tells the bus when they changed. */
    private void refreshFolders(PairWorker w, boolean remove) {
        if (topics.refresh(w, remove)) {
            RemoteBus b = bus;
            if (b != null) {
                b.watchFolders(topics.all());
            }
        }
    }

    /** Runs {@code pairOrNull} (null = every pair) as soon as it is free. */
    public void syncNow(String pairOrNull) {
        select(pairOrNull).forEach(PairWorker::syncNow);
    }

    /**
     * Answers the mass-delete guard for {@code pair} (the desktop app's dialog): its next run deletes the files or
     * copies them back, then the guard watches again.
     */
    public void answerMassDelete(String pair, MassDeleteChoice choice) {
        select(java.util.Objects.requireNonNull(pair, "pair")).forEach(w -> w.answerMassDelete(choice));
    }

    /**
     * Undoes {@code run} of {@code pair} (see {@link org.oxisync.core.undo.UndoRun}) in place of the pair's next run;
     * completes with what it did, or exceptionally when the pair is unknown or the undo failed.
     */
    public java.util.concurrent.CompletableFuture<org.oxisync.core.undo.UndoRun.Result> undo(String pair,
            org.oxisync.core.undo.RunRecord run) {
        return undo(pair, run.changes(), run.moves());
    }

    /** As {@link #undo(String, org.oxisync.core.undo.RunRecord)}, for changes of several runs ({@code undo --to}). */
    public java.util.concurrent.CompletableFuture<org.oxisync.core.undo.UndoRun.Result> undo(String pair,
            List<org.oxisync.core.undo.RunChange> changes, List<org.oxisync.core.undo.RunMove> moves) {
        List<PairWorker> ws = select(java.util.Objects.requireNonNull(pair, "pair"));
        if (ws.isEmpty()) {
            return java.util.concurrent.CompletableFuture.failedFuture(new IllegalArgumentException(
                    "no pair named '" + pair + "'"));
        }
        return ws.get(0).undo(changes, moves);
    }

    /**
     * Pauses {@code pairOrNull} (null = every pair, including pairs added later): a running run stops at its next
     * safe point (between items, or between chunk batches of a large transfer) and nothing new starts.
     */
    public void pause(String pairOrNull) {
        if (pairOrNull == null) {
            globalPause = true;
        }
        select(pairOrNull).forEach(PairWorker::pause);
    }

    public void resume(String pairOrNull) {
        List<PairWorker> ws = select(pairOrNull);
        if (pairOrNull == null) {
            globalPause = false;
        }
        ws.forEach(PairWorker::resume);
    }

    /** Limits in bytes per second (0 = unlimited), applied to the running transfers at once. */
    public void setBandwidth(long uploadBytesPerSecond, long downloadBytesPerSecond) {
        if (uploadBytesPerSecond < 0 || downloadBytesPerSecond < 0) {
            throw new IllegalArgumentException("bandwidth limits must be >= 0 (0 = unlimited)");
        }
        if (bandwidth == null) {
            throw new IllegalStateException("this service was built without the API client's bandwidth limits");
        }
        bandwidth.upload().setBytesPerSecond(uploadBytesPerSecond);
        bandwidth.download().setBytesPerSecond(downloadBytesPerSecond);
        uploadLimit = uploadBytesPerSecond;
        downloadLimit = downloadBytesPerSecond;
        env.statusChanged();
    }

    /** Current upload and download limits (bytes/s, 0 = unlimited). */
    public long[] bandwidthLimits() {
        return new long[] {uploadLimit, downloadLimit};
    }

    public boolean globallyPaused() {
        return globalPause;
    }

    /** Each pair's state, in the store's pair order. */
    public Map<String, PairStatus> status() {
        Map<String, PairStatus> out = new LinkedHashMap<>();
        for (PairWorker w : snapshot()) {
            out.put(w.name(), w.status());
        }
        return out;
    }

    /** What every surface shows of this account and its pairs now ({@link org.oxisync.app.state.StateDerivation}). */
    public org.oxisync.app.state.AccountView view() {
        Map<String, FolderPair> configured = pairs();
        return org.oxisync.app.state.AccountView.of(org.oxisync.app.state.ServiceFacts.of(status(),
                name -> configured.containsKey(name) ? org.oxisync.app.state.ServiceFacts.failingPaths(ctx.store(),
                        configured.get(name).id()) : java.util.Set.of()), true, globalPause);
    }

    /** Each pair's settings as its worker has them, by name (for the status: mode and role). */
    public Map<String, FolderPair> pairs() {
        Map<String, FolderPair> out = new LinkedHashMap<>();
        for (PairWorker w : snapshot()) {
            out.put(w.name(), w.pair());
        }
        return out;
    }

    /** Re-reads the pairs from the store: starts new ones, stops removed ones, applies changed settings. */
    public void pairsChanged() {
        if (!started || closed) {
            return;
        }
        List<FolderPair> pairs = ctx.store().accounts().pairs();
        List<PairWorker> added = new ArrayList<>();
        List<PairWorker> removed = new ArrayList<>();
        synchronized (this) {
            Map<String, FolderPair> byName = new LinkedHashMap<>();
            pairs.forEach(p -> byName.put(p.name(), p));
            for (var it = workers.entrySet().iterator(); it.hasNext(); ) {
                var e = it.next();
                FolderPair now = byName.get(e.getKey());
                if (now == null || now.id() != e.getValue().pair().id()) {
                    removed.add(e.getValue());
                    it.remove();
                } else {
                    e.getValue().update(now);
                }
            }
            for (FolderPair p : pairs) {
                if (!workers.containsKey(p.name())) {
                    PairWorker w = new PairWorker(env, p);
                    workers.put(p.name(), w);
                    added.add(w);
                }
            }
        }
        for (PairWorker w : removed) {
            w.stop();
            refreshFolders(w, true);
        }
        for (PairWorker w : added) {
            refreshFolders(w, false);
            if (globalPause) {
                w.pause();
            }
            w.start();
        }
        env.statusChanged();
    }

    /**
     * Stops syncing the pair named {@code name} before it is removed from the store: no new run starts, a running run
     * stops at its next safe point, and this waits for it to end (at most 30 s), so that no run writes rows of a pair
     * that is gone. {@link #pairsChanged()} afterwards starts it again if it is still in the store.
     */
    public void stopPair(String name) {
        PairWorker w;
        synchronized (this) {
            w = workers.remove(name);
        }
        if (w == null) {
            return;
        }
        w.stop();
        refreshFolders(w, true);
        try {
            if (!w.awaitRunEnd(System.nanoTime() + STOP_GRACE.toNanos())) {
                LOG.warn("{}: the run did not reach a safe point within {} s", name, STOP_GRACE.toSeconds());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        env.statusChanged();
    }

    /** Called (on a service thread) whenever some status changed; for the daemon's status endpoint. */
    public void onStatusChange(Runnable listener) {
        statusListeners.add(listener);
    }

    /** Runs finished per pair since start (for tests and benchmarks). */
    public long runCount(String pair) {
        PairWorker w;
        synchronized (this) {
            w = workers.get(pair);
        }
        return w == null ? 0 : w.runCount();
    }

    /**
     * Stops every trigger, asks running runs to stop at their next safe point and waits until they have ended (at
     * most 30 s), so that the caller can close the store.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
        }
        RemoteBus b = bus;
        if (b != null) {
            b.close();
        }
        List<PairWorker> ws = snapshot();
        ws.forEach(PairWorker::stop);
        long deadline = System.nanoTime() + STOP_GRACE.toNanos();
        for (PairWorker w : ws) {
            try {
                if (!w.awaitRunEnd(deadline)) {
                    LOG.warn("{}: the run did not reach a safe point within {} s; stopping anyway (the next start "
                            + "compares both sides again)", w.name(), STOP_GRACE.toSeconds());
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (ownsScheduler) {
            scheduler.close();
        }
        LOG.info("sync service stopped");
    }

    private synchronized List<PairWorker> snapshot() {
        return new ArrayList<>(workers.values());
    }

    private List<PairWorker> select(String pairOrNull) {
        if (pairOrNull == null) {
            return snapshot();
        }
        PairWorker w;
        synchronized (this) {
            w = workers.get(pairOrNull);
        }
        if (w == null) {
            throw new IllegalArgumentException("no pair named '" + pairOrNull + "'");
        }
        return List.of(w);
    }

    private final class Env implements ServiceEnv {
        @Override
        public Clock clock() {
            return clock;
        }

        @Override
        public ServiceOptions options() {
            return options;
        }

        @Override
        public TaskScheduler scheduler() {
            return scheduler;
        }

        @Override
        public SyncEvents events() {
            return events;
        }

        @Override
        public OxiCloudApi api() {
            return ctx.api();
        }

        @Override
        public LocalStore store() {
            return ctx.store();
        }

        @Override
        public SyncEngine engine(SyncListener listener) {
            return ctx.engine(listener);
        }

        @Override
        public SyncOptions syncOptions() {
            return SyncOptions.defaults(AppContext.hostName());
        }

        @Override
        public boolean globallyPaused() {
            return globalPause;
        }

        @Override
        public boolean busConnected() {
            return SyncService.this.busConnected();
        }

        @Override
        public LocalWatch localWatch() {
            return localWatch;
        }

        @Override
        public void runEnded(PairWorker worker) {
            synchronized (SyncService.this) {
                if (!workers.containsValue(worker)) {
                    return;
                }
            }
            refreshFolders(worker, false);
        }

        @Override
        public void statusChanged() {
            for (Runnable r : statusListeners) {
                try {
                    r.run();
                } catch (RuntimeException e) {
                    LOG.warn("status listener failed", e);
                }
            }
        }
    }
}
