package org.oxisync.app.state;

/** What a folder pair is doing right now, as the UI and {@code oxisync status} show it. */
public enum PairState {
    /** In sync as far as known; waiting for changes. */
    IDLE,
    /** A run is looking at the local folder and the server (scan, discovery, planning). */
    SCANNING,
    /** A run is transferring or applying changes. */
    SYNCING,
    /** Paused by the user; nothing new starts until resumed. */
    PAUSED,
    /** The server is unreachable or read-only; retried with backoff. */
    OFFLINE,
    /** The last run failed (configuration, authentication, missing local folder); retried on the next trigger. */
    ERROR;

    public String wireName() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
