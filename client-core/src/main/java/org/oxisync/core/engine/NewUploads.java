package org.oxisync.core.engine;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import org.oxisync.core.plan.Compact;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.plan.LocalSnapshot;
import org.oxisync.core.plan.NewFiles;
import org.oxisync.core.plan.SyncAction;

/**
 * The uploads of the {@link NewFiles} a run keeps out of its plan (see {@link Narrowing}), in the local snapshot's
 * order, each made when read from the scan's own entry: four bytes a file instead of a plan item held for the whole
 * run. The executor takes them in batches ({@link #batch}) after the plan, so what a first upload holds per file
 * while it uploads grows with the batch, not with the tree.
 */
final class NewUploads {
    private static final NewUploads NONE = new NewUploads(List.of(), new int[0]);

    /** The scan's entries while the uploads run; null once {@link #keepLinesOnly} let them go. */
    private List<LocalEntry> locals;
    /** The local positions of the new files, ascending. */
    private final int[] positions;
    /** After {@link #keepLinesOnly}: each file's path (the compact form the scan held) and size, for its line. */
    private Object[] paths;
    private long[] sizes;

    private NewUploads(List<LocalEntry> locals, int[] positions) {
        this.locals = locals;
        this.positions = positions;
    }

    static NewUploads none() {
        return NONE;
    }

    /** The new files of {@code fresh} whose local positions are not in {@code inPlan}. */
    static NewUploads of(LocalSnapshot local, NewFiles fresh, BitSet inPlan) {
        if (fresh.count() == inPlan.cardinality()) {
            return NONE;
        }
        int[] positions = new int[fresh.count() - inPlan.cardinality()];
        int k = 0;
        for (int i = 0; i < local.entries().size(); i++) {
            if (fresh.local(i) && !inPlan.get(i)) {
                positions[k++] = i;
            }
        }
        return new NewUploads(local.entries(), positions);
    }

    int size() {
        return positions.length;
    }

    boolean isEmpty() {
        return positions.length == 0;
    }

    /** The upload the reconciler would have planned for the {@code k}-th new file (before {@link #keepLinesOnly}). */
    synchronized SyncAction.Upload get(int k) {
        if (locals == null) {
            throw new IllegalStateException("the uploads ran: only their lines are kept");
        }
        return NewFiles.upload(locals.get(positions[k]));
    }

    /** The path of the {@code k}-th new file (before {@link #keepLinesOnly}). */
    synchronized String path(int k) {
        if (locals == null) {
            throw new IllegalStateException("the uploads ran: only their lines are kept");
        }
        return locals.get(positions[k]).path();
    }

    /** The plan line of the {@code k}-th upload ({@link SyncAction#describe()}). */
    synchronized String line(int k) {
        return locals != null ? get(k).describe()
                : new SyncAction.Upload(Compact.text(paths[k]), null, sizes[k], "").describe();
    }

    /**
     * Once the uploads ran: keeps what their lines need (the path form the scan already held and the size), so that
     * the scan is garbage while the run's report is still held (the relisting of the server after the run: at a
     * million new files the scan was 80 MB of that moment's heap).
     */
    synchronized void keepLinesOnly() {
        if (locals == null || positions.length == 0) {
            return;
        }
        Object[] p = new Object[positions.length];
        long[] z = new long[positions.length];
        for (int k = 0; k < positions.length; k++) {
            LocalEntry e = locals.get(positions[k]);
            p[k] = e.compactPath();
            z[k] = e.size();
        }
        paths = p;
        sizes = z;
        locals = null;
    }

    /** The uploads {@code from} (inclusive) to {@code to} (exclusive), made now. */
    List<SyncAction> batch(int from, int to) {
        List<SyncAction> out = new ArrayList<>(to - from);
        for (int k = from; k < to; k++) {
            out.add(get(k));
        }
        return out;
    }
}
