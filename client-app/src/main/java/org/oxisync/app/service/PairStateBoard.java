package org.oxisync.app.service;

import java.time.Instant;
import java.util.Objects;
import java.util.function.Supplier;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.core.reason.Reason;
import org.oxisync.app.state.PairState;
import org.oxisync.app.state.PairStatus;

/**
 * What one pair shows: its state, the state's detail and problem, the last run's report and time, and how many runs
 * ended. A change of state is announced ({@link SyncEvents#stateChanged}, then the service's status listeners) after
 * the board's lock is let go; the lock guards only these fields, so reading the status never waits for a run.
 */
final class PairStateBoard {
    private final SyncEvents events;
    private final Supplier<String> pairName;
    private final Runnable statusChanged;

    private PairState state = PairState.IDLE;
    private String detail = "waiting for the first run";
    /** The kind of the state's problem (offline, error); null when the state is none. */
    private Reason problem;
    private SyncReport lastReport;
    private Instant lastRun;
    private long runCount;

    PairStateBoard(SyncEvents events, Supplier<String> pairName, Runnable statusChanged) {
        this.events = events;
        this.pairName = pairName;
        this.statusChanged = statusChanged;
    }

    /** {@code problem}: the kind of the state's problem (offline, error), null for a state that is none. */
    void set(PairState s, String d, Reason why) {
        synchronized (this) {
            if (state == s && Objects.equals(detail, d) && Objects.equals(problem, why)) {
                return;
            }
            state = s;
            detail = d;
            problem = why;
        }
        events.stateChanged(pairName.get(), s, d, why);
        statusChanged.run();
    }

    synchronized PairState state() {
        return state;
    }

    synchronized String detail() {
        return detail;
    }

    /** A run ended with {@code report} at {@code at}. */
    synchronized void runEnded(SyncReport report, Instant at) {
        lastReport = report;
        lastRun = at;
        runCount++;
    }

    synchronized long runCount() {
        return runCount;
    }

    /** The status as shown; {@code watchProblem} (null = none) is appended to an idle pair's detail. */
    synchronized PairStatus status(String watchProblem, ProgressSnapshot progress) {
        String d = watchProblem != null && state == PairState.IDLE ? detail + "; " + watchProblem : detail;
        return new PairStatus(pairName.get(), state, d, progress, lastReport, lastRun, problem);
    }
}
