package org.oxisync.app.service;

import java.time.Duration;
import org.oxisync.core.reason.Reason;

/**
 * A pair's wait while its server is unreachable: 5 s after the first failed probe, doubled at each further one, at
 * most 5 minutes; a probe that answers starts over. Also keeps why the pair last went offline (shown again when a
 * paused pair resumes). Not thread-safe: its {@link PairWorker} guards it with its own lock.
 */
final class OfflineBackoff {
    static final Duration FIRST = Duration.ofSeconds(5);
    static final Duration MAX = Duration.ofMinutes(5);

    private boolean waiting;
    private int attempts;
    private Reason last;

    /** The pair went offline for {@code reason}: how long to wait before the next try. */
    Duration wentOffline(Reason reason) {
        last = reason;
        waiting = true;
        long factor = 1L << Math.min(attempts, 16);
        Duration wait = FIRST.multipliedBy(factor);
        if (wait.compareTo(MAX) > 0) {
            wait = MAX;
        }
        attempts++;
        return wait;
    }

    /** The server answered: the next outage starts with the shortest wait. */
    void answered() {
        attempts = 0;
    }

    /** The wait is over: the retry run may start. */
    void retrying() {
        waiting = false;
    }

    boolean waiting() {
        return waiting;
    }

    Reason lastReason() {
        return last;
    }
}
