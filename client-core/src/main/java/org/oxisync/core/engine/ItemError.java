package org.oxisync.core.engine;

import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;

/**
 * One item that failed or was left out in a run: its kind ({@link Reason#code()}, what a UI translates) and the
 * English sentence a user can act on ({@link #reason()}, what the CLI and the log show).
 */
public record ItemError(String path, Reason why) {
    public ItemError {
        java.util.Objects.requireNonNull(why, "why");
    }

    /** The English sentence (the CLI's and the log's words). */
    public String reason() {
        return why.detail();
    }

    public ReasonCode code() {
        return why.code();
    }
}
