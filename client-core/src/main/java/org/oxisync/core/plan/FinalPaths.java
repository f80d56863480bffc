package org.oxisync.core.plan;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import org.oxisync.core.naming.RelativePaths;

/**
 * Where each item ends up. A remote move of the item itself wins (the remote takes the name), else a local
 * move of the item itself, else it stays at its journal name; in every case under its parent's final path,
 * so a folder move carries its subtree and a child renamed inside a moved folder lands in the moved folder.
 *
 * <p>Moves on both sides can form a cycle: locally folder A was moved into B while on the server B was moved into
 * A. Neither tree alone has a cycle, so every cycle of final parents includes an item placed by its local move;
 * that move is rejected (the item goes back to its journal place, so the server's moves win and nothing is lost)
 * and the paths are computed again.
 */
final class FinalPaths {
    /** Marks an item whose path is being computed: meeting it again means a cycle. */
    private static final String IN_PROGRESS = new String("in progress");

    private FinalPaths() {}

    /** A cycle of final parents, closed by the local move of {@code rejected}. */
    private static final class MoveCycle extends RuntimeException {
        final Item rejected;

        MoveCycle(Item rejected) {
            super(null, null, false, false);
            this.rejected = rejected;
        }
    }

    static void compute(List<Item> items) {
        // each round rejects one more local move of a tracked item, and there are finitely many
        for (int round = 0; round <= items.size(); round++) {
            items.forEach(it -> it.finalPath = null);
            try {
                items.forEach(it -> of(it, new ArrayDeque<>()));
                return;
            } catch (MoveCycle c) {
                c.rejected.localMoveRejected = true;
            }
        }
        throw new IllegalStateException("moves on both sides form cycles that rejecting local moves does not break");
    }

    static String of(Item x) {
        return of(x, new ArrayDeque<>());
    }

    private static String of(Item x, Deque<Item> computing) {
        if (x.finalPath == IN_PROGRESS) {
            for (Item it : computing) { // innermost first: the cycle runs from x to the top of the stack
                if (it.finalFromLocal && it.tracked()) { // a local move of a known item (a new item has no other place)
                    throw new MoveCycle(it);
                }
                if (it == x) {
                    break;
                }
            }
            throw new IllegalStateException("a cycle of final paths without a local move at " + x);
        }
        if (x.finalPath != null) {
            return x.finalPath;
        }
        x.finalPath = IN_PROGRESS;
        computing.push(x);
        String p;
        if (x.remote != null && (!x.tracked() || (x.remoteSelfMoved() && !x.remoteMoveRejected))) {
            x.finalFromLocal = false;
            p = RelativePaths.join(parentPath(x.remoteParent, x.remote.path(), computing),
                    RelativePaths.name(x.remote.path()));
        } else if (x.local != null && (!x.tracked() || (x.localSelfMoved() && !x.localMoveRejected))) {
            x.finalFromLocal = true;
            p = RelativePaths.join(parentPath(x.localParent, x.local.path(), computing), x.localName);
        } else {
            x.finalFromLocal = false;
            p = RelativePaths.join(parentPath(x.journalParent, x.journal.path(), computing),
                    RelativePaths.name(x.journal.path()));
        }
        computing.pop();
        x.finalPath = p;
        return p;
    }

    private static String parentPath(Item parent, String childPath, Deque<Item> computing) {
        return parent != null ? of(parent, computing) : RelativePaths.parent(childPath);
    }

    /** Whether {@code child} ends up directly inside {@code dir}. */
    static boolean endsUpIn(Item child, Item dir) {
        return RelativePaths.parent(of(child)).equals(of(dir));
    }
}
