package org.oxisync.core.engine;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;
import org.oxisync.store.account.FolderPair;

/** Builds the {@link SyncReport} of a {@link SyncEngine} run from what the run did, and its one-line summary. */
final class RunReports {
    private final Clock clock;

    RunReports(Clock clock) {
        this.clock = clock;
    }

    SyncReport stoppedBeforeChanges(FolderPair pair, Instant start) {
        return new SyncReport(pair.name(), SyncStatus.STOPPED, 0, 0, 0, 0, 0, 0, 0, 0, 0, List.of(), List.of(),
                List.of(), PlanExecutor.STOPPED_ON_REQUEST, elapsed(start),
                Reason.of(ReasonCode.STOPPED, PlanExecutor.STOPPED_ON_REQUEST));
    }

    SyncReport report(FolderPair pair, RunTally t, List<String> plan, Reason abort, Instant start,
                      boolean dryRun) {
        List<ItemError> errors = t.errors();
        SyncStatus status;
        String message;
        Reason problem = null;
        if (abort != null && PlanExecutor.STOPPED_ON_REQUEST.equals(abort.detail())) {
            status = SyncStatus.STOPPED;
            message = errors.isEmpty() ? abort.detail() : abort.detail() + "; " + errors.size() + " item(s) failed before";
            problem = abort.withDetail(message);
        } else if (abort != null) {
            status = abort.code() == ReasonCode.SIGN_IN_REFUSED ? SyncStatus.FAILED : SyncStatus.PARTIAL;
            message = abort.detail();
            problem = abort;
        } else if (!errors.isEmpty()) {
            status = SyncStatus.PARTIAL;
            message = errors.size() + " item(s) failed; they are retried next run";
        } else {
            status = SyncStatus.OK;
            message = dryRun ? "dry run: nothing was changed" : "in sync";
            if (!dryRun && !t.skipped().isEmpty()) { // the status line says that something is left out, and where
                message += "; " + t.skipped().size() + " item(s) held back or left out (listed as skipped)";
            }
        }
        return new SyncReport(pair.name(), status, t.uploaded.get(), t.downloaded.get(), t.deletedLocal.get(),
                t.deletedRemote.get(), t.moved.get(), t.conflicts.get(), t.bytesSent.get(), t.bytesReceived.get(),
                t.bytesReused.get(), errors, t.skipped(), plan, message, elapsed(start), problem);
    }

    /** Never negative: the wall clock may have gone back during the run. */
    Duration elapsed(Instant start) {
        Duration d = Duration.between(start, clock.instant());
        return d.isNegative() ? Duration.ZERO : d;
    }

    static String summary(SyncReport r) {
        return "uploaded " + r.uploaded() + ", downloaded " + r.downloaded() + ", deleted " + r.deletedLocal()
                + " local / " + r.deletedRemote() + " remote, moved " + r.moved() + ", conflicts " + r.conflicts()
                + ", errors " + r.errors().size();
    }
}
