package org.oxisync.core.plan;

import java.util.List;
import java.util.stream.Collectors;

/**
 * The ordered steps of one run: conflict copies and type-change deletes that free a path, then folder
 * creations (parents first), then moves, then transfers, then deletes (deepest first), then journal-only
 * bookkeeping, then skips. Folder creations inside a folder that is itself moved follow that move.
 */
public record SyncPlan(List<SyncAction> actions) {
    public SyncPlan {
        actions = List.copyOf(actions);
    }

    public boolean isEmpty() {
        return actions.isEmpty();
    }

    /** The steps of one type, in plan order. */
    public <T extends SyncAction> List<T> ofType(Class<T> type) {
        return actions.stream().filter(type::isInstance).map(type::cast).collect(Collectors.toList());
    }

    /** Whether anything on disk or on the server changes (not just the journal or reports). */
    public boolean changesAnything() {
        return actions.stream().anyMatch(a -> !(a instanceof SyncAction.RecordJournal
                || a instanceof SyncAction.ForgetJournal || a instanceof SyncAction.Skip));
    }

    /** One line per step, for {@code --dry-run}. */
    public String describe() {
        if (actions.isEmpty()) {
            return "nothing to do";
        }
        return actions.stream().map(SyncAction::describe).collect(Collectors.joining("\n"));
    }

    @Override
    public String toString() {
        return describe();
    }
}
