package org.oxisync.app.service;

import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/** The production {@link TaskScheduler}: one timer thread, one run-lane thread, daemon threads for the rest. */
final class ThreadScheduler implements TaskScheduler {
    private final ScheduledThreadPoolExecutor timers;
    private final ExecutorService lane;

    ThreadScheduler() {
        timers = new ScheduledThreadPoolExecutor(1, r -> daemon(r, "oxisync-timer"));
        timers.setRemoveOnCancelPolicy(true);
        lane = Executors.newSingleThreadExecutor(r -> daemon(r, "oxisync-run"));
    }

    private static Thread daemon(Runnable r, String name) {
        Thread t = new Thread(r, name);
        t.setDaemon(true);
        return t;
    }

    @Override
    public Cancellable schedule(Duration delay, Runnable task) {
        ScheduledFuture<?> f = timers.schedule(task, Math.max(0, delay.toMillis()), TimeUnit.MILLISECONDS);
        return () -> f.cancel(false);
    }

    @Override
    public void runLane(Runnable task) {
        lane.execute(task);
    }

    @Override
    public void background(String name, Runnable task) {
        daemon(task, name).start();
    }

    @Override
    public void close() {
        timers.shutdownNow();
        lane.shutdown();
    }
}
