package org.oxisync.app.service;

import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.core.reason.Reason;
import org.oxisync.app.state.PairState;

/**
 * What the {@link SyncService} tells its UI. Every method has a no-op default. Called from service threads: a UI
 * marshals to its own thread, and must not block here.
 */
public interface SyncEvents {
    SyncEvents NONE = new SyncEvents() {};

    default void stateChanged(String pair, PairState state, String detail) {}

    /**
     * The state changed, with the kind of the problem when it is one ({@code problem}: null when the state is not a
     * problem; its sentence is {@code detail}). By default a {@link #stateChanged(String, PairState, String)}.
     */
    default void stateChanged(String pair, PairState state, String detail, Reason problem) {
        stateChanged(pair, state, detail);
    }

    /** A run's progress; at most 10 per second per pair. */
    default void progress(String pair, ProgressSnapshot snapshot) {}

    /** One action of a run finished successfully ({@code description} is the plan line). */
    default void itemCompleted(String pair, String description) {}

    /** A conflict copy was made. */
    default void conflict(String pair, String path, String conflictCopy) {}

    /** An item failed ({@code path} is the plan line), or the pair as a whole ({@code path} empty). */
    default void error(String pair, String path, String reason) {}

    /** An item or the pair failed, with the kind of the failure; by default an {@link #error(String, String, String)}. */
    default void error(String pair, String path, Reason reason) {
        error(pair, path, reason.detail());
    }

    /** A run ended. */
    default void runFinished(String pair, SyncReport report) {}
}
