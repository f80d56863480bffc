package org.oxisync.core.undo;

import java.util.Map;
import org.oxisync.core.reason.ActivityCode;
import org.oxisync.store.status.Activity;

/**
 * One item a run changed, as its activity line recorded it: the content before (null when the run created the
 * path), after (null when the run removed it), the server's id of the item, and whether it is a folder.
 */
public record RunChange(String path, ActivityCode code, String before, String after, String remoteId,
                        boolean folder) {
    /** The item lines a run can be undone by: what was sent, received, deleted here or trashed on the server. */
    static boolean undoable(ActivityCode code) {
        return switch (code) {
            case SENT, RECEIVED, DELETED_ON_SERVER, FOLDER_DELETED_ON_SERVER, TRASHED -> true;
            default -> false;
        };
    }

    /** The lines of a conflict the run kept both versions of: its path and its copy are left to the user. */
    static boolean conflict(ActivityCode code) {
        return switch (code) {
            case SENT_CONFLICT_COPY, CONFLICT_KEPT_LOCAL, CONFLICT_OVERTAKEN, CONFLICT_CHANGED_WHILE_REPLACED -> true;
            default -> false;
        };
    }

    public boolean conflict() {
        return conflict(code);
    }

    /** The changes an item line records: none for a line that is not an item change; a conflict's path and copy. */
    static java.util.List<RunChange> of(Activity a) {
        ActivityCode code = codeOf(a.code());
        if (code == null || a.path() == null || a.path().isEmpty()) {
            return java.util.List.of();
        }
        if (conflict(code)) {
            java.util.List<RunChange> out = new java.util.ArrayList<>();
            out.add(new RunChange(a.path(), code, "?", "?", null, false));
            String copy = a.args().get("copy");
            if (copy != null && !copy.isEmpty()) {
                out.add(new RunChange(copy, code, "?", "?", null, false));
            }
            return out;
        }
        if (!undoable(code)) {
            return java.util.List.of();
        }
        return java.util.List.of(item(a, code));
    }

    private static RunChange item(Activity a, ActivityCode code) {
        Map<String, String> args = a.args();
        boolean folder = "true".equals(args.get("folder")) || code == ActivityCode.FOLDER_DELETED_ON_SERVER;
        String before = args.get("before");
        if (!args.containsKey("before") && !args.containsKey("after") && !args.containsKey("remote")) {
            return new RunChange(a.path(), code, null, null, null, folder).unknown();
        }
        return new RunChange(a.path(), code, before, args.get("after"), args.get("remote"), folder);
    }

    /** A line written before runs recorded what they changed: it can only be listed. */
    private RunChange unknown() {
        return new RunChange(path, code, "?", "?", null, folder);
    }

    boolean recorded() {
        return !"?".equals(before);
    }

    /** The path's content before the run, as one change spanning this one and a later {@code next}. */
    RunChange then(RunChange next) {
        if (conflict()) {
            return this;
        }
        if (next.conflict()) {
            return next;
        }
        return new RunChange(path, next.code, before, next.after, next.remoteId != null ? next.remoteId : remoteId,
                folder || next.folder);
    }

    static ActivityCode codeOf(String stored) {
        if (stored == null) {
            return null;
        }
        try {
            return ActivityCode.valueOf(stored);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    /** What the run did to the item, in plain words. */
    public String words() {
        return switch (code) {
            case SENT -> before == null ? "uploaded (new)" : "uploaded (changed)";
            case RECEIVED -> before == null ? "downloaded (new)" : "downloaded (changed)";
            case DELETED_ON_SERVER -> "deleted here (deleted on the server)";
            case FOLDER_DELETED_ON_SERVER -> "folder deleted here (deleted on the server)";
            case TRASHED -> (folder ? "folder" : "file") + " moved to the server's trash (deleted here)";
            case SENT_CONFLICT_COPY, CONFLICT_KEPT_LOCAL, CONFLICT_OVERTAKEN, CONFLICT_CHANGED_WHILE_REPLACED ->
                    "in a conflict (both versions kept)";
            default -> code.name();
        };
    }
}
