package org.oxisync.core.engine;

import java.util.BitSet;
import java.util.List;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.plan.LocalSnapshot;
import org.oxisync.core.plan.RemoteEntry;
import org.oxisync.core.plan.RemoteSnapshot;
import org.oxisync.core.plan.SyncAction;
import org.oxisync.core.plan.Twins;

/**
 * The journal records of the {@link Twins} a run keeps out of its plan (see {@link Narrowing}), in the local
 * snapshot's order, each made when read from the snapshots' own entries: four bytes a twin instead of a plan item,
 * an action and a journal record held for the whole run.
 */
final class TwinRecords {
    private static final TwinRecords NONE = new TwinRecords(List.of(), List.of(), Twins.none(), new int[0]);

    private final List<LocalEntry> locals;
    private final List<RemoteEntry> remotes;
    private final Twins twins;
    /** The local positions of the twins outside the plan, ascending. */
    private final int[] positions;

    private TwinRecords(List<LocalEntry> locals, List<RemoteEntry> remotes, Twins twins, int[] positions) {
        this.locals = locals;
        this.remotes = remotes;
        this.twins = twins;
        this.positions = positions;
    }

    static TwinRecords none() {
        return NONE;
    }

    /** The twins of {@code twins} whose local positions are not in {@code inPlan}. */
    static TwinRecords outside(LocalSnapshot local, RemoteSnapshot remote, Twins twins, BitSet inPlan) {
        if (twins.isEmpty()) {
            return NONE;
        }
        int[] positions = new int[twins.count() - inPlan.cardinality()];
        int k = 0;
        for (int i = 0; i < local.entries().size(); i++) {
            if (twins.local(i) && !inPlan.get(i)) {
                positions[k++] = i;
            }
        }
        return new TwinRecords(local.entries(), remote.entries(), twins, positions);
    }

    int size() {
        return positions.length;
    }

    boolean isEmpty() {
        return positions.length == 0;
    }

    /** The record the reconciler would have planned for the {@code k}-th twin. */
    SyncAction.RecordJournal get(int k) {
        int i = positions[k];
        return new SyncAction.RecordJournal(Twins.record(locals.get(i), remotes.get(twins.remoteOf(i))), null);
    }
}
