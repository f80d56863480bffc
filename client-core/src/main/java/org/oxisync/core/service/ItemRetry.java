package org.oxisync.core.service;

import java.time.Duration;

/**
 * When a run leaves items failed (a partial run: "they are retried next run") or fails as a whole while the server
 * is reachable, the next run must come on its own: nothing else may trigger one (no local event, no remote change),
 * and an item stuck until the hourly full run is a sync that did not converge (found by the many-clients runner: a
 * move that failed because a copy the same run deleted was still in its way waited for a run that never came). The
 * first retry comes after {@link #FIRST}, each further one after twice the last, at most {@link #MAX}; a run that
 * ends in sync starts over.
 */
final class ItemRetry {
    static final Duration FIRST = Duration.ofSeconds(10);
    static final Duration MAX = Duration.ofMinutes(10);

    private int failedRuns;

    /** The wait before the retry of a run that left something failed; each call doubles the next one. */
    synchronized Duration afterFailedRun() {
        Duration wait = FIRST.multipliedBy(1L << Math.min(failedRuns, 16));
        failedRuns++;
        return wait.compareTo(MAX) > 0 ? MAX : wait;
    }

    /** A run ended in sync. */
    synchronized void reset() {
        failedRuns = 0;
    }
}
