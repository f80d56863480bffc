package org.oxisync.core.engine;

import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.Reasons;

/** Turns exceptions into one line a user can act on, and into its kind ({@link Reasons}). */
final class Failures {
    private Failures() {}

    static String describe(Throwable e) {
        return Reasons.describe(e);
    }

    static Reason reason(Throwable e) {
        return Reasons.of(e);
    }
}
