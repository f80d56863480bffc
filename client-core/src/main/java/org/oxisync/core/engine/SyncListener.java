package org.oxisync.core.engine;

import org.oxisync.core.progress.ProgressSnapshot;

/** Observes runs (the CLI's progress line, the UI, the daemon's status). Every method has a no-op default. */
public interface SyncListener {
    SyncListener NONE = new SyncListener() {};

    /** A phase starts: "scanning", "discovering", "planning", "syncing". */
    default void phase(String pair, String phase) {}

    /** Transfer progress changed (called often; listeners throttle). */
    default void progress(String pair, ProgressSnapshot snapshot) {}

    /** One action finished; {@code error} is null on success. */
    default void itemDone(String pair, String description, String error) {}

    /** One action failed, or was refused and held back: {@code why} has its kind; by default an {@link #itemDone}. */
    default void itemFailed(String pair, String description, org.oxisync.core.reason.Reason why) {
        itemDone(pair, description, why.detail());
    }

    /** A conflict copy was made. */
    default void conflict(String pair, String path, String conflictCopy) {}

    /** The run ended. */
    default void finished(SyncReport report) {}
}
