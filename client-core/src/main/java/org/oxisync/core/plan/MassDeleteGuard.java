package org.oxisync.core.plan;

/**
 * Stops a run that would delete more than half of a pair's files, and more than {@value #MIN_DELETES}, on
 * either side, before anything is deleted.
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
        return deletes > MIN_DELETES && deletes * 2L > files;
    }
}
