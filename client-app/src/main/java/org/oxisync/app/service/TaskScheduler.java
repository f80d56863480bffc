package org.oxisync.app.service;

import java.time.Duration;

/**
 * The service's only source of threads and timers, so tests drive time: timers fire when a test's clock says so,
 * while runs still happen on a real thread. {@link #threads()} is the production implementation.
 */
public interface TaskScheduler extends AutoCloseable {

    /** Runs {@code task} once after {@code delay}; the returned handle cancels it if it has not started. */
    Cancellable schedule(Duration delay, Runnable task);

    /**
     * Runs {@code task} on the run lane: one thread, tasks in submission order. Sync runs of every pair go here,
     * so two runs never use the store at once.
     */
    void runLane(Runnable task);

    /** Runs {@code task} on a background thread of its own (watchers, the bus); must not block the caller. */
    void background(String name, Runnable task);

    /** Stops the timers; running tasks are left to finish. */
    @Override
    void close();

    /** A cancellable timer. */
    interface Cancellable {
        void cancel();
    }

    static TaskScheduler threads() {
        return new ThreadScheduler();
    }
}
