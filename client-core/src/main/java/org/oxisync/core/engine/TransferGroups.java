package org.oxisync.core.engine;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.function.Predicate;
import org.oxisync.core.plan.SyncAction;

/**
 * How a batch of transfers is cut for the workers: the actions that may go together (small updates,
 * {@link TransferSteps#together}) in groups, spread over the workers (at most {@value #MAX_GROUP} a group, at least
 * two, as many groups as workers when there are few), and every other action alone. A single small update stays
 * alone: a group of one costs more requests than the single path.
 */
final class TransferGroups {
    /** Files of one group: one PUT and one check after for up to this many files. */
    static final int MAX_GROUP = 64;

    private final List<List<SyncAction.Upload>> groups;
    private final BitSet grouped;
    private final int units;

    private TransferGroups(List<List<SyncAction.Upload>> groups, BitSet grouped, int units) {
        this.groups = groups;
        this.grouped = grouped;
        this.units = units;
    }

    /** The groups, in plan order. */
    List<List<SyncAction.Upload>> groups() {
        return groups;
    }

    /** Whether the batch's action at {@code index} is in a group. */
    boolean grouped(int index) {
        return grouped.get(index);
    }

    /** Groups plus actions alone: the most workers that can be busy. */
    int units() {
        return units;
    }

    static TransferGroups of(List<SyncAction> batch, int workers, Predicate<SyncAction> together) {
        BitSet grouped = new BitSet(batch.size());
        for (int i = 0; i < batch.size(); i++) {
            if (together.test(batch.get(i))) {
                grouped.set(i);
            }
        }
        int n = grouped.cardinality();
        if (n < 2) {
            return new TransferGroups(List.of(), new BitSet(), batch.size());
        }
        int size = Math.max(2, Math.min(MAX_GROUP, (n + Math.max(1, workers) - 1) / Math.max(1, workers)));
        List<List<SyncAction.Upload>> groups = new ArrayList<>();
        List<SyncAction.Upload> group = new ArrayList<>(size);
        for (int i = grouped.nextSetBit(0); i >= 0; i = grouped.nextSetBit(i + 1)) {
            group.add((SyncAction.Upload) batch.get(i));
            if (group.size() == size) {
                groups.add(List.copyOf(group));
                group.clear();
            }
        }
        if (!group.isEmpty()) {
            groups.add(List.copyOf(group));
        }
        return new TransferGroups(List.copyOf(groups), grouped, groups.size() + batch.size() - n);
    }
}
