package org.oxisync.core.service;

import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.progress.ProgressSnapshot;

/**
 * What the {@link SyncService} tells its UI. Every method has a no-op default. Called from service threads: a UI
 * marshals to its own thread, and must not block here.
 */
public interface SyncEvents {
    SyncEvents NONE = new SyncEvents() {};

    default void stateChanged(String pair, PairState state, String detail) {}

    /** A run's progress; at most 10 per second per pair. */
    default void progress(String pair, ProgressSnapshot snapshot) {}

    /** One action of a run finished successfully ({@code description} is the plan line). */
    default void itemCompleted(String pair, String description) {}

    /** A conflict copy was made. */
    default void conflict(String pair, String path, String conflictCopy) {}

    /** An item failed ({@code path} is the plan line), or the pair as a whole ({@code path} empty). */
    default void error(String pair, String path, String reason) {}

    /** A run ended. */
    default void runFinished(String pair, SyncReport report) {}
}
