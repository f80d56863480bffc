package org.oxisync.core.plan;

/**
 * Stops a run before anything is deleted when it would delete, on either side, every file of a pair that holds more
 * than one, or more than half of its files and more than {@value #MIN_DELETES}. The first protects small pairs: a
 * folder replaced by an empty one (an unmounted disk, {@code rm -rf DIR && mkdir DIR}) or a server listing that says
 * everything is gone would otherwise empty the other side with exit 0.
 */
public final class MassDeleteGuard {
    public static final int MIN_DELETES = 100;

    /** How many files the plan deletes per side. */
    public record Verdict(int localFileDeletes, int remoteFileDeletes, int pairFileCount, boolean exceeds) {}

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
