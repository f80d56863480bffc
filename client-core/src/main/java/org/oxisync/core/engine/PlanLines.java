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

    PlanLines(List<SyncAction> actions) {
        this.actions = List.copyOf(actions); // no copy when already immutable (a SyncPlan's list is)
    }

    @Override
    public String get(int index) {
        return actions.get(index).describe();
    }

    @Override
    public int size() {
        return actions.size();
    }
}
