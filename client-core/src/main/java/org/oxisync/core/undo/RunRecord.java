package org.oxisync.core.undo;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.oxisync.core.reason.ActivityCode;
import org.oxisync.store.status.Activity;
import org.oxisync.store.status.ActivityLog;

/**
 * A run as the activity log recorded it: its closing line (the {@link ActivityCode#RUN} line, whose id is the run's
 * number) and the item lines the run wrote before it. The log is bounded (ActivityLog's capacity): a run older than
 * its oldest lines can no longer be undone.
 */
public record RunRecord(long id, long pairId, Instant time, String summary, List<RunChange> changes,
                        List<RunMove> moves) {
    /** The number of items the run changed or moved. */
    public int size() {
        return changes.size() + moves.size();
    }

    /** The run numbered {@code id}, if it is a run line the log still holds. */
    public static Optional<RunRecord> load(ActivityLog log, long id) {
        return log.get(id).filter(a -> ActivityCode.RUN.stored().equals(a.code()) && a.pairId() != null)
                .map(a -> of(log, a));
    }

    /** The newest {@code limit} runs (of one pair, or all when null) that changed something, newest first. */
    public static List<RunRecord> recent(ActivityLog log, Long pairId, int limit) {
        List<RunRecord> out = new ArrayList<>();
        for (Activity a : log.recentOf(ActivityCode.RUN.stored(), pairId, Math.max(limit * 20, 200))) {
            if (a.pairId() == null || "0".equals(a.args().get("changes"))) {
                continue;
            }
            RunRecord r = of(log, a);
            if (r.size() > 0) {
                out.add(r);
            }
            if (out.size() == limit) {
                break;
            }
        }
        return out;
    }

    /** Every run of a pair closed after {@code after}, oldest first. */
    public static List<RunRecord> since(ActivityLog log, long pairId, Instant after) {
        List<RunRecord> out = new ArrayList<>();
        for (Activity a : log.recentOf(ActivityCode.RUN.stored(), pairId, ActivityLog.DEFAULT_CAPACITY)) {
            if (!a.time().isAfter(after)) {
                break;
            }
            out.add(0, of(log, a));
        }
        return out;
    }

    private static RunRecord of(ActivityLog log, Activity run) {
        List<RunChange> changes = new ArrayList<>();
        List<RunMove> moves = new ArrayList<>();
        for (Activity a : log.sinceLastOf(ActivityCode.RUN.stored(), run.pairId(), run.id())) {
            changes.addAll(RunChange.of(a));
            RunMove m = RunMove.of(a);
            if (m != null) {
                moves.add(m);
            }
        }
        return new RunRecord(run.id(), run.pairId(), run.time(), run.message(), List.copyOf(changes),
                List.copyOf(moves));
    }

    /**
     * The changes of {@code runs} (oldest first) as one change per path: the content before the first run that
     * changed it, after the last. Only paths at or under {@code folder} ("" for all).
     */
    public static List<RunChange> merged(List<RunRecord> runs, String folder) {
        Map<String, RunChange> byPath = new LinkedHashMap<>();
        for (RunRecord r : runs) {
            for (RunChange c : r.changes) {
                if (!within(c.path(), folder)) {
                    continue;
                }
                byPath.merge(c.path(), c, RunChange::then);
            }
        }
        return List.copyOf(byPath.values());
    }

    /** The moves of {@code runs} (oldest first), in the order they were made, from or to {@code folder}. */
    public static List<RunMove> moves(List<RunRecord> runs, String folder) {
        List<RunMove> out = new ArrayList<>();
        for (RunRecord r : runs) {
            for (RunMove m : r.moves) {
                if (within(m.from(), folder) || within(m.to(), folder)) {
                    out.add(m);
                }
            }
        }
        return out;
    }

    static boolean within(String path, String folder) {
        return folder.isEmpty() || path.equals(folder) || path.startsWith(folder + "/");
    }
}
