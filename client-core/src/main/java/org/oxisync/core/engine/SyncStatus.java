package org.oxisync.core.engine;

/** How a run ended; the CLI maps it to its exit code. */
public enum SyncStatus {
    /** Both sides are in sync. */
    OK,
    /** Some items failed; they are reported and retried next run. */
    PARTIAL,
    /** The run could not proceed (configuration, authentication, server unreachable). */
    FAILED,
    /** The run stopped on purpose before changing anything (the mass-delete guard). */
    STOPPED;

    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
