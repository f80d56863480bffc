package org.oxisync.ui.app;

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
 */
public final class Background implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Background.class);

    private final ExecutorService pool;
    private final AtomicInteger running = new AtomicInteger();

    public Background(int threads) {
        AtomicInteger n = new AtomicInteger();
        ThreadFactory f = r -> {
            Thread t = new Thread(r, "oxisync-ui-worker-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
        this.pool = Executors.newFixedThreadPool(threads, f);
    }

    /** Runs {@code work} off the FX thread; {@code onDone} or {@code onError} then runs on the FX thread. */
    public <T> Future<?> run(Callable<T> work, Consumer<T> onDone, Consumer<Throwable> onError) {
        if (pool.isShutdown()) {
            // Late events after the shell closed (a run ending during shutdown) have nothing left to update.
            return java.util.concurrent.CompletableFuture.completedFuture(null);
        }
        running.incrementAndGet();
        try {
            return submit(work, onDone, onError);
        } catch (java.util.concurrent.RejectedExecutionException e) {
            running.decrementAndGet();
            return java.util.concurrent.CompletableFuture.completedFuture(null);
        }
    }

    private <T> Future<?> submit(Callable<T> work, Consumer<T> onDone, Consumer<Throwable> onError) {
        return pool.submit(() -> {
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
        try {
            // a task still running may open the account's store again after the shell closed it: wait for it
            pool.awaitTermination(5, java.util.concurrent.TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
