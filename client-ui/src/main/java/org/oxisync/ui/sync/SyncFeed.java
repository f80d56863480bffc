package org.oxisync.ui.sync;

import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.progress.ProgressSnapshot;

/**
 * What the UI hears from whatever runs the syncs. Called from sync threads; the receiver (the view-model
 * bridge) moves everything onto the FX thread. Pair names identify pairs, as in the engine's events.
 */
public interface SyncFeed {
    /** {@code problem}: the kind of the state's problem (offline, error), null when it is none. */
    default void stateChanged(String pair, PairPhase state, String detail, org.oxisync.core.reason.Reason problem) {}

    default void progress(String pair, ProgressSnapshot snapshot) {}

    default void itemCompleted(String pair, String description) {}

    default void conflict(String pair, String path, String copy) {}

    default void error(String pair, String path, org.oxisync.core.reason.Reason reason) {}

    default void runFinished(String pair, SyncReport report) {}
}
