package org.oxisync.app.state;

import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.core.reason.Reason;

/**
 * What is known about one pair now: the engine's state for it and its problem, the running run's progress (null when
 * none), how many items fail (the store's failing items with the last run's other errors) and how many the last run
 * left out.
 */
public record PairFacts(String pair, PairState engine, Reason problem, ProgressSnapshot progress, int failing,
                        int leftOut) {
    public PairFacts {
        engine = engine == null ? PairState.IDLE : engine;
    }
}
