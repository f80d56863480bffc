package org.oxisync.app.control;

/** Exit codes shared by every command. */
public final class ExitCodes {
    /** In sync, or the command did what it was asked. */
    public static final int OK = 0;
    /** Some items failed (they are reported and retried next run). */
    public static final int ITEMS_FAILED = 1;
    /** Configuration or authentication error: nothing was synced. */
    public static final int CONFIG = 2;
    /** The mass-delete guard stopped the run before deleting. */
    public static final int STOPPED = 3;

    private ExitCodes() {}
}
