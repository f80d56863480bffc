package org.oxisync.core.plan;

import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;

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

    /** How many files the plan deletes per side. */
    public record Verdict(int localFileDeletes, int remoteFileDeletes, int pairFileCount, boolean exceeds) {
        /** The report's message when the guard stops the run. */
        public String stopMessage() {
            return STOP_PREFIX + localFileDeletes + " local and " + remoteFileDeletes + " remote files of "
                    + pairFileCount + "; check the folders, then run again with --allow-mass-delete to go on";
        }

        /** The stopped run's reason: its kind, the counts as arguments, {@link #stopMessage()} as its sentence. */
        public Reason stopReason() {
            return new Reason(ReasonCode.MASS_DELETE_STOPPED, java.util.Map.of("local", String.valueOf(localFileDeletes),
                    "remote", String.valueOf(remoteFileDeletes), "files", String.valueOf(pairFileCount)), stopMessage());
        }

        /**
         * The counts of a run the guard stopped, read from its reason's arguments (the desktop app asks the user
         * with them), or empty when the reason is not the guard's.
         */
        public static java.util.Optional<Verdict> fromReason(Reason why) {
            if (why == null || why.code() != ReasonCode.MASS_DELETE_STOPPED) {
                return java.util.Optional.empty();
            }
            try {
                return java.util.Optional.of(new Verdict(Integer.parseInt(why.args().get("local")),
                        Integer.parseInt(why.args().get("remote")), Integer.parseInt(why.args().get("files")), true));
            } catch (NumberFormatException e) {
                return java.util.Optional.empty();
            }
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
