package org.oxisync.core.plan;

/**
 * Stops a run before anything is deleted when it would delete, on either side, every file of a pair that holds more
 * than one, or more than half of its files and more than {@value #MIN_DELETES}. The first protects small pairs: a
 * folder replaced by an empty one (an unmounted disk, {@code rm -rf DIR && mkdir DIR}) or a server listing that says
 * everything is gone would otherwise empty the other side with exit 0.
 */
public final class MassDeleteGuard {
    public static final int MIN_DELETES = 100;

    /** The start of the message of a run the guard stopped ({@link Verdict#stopMessage()}). */
    public static final String STOP_PREFIX = "stopped before deleting: this run would delete ";
    private static final java.util.regex.Pattern STOP_MESSAGE = java.util.regex.Pattern.compile(
            java.util.regex.Pattern.quote(STOP_PREFIX) + "(\\d+) local and (\\d+) remote files of (\\d+)\\b.*",
            java.util.regex.Pattern.DOTALL);

    /** How many files the plan deletes per side. */
    public record Verdict(int localFileDeletes, int remoteFileDeletes, int pairFileCount, boolean exceeds) {
        /** The report's message when the guard stops the run; {@link #fromStopMessage} reads it back. */
        public String stopMessage() {
            return STOP_PREFIX + localFileDeletes + " local and " + remoteFileDeletes + " remote files of "
                    + pairFileCount + "; check the folders, then run again with --allow-mass-delete to go on";
        }

        /**
         * The counts of a stopped run's message (the desktop app asks the user with them), or empty when the
         * message is not the guard's.
         */
        public static java.util.Optional<Verdict> fromStopMessage(String message) {
            java.util.regex.Matcher m = message == null ? null : STOP_MESSAGE.matcher(message);
            if (m == null || !m.matches()) {
                return java.util.Optional.empty();
            }
            return java.util.Optional.of(new Verdict(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)),
                    Integer.parseInt(m.group(3)), true));
        }
    }

    private MassDeleteGuard() {}

    /** @param pairFileCount files of the pair before the run (for example the journal's file count) */
    public static Verdict check(SyncPlan plan, int pairFileCount) {
        int local = 0;
        int remote = 0;
        for (SyncAction a : plan.actions()) {
            if (a instanceof SyncAction.DeleteLocal d) {
                local += d.fileCount();
            } else if (a instanceof SyncAction.DeleteRemote d) {
                remote += d.fileCount();
            }
        }
        return new Verdict(local, remote, pairFileCount, tooMany(local, pairFileCount) || tooMany(remote, pairFileCount));
    }

    private static boolean tooMany(int deletes, int files) {
        return files > 1 && deletes >= files || deletes > MIN_DELETES && deletes * 2L > files;
    }
}
