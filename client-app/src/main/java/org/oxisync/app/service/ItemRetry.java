package org.oxisync.app.service;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.oxisync.core.engine.ItemError;
import org.oxisync.core.reason.ReasonCode;

/**
 * When a run leaves items failed (a partial run: "they are retried next run") or fails as a whole while the server
 * is reachable, the next run must come on its own: nothing else may trigger one (no local event, no remote change),
 * and an item stuck until the hourly full run is a sync that did not converge (found by the many-clients runner: a
 * move that failed because a copy the same run deleted was still in its way waited for a run that never came). The
 * first retry comes after {@link #FIRST}, each further one after twice the last, at most {@link #MAX}; a run that
 * ends in sync starts over.
 * <p>
 * A run whose only failures are items that changed on this computer while the run worked on them (written,
 * created or removed between the scan and the action: {@link #LOCAL_RACES}) is retried after {@link #RACE} instead,
 * and does not lengthen the backoff: nothing is wrong with the server or the item, the run only has to look again.
 * Measured with ten devices on one folder: after a burst of work, such runs had grown the backoff to 80 s, and a
 * file missing on one device waited that long. At most {@link #RACE_LIMIT} such quick retries come in a row (a file
 * that is written all the time, like a log, must not make the pair sync in a loop); then the doubling backoff
 * applies. A run whose failures are the server's delta limit (and races) is retried right after the pause the limit
 * imposes ({@link #rateLimitPause}).
 */
final class ItemRetry {
    static final Duration FIRST = Duration.ofSeconds(10);
    static final Duration MAX = Duration.ofMinutes(10);
    static final Duration RACE = Duration.ofSeconds(2);
    static final int RACE_LIMIT = 5;
    /** The failures that only mean "look again": the item changed locally between the scan and the action. */
    static final Set<ReasonCode> LOCAL_RACES = Set.of(ReasonCode.CHANGED_DURING_RUN, ReasonCode.CHANGED_WHILE_READING,
            ReasonCode.CHANGED_WHILE_UPLOADING, ReasonCode.GONE_LOCALLY);

    private int failedRuns;
    private int quickRetries;

    /** The wait before the retry of a run that left {@code failures} failed; a slow retry doubles the next one. */
    synchronized Duration afterFailedRun(List<ItemError> failures) {
        boolean racesOnly = !failures.isEmpty() && failures.stream().allMatch(f -> LOCAL_RACES.contains(f.code()));
        if (racesOnly && quickRetries < RACE_LIMIT) {
            quickRetries++;
            return RACE;
        }
        Duration pause = rateLimitPause(failures);
        if (pause != null) {
            return pause;
        }
        Duration wait = FIRST.multipliedBy(1L << Math.min(failedRuns, 16));
        failedRuns++;
        return wait.compareTo(MAX) > 0 ? MAX : wait;
    }

    /**
     * When every failure is either a local race or the server's delta limit, and the limit said how long this
     * account must stay silent (the pause of {@code DeltaBudget}: at least the server's 60 s window; no delta request
     * is sent during it): the retry comes right after that pause, not on the doubling schedule, which after a few
     * busy runs would come up to minutes later than needed. The pause itself bounds how often this can happen.
     * Null when the doubling applies.
     */
    private static Duration rateLimitPause(List<ItemError> failures) {
        Duration longest = null;
        for (ItemError f : failures) {
            if (f.code() == ReasonCode.RATE_LIMITED) {
                Duration d = secondsArg(f);
                if (d == null) {
                    return null;
                }
                longest = longest == null || d.compareTo(longest) > 0 ? d : longest;
            } else if (!LOCAL_RACES.contains(f.code())) {
                return null;
            }
        }
        return longest == null ? null : longest.plus(RACE);
    }

    private static Duration secondsArg(ItemError f) {
        try {
            String s = f.why().args().get("seconds");
            long seconds = s == null ? -1 : Long.parseLong(s);
            return seconds < 0 || seconds > MAX.toSeconds() ? null : Duration.ofSeconds(seconds);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** A run ended in sync. */
    synchronized void reset() {
        failedRuns = 0;
        quickRetries = 0;
    }
}
