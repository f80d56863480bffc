package org.oxisync.app.state;

import java.util.Locale;

/**
 * What a pair or an account is shown as, most urgent first: the order in which an account's pairs are folded
 * ({@link StateDerivation#account}) after the busy states, which a running run always shows.
 */
public enum Shown {
    /** No sign-in, or the server refused it: nothing syncs until the user signs in again. */
    SIGNED_OUT,
    /** A run is transferring or applying changes (with byte progress). */
    SYNCING,
    /** A run is comparing the folder with the server. */
    CHECKING,
    /** The pair cannot sync at all (its folder is missing, an invalid ignore file, the server folder is gone). */
    PROBLEM,
    /** The server cannot be reached; retried with backoff. Applies to every pair of that server. */
    OFFLINE,
    /** The server is read-only for now (maintenance): nothing is written. Applies to every pair of that server. */
    READ_ONLY,
    /** Paused by the user. */
    PAUSED,
    /** Some items fail; everything else is in sync. */
    FAILING,
    /** In sync, except items that cannot be synced (a link, a name the other side refuses, held back by rights). */
    LEFT_OUT,
    /** In sync as far as known. */
    UP_TO_DATE;

    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public boolean busy() {
        return this == SYNCING || this == CHECKING;
    }
}
