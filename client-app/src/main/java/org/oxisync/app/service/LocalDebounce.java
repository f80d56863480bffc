package org.oxisync.app.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Local changes come in bursts: the run they ask for starts once the burst has been quiet for the quiet period, and
 * at most the maximum delay after the burst's first change. Not thread-safe: its {@link PairWorker} guards it with its
 * own lock; {@code fire} is called on the scheduler's thread without it.
 */
final class LocalDebounce {
    private final Clock clock;
    private final TaskScheduler scheduler;
    private final ServiceOptions options;
    private final Runnable fire;
    private Instant burstStart;
    private TaskScheduler.Cancellable timer;

    LocalDebounce(Clock clock, TaskScheduler scheduler, ServiceOptions options, Runnable fire) {
        this.clock = clock;
        this.scheduler = scheduler;
        this.options = options;
        this.fire = fire;
    }

    /** A change: (re)starts the quiet period, never past the burst's maximum delay. */
    void changed() {
        Instant now = clock.instant();
        if (burstStart == null) {
            burstStart = now;
        }
        if (timer != null) {
            timer.cancel();
        }
        Instant due = now.plus(options.quietPeriod());
        Instant latest = burstStart.plus(options.maxDelay());
        if (due.isAfter(latest)) {
            due = latest;
        }
        Duration delay = Duration.between(now, due);
        timer = scheduler.schedule(delay.isNegative() ? Duration.ZERO : delay, fire);
    }

    /** The timer fired: the burst is over (a timer a later change set meanwhile stays). */
    void fired() {
        burstStart = null;
        timer = null;
    }

    /** A run starts that takes the burst's changes. */
    void reset() {
        burstStart = null;
        cancel();
    }

    boolean inBurst() {
        return burstStart != null;
    }

    void cancel() {
        if (timer != null) {
            timer.cancel();
            timer = null;
        }
    }
}
