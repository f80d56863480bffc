package org.oxisync.app.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.function.Consumer;
import org.oxisync.core.progress.ProgressSnapshot;

/**
 * A run's progress for one pair, passed on at most {@link #INTERVAL} apart (ten a second) but never dropped: an update
 * that comes too soon waits for the end of the interval, so the newest state is always sent. Keeps the newest
 * snapshot for the pair's status. Its own lock; it never calls out while holding it.
 */
final class ProgressThrottle {
    static final Duration INTERVAL = Duration.ofMillis(100);

    private final Clock clock;
    private final TaskScheduler scheduler;
    private final Consumer<ProgressSnapshot> emit;
    private ProgressSnapshot latest;
    private Instant lastEmit;
    private TaskScheduler.Cancellable pending;

    ProgressThrottle(Clock clock, TaskScheduler scheduler, Consumer<ProgressSnapshot> emit) {
        this.clock = Objects.requireNonNull(clock, "clock");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.emit = Objects.requireNonNull(emit, "emit");
    }

    void offer(ProgressSnapshot snapshot) {
        Instant now = clock.instant();
        synchronized (this) {
            latest = snapshot;
            Duration since = lastEmit == null ? INTERVAL : Duration.between(lastEmit, now);
            if (since.isNegative()) {
                since = INTERVAL; // the clock went back: emit now, never hold progress for the jump
            }
            if (since.compareTo(INTERVAL) < 0) {
                if (pending == null) {
                    pending = scheduler.schedule(INTERVAL.minus(since), this::emitPending);
                }
                return;
            }
            lastEmit = now;
        }
        emit.accept(snapshot);
    }

    private void emitPending() {
        ProgressSnapshot newest;
        synchronized (this) {
            pending = null;
            newest = latest;
            lastEmit = clock.instant();
        }
        if (newest != null) {
            emit.accept(newest);
        }
    }

    /** The newest snapshot of the run going on, null between runs. */
    synchronized ProgressSnapshot latest() {
        return latest;
    }

    /** The run is over: its held-back progress no longer matters. */
    synchronized void runEnded() {
        latest = null;
        if (pending != null) {
            pending.cancel();
            pending = null;
        }
    }
}
