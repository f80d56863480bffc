package org.oxisync.core.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.oxisync.core.plan.Item.Content;
import org.oxisync.core.plan.Item.Fate;

/**
 * Decides each item's fate (the rules table of package-info). A folder deleted on one side is deleted on the
 * other only if nothing inside it survives there; a changed or moved entry always survives (the change wins),
 * and then its folder survives too. An item changed on both sides to different contents is split: the
 * remote version keeps the item, the local content becomes a new item that the name claims turn into a
 * conflict copy.
 */
final class Fates {
    private Fates() {}

    static void decide(List<Item> items) {
        decideEach(items);
        splitConflicts(items);
    }

    /** Every item's fate; conflicts are only marked ({@link Item#conflicted}). */
    static void decideEach(List<Item> items) {
        for (Item it : new ArrayList<>(items)) {
            fate(it);
        }
    }

    /** Each conflicted item becomes the server's version plus a new item for the local content. */
    static void splitConflicts(List<Item> items) {
        List<Item> copies = new ArrayList<>();
        for (Item it : items) {
            if (it.conflicted) {
                copies.add(split(it));
            }
        }
        items.addAll(copies);
    }

    private static Fate fate(Item x) {
        if (x.fate == null) {
            x.fate = compute(x);
        }
        return x.fate;
    }

    private static Fate compute(Item x) {
        boolean l = x.local != null;
        boolean r = x.remote != null;
        if (!x.tracked()) {
            if (l && r) {
                x.content = Content.RECORD;
                return Fate.KEEP;
            }
            return l ? Fate.COPY_TO_REMOTE : Fate.COPY_TO_LOCAL;
        }
        if (l && r) {
            if (!x.isDir()) {
                x.content = content(x);
            }
            return Fate.KEEP;
        }
        if (!l && !r) {
            return Fate.FORGET;
        }
        if (r) {
            boolean keep = remoteChanged(x) || x.remoteSelfMoved() || x.remoteChildren.stream()
                    .anyMatch(c -> fate(c) != Fate.DELETE_REMOTE && FinalPaths.endsUpIn(c, x));
            return keep ? Fate.COPY_TO_LOCAL : Fate.DELETE_REMOTE;
        }
        boolean keep = localChanged(x) || x.localSelfMoved() || x.localChildren.stream()
                .anyMatch(c -> fate(c) != Fate.DELETE_LOCAL && FinalPaths.endsUpIn(c, x));
        return keep ? Fate.COPY_TO_REMOTE : Fate.DELETE_LOCAL;
    }

    private static Content content(Item x) {
        boolean lc = localChanged(x);
        boolean rc = remoteChanged(x);
        if (lc && rc) {
            String h = x.local.hash().value().orElse(null);
            if (h != null && h.equals(x.remote.contentHash())) {
                return Content.RECORD;
            }
            x.conflicted = true;
            return Content.SAME;
        }
        if (lc) {
            return Content.UPLOAD;
        }
        if (rc) {
            return Content.DOWNLOAD;
        }
        return Content.SAME;
    }

    /** The local content moves to a new item (to be named as a conflict copy); the remote takes the place. */
    private static Item split(Item x) {
        Item copy = new Item(null, x.local, null);
        copy.localName = x.localName;
        copy.localParent = x.localParent;
        if (x.localParent != null) {
            x.localParent.localChildren.remove(x);
            x.localParent.localChildren.add(copy);
        }
        copy.fate = Fate.COPY_TO_REMOTE;
        x.local = null;
        x.localName = null;
        x.localParent = null;
        x.fate = Fate.COPY_TO_LOCAL;
        return copy;
    }

    static boolean localChanged(Item x) {
        if (x.local == null || x.isDir()) {
            return false;
        }
        JournalEntry j = x.journal;
        LocalEntry l = x.local;
        return l.hash().value()
                .map(h -> j.localHash() == null ? l.size() != j.size() || l.mtimeMillis() != j.mtimeMillis()
                        : !h.equals(j.localHash()))
                .orElse(l.size() != j.size() || l.mtimeMillis() != j.mtimeMillis());
    }

    static boolean remoteChanged(Item x) {
        if (x.remote == null || x.isDir()) {
            return false;
        }
        JournalEntry j = x.journal;
        if (x.remote.contentHash() != null && j.remoteHash() != null) {
            return !x.remote.contentHash().equals(j.remoteHash());
        }
        return !Objects.equals(x.remote.etag(), j.remoteEtag());
    }
}
