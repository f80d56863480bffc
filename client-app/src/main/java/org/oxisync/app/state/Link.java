package org.oxisync.app.state;

/** What the connection to an account's server knows now; one value for every pair of that server. */
public enum Link {
    ONLINE, OFFLINE, READ_ONLY, SIGNED_OUT
}
