package org.oxisync.ui.base;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import javafx.application.Platform;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The small executor every controller hands its I/O to: the work runs on a daemon worker, its result or failure
 * comes back on the FX thread. Controllers never block the FX thread on the network, the disk or SQL.
 *
 * <p>Two lanes: {@link #run} for the work a screen waits for (a listing, a check, a save), and {@link #runWalk} for
 * long walks nobody waits for (a folder's size: up to {@code RemoteFolders.SIZE_FOLDER_CAP} listings each). They
 * have their own threads: when both shared three, opening the selective-sync tree sized every folder it showed, and
 * the listing of a folder the user opened queued behind those walks (Settings' folder tree was slow to show under
 * load; {@code FolderLoaderLanesTest}).
 */
public final class Background implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Background.class);

    private final ExecutorService pool;
    private final ExecutorService walks;
    private final AtomicInteger running = new AtomicInteger();

    /** {@code threads} for the work screens wait for, {@code walkThreads} for long walks. */
    public Background(int threads, int walkThreads) {
        this.pool = Executors.newFixedThreadPool(threads, daemons("oxisync-ui-worker-"));
        this.walks = Executors.newFixedThreadPool(walkThreads, daemons("oxisync-ui-walk-"));
    }

    private static ThreadFactory daemons(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /** Runs {@code work} off the FX thread; {@code onDone} or {@code onError} then runs on the FX thread. */
    public <T> Future<?> run(Callable<T> work, Consumer<T> onDone, Consumer<Throwable> onError) {
        return runOn(pool, work, onDone, onError);
    }

    /** As {@link #run}, on the lane of long walks, so that they never delay the work a screen waits for. */
    public <T> Future<?> runWalk(Callable<T> work, Consumer<T> onDone, Consumer<Throwable> onError) {
        return runOn(walks, work, onDone, onError);
    }

    private <T> Future<?> runOn(ExecutorService lane, Callable<T> work, Consumer<T> onDone,
                                Consumer<Throwable> onError) {
        if (lane.isShutdown()) {
            // Late events after the shell closed (a run ending during shutdown) have nothing left to update.
            return java.util.concurrent.CompletableFuture.completedFuture(null);
        }
        running.incrementAndGet();
        try {
            return submit(lane, work, onDone, onError);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            running.decrementAndGet();
            return java.util.concurrent.CompletableFuture.completedFuture(null);
        }
    }

    private <T> Future<?> submit(ExecutorService lane, Callable<T> work, Consumer<T> onDone,
                                 Consumer<Throwable> onError) {
        return lane.submit(() -> {
            try {
                T result = work.call();
                Platform.runLater(() -> onDone.accept(result));
            } catch (Throwable e) {
                if (!(e instanceof InterruptedException)) {
                    LOG.debug("background task failed", e);
                }
                Platform.runLater(() -> onError.accept(e));
            } finally {
                running.decrementAndGet();
            }
        });
    }

    /** Fire-and-forget work whose failure is only logged. */
    public void run(Runnable work) {
        run(() -> {
            work.run();
            return null;
        }, r -> { }, e -> LOG.warn("background task failed: {}", e.toString()));
    }

    /** How many tasks are queued or running (tests wait for zero). */
    public int pending() {
        return running.get();
    }

    @Override
    public void close() {
        pool.shutdownNow();
        walks.shutdownNow();
        try {
            // a task still running may open the account's store again after the shell closed it: wait for it
            pool.awaitTermination(5, java.util.concurrent.TimeUnit.SECONDS);
            walks.awaitTermination(5, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
