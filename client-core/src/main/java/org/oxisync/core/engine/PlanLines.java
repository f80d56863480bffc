package org.oxisync.core.engine;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;
import org.oxisync.core.plan.SyncAction;

/**
 * The plan's lines ({@link SyncAction#describe()}), made when read rather than all at once: the actions are kept for
 * the whole run anyway, and 100,000 ready-made lines would hold about 9 MB of the run's peak heap. Immutable, like
 * the action list it reads.
 */
final class PlanLines extends AbstractList<String> implements RandomAccess {
    private final List<SyncAction> actions;
    /** The twins recorded outside the plan: their lines come after the plan's records, before its skips. */
    private final TwinRecords twins;
    /** The new files uploaded after the plan: their lines come after the twins' lines, before the skips. */
    private final NewUploads uploads;
    /** Where the plan's skips begin (they come last in a plan). */
    private final int firstSkip;

    PlanLines(List<SyncAction> actions) {
        this(actions, TwinRecords.none());
    }

    PlanLines(List<SyncAction> actions, TwinRecords twins) {
        this(actions, twins, NewUploads.none());
    }

    PlanLines(List<SyncAction> actions, TwinRecords twins, NewUploads uploads) {
        this.actions = List.copyOf(actions); // no copy when already immutable (a SyncPlan's list is)
        this.twins = twins;
        this.uploads = uploads;
        int skip = this.actions.size();
        while (skip > 0 && this.actions.get(skip - 1) instanceof SyncAction.Skip) {
            skip--;
        }
        this.firstSkip = skip;
    }

    @Override
    public String get(int index) {
        java.util.Objects.checkIndex(index, size());
        if (index < firstSkip) {
            return actions.get(index).describe();
        }
        if (index < firstSkip + twins.size()) {
            return twins.get(index - firstSkip).describe();
        }
        if (index < firstSkip + twins.size() + uploads.size()) {
            return uploads.line(index - firstSkip - twins.size());
        }
        return actions.get(index - twins.size() - uploads.size()).describe();
    }

    @Override
    public int size() {
        return actions.size() + twins.size() + uploads.size();
    }
}
