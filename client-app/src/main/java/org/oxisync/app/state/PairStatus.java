package org.oxisync.app.state;

import java.time.Instant;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.progress.ProgressSnapshot;

/**
 * One pair's current state.
 *
 * @param pair the pair's name
 * @param detail a short human sentence (why offline, what failed, "paused", ...)
 * @param progress the running run's latest progress, or null when no run transfers
 * @param lastReport the last finished run's report, or null before the first run of this process
 * @param lastRun when the last run finished, or null
 * @param problem the kind of the state's problem (offline, read-only, error), or null when it is none
 */
public record PairStatus(String pair, PairState state, String detail, ProgressSnapshot progress,
                         SyncReport lastReport, Instant lastRun, org.oxisync.core.reason.Reason problem) {
    public PairStatus(String pair, PairState state, String detail, ProgressSnapshot progress, SyncReport lastReport,
                      Instant lastRun) {
        this(pair, state, detail, progress, lastReport, lastRun, null);
    }
}
