package org.oxisync.core.plan;

import java.util.List;
import org.oxisync.core.naming.RelativePaths;

/**
 * Where each item ends up. A remote move of the item itself wins (the remote takes the name), else a local
 * move of the item itself, else it stays at its journal name; in every case under its parent's final path,
 * so a folder move carries its subtree and a child renamed inside a moved folder lands in the moved folder.
 */
final class FinalPaths {
    private FinalPaths() {}

    static void compute(List<Item> items) {
        items.forEach(it -> it.finalPath = null);
        items.forEach(FinalPaths::of);
    }

    static String of(Item x) {
        if (x.finalPath != null) {
            return x.finalPath;
        }
        String p;
        boolean fromLocal = false;
        if (x.remote != null && (!x.tracked() || x.remoteSelfMoved())) {
            p = RelativePaths.join(parentPath(x.remoteParent, x.remote.path()), RelativePaths.name(x.remote.path()));
        } else if (x.local != null && (!x.tracked() || x.localSelfMoved())) {
            p = RelativePaths.join(parentPath(x.localParent, x.local.path()), x.localName);
            fromLocal = true;
        } else {
            p = RelativePaths.join(parentPath(x.journalParent, x.journal.path()), RelativePaths.name(x.journal.path()));
        }
        x.finalPath = p;
        x.finalFromLocal = fromLocal;
        return p;
    }

    private static String parentPath(Item parent, String childPath) {
        return parent != null ? of(parent) : RelativePaths.parent(childPath);
    }

    /** Whether {@code child} ends up directly inside {@code dir}. */
    static boolean endsUpIn(Item child, Item dir) {
        return RelativePaths.parent(of(child)).equals(of(dir));
    }
}
