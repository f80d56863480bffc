package org.oxisync.core.engine;

import java.time.Duration;
import java.util.List;
import org.oxisync.core.reason.Reason;

/**
 * The outcome of one run of one pair. Counts are of items actually carried out.
 *
 * @param plan the plan's lines (for {@code --dry-run}, and for the log)
 * @param skipped entries left out on purpose and not errors (symbolic links, special files)
 * @param message the run's outcome in English (the CLI's status line)
 * @param problem why the run as a whole failed or stopped (its kind for a UI, {@code message} as its sentence);
 *                null when it did not (a run with failed items lists their reasons in {@code errors})
 */
public record SyncReport(String pair, SyncStatus status, int uploaded, int downloaded, int deletedLocal,
                         int deletedRemote, int moved, int conflicts, long bytesSent, long bytesReceived,
                         long bytesReused, List<ItemError> errors, List<ItemError> skipped, List<String> plan,
                         String message, Duration elapsed, Reason problem) {
    public SyncReport {
        errors = List.copyOf(errors);
        skipped = List.copyOf(skipped);
        plan = plan instanceof PlanLines ? plan : List.copyOf(plan); // PlanLines: immutable, made on reading
    }

    /** The same report with another run time (the engine's last step may come after the report is made). */
    public SyncReport withElapsed(Duration newElapsed) {
        return new SyncReport(pair, status, uploaded, downloaded, deletedLocal, deletedRemote, moved, conflicts,
                bytesSent, bytesReceived, bytesReused, errors, skipped, plan, message, newElapsed, problem);
    }

    /** A run that failed as a whole; {@code why}'s sentence is the report's message. */
    public static SyncReport failed(String pair, Reason why, Duration elapsed) {
        return new SyncReport(pair, SyncStatus.FAILED, 0, 0, 0, 0, 0, 0, 0, 0, 0, List.of(), List.of(), List.of(),
                why.detail(), elapsed, why);
    }

    /** How many changes the run made: files sent, received, deleted on either side, moved, and conflicts. */
    public int changes() {
        return uploaded + downloaded + deletedLocal + deletedRemote + moved + conflicts;
    }

    /** True when the run changed anything on either side (or made a conflict copy). */
    public boolean changedAnything() {
        return changes() > 0;
    }

    /** Exit code of {@code oxisync sync-once}: 0 in sync, 1 items failed, 2 configuration/auth, 3 stopped. */
    public int exitCode() {
        return switch (status) {
            case OK -> 0;
            case PARTIAL -> 1;
            case FAILED -> 2;
            case STOPPED -> 3;
        };
    }
}
