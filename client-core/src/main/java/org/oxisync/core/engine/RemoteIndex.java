package org.oxisync.core.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.RemoteEntry;
import org.oxisync.core.plan.RemoteSnapshot;

/**
 * Where each relative path lives on the server during a run: the remote snapshot's ids, kept current as the run
 * creates, moves and deletes entries. The pair root is the path {@code ""}.
 *
 * <p>Only what the run changes is held here: an overlay of the paths it put, moved or removed. Any other path is
 * answered from the <em>base</em>: the root id for {@code ""}, else the remote snapshot's entry at the path, else the
 * journal row's remote id (a folder both sides agree on is known even when a listing was reused). Both are looked up
 * through the path indexes the run already holds ({@link RemoteSnapshot#byPath()}, {@link JournalBase#byPath()}:
 * tables of positions, not maps of Strings). Copying the whole tree into two {@code HashMap}s cost about 290 bytes a
 * file, 771 MB live at a million files (bench/README.md, "A million files").
 *
 * <p>An overlay entry also says where the base entries below its path come from ({@link Slot#origin}): its own path
 * while untouched, the old path after a folder move (so a moved folder's descendants are found under the new path
 * and no longer under the old one), nothing after a removal (a tombstone hides the base below it). A path without an
 * overlay entry takes its answer from the nearest ancestor that has one.
 */
final class RemoteIndex {
    private final String rootId;
    private final Map<String, RemoteEntry> remoteByPath;
    private final Map<String, JournalEntry> journalByPath;
    private final Map<String, Slot> overlay = new HashMap<>();

    /**
     * What the run knows at one path: its id and kind (both null when nothing is there) and the base path whose base
     * descendants appear below it (null: none).
     */
    private record Slot(String id, EntryKind kind, String origin) {
        static Slot gone() {
            return new Slot(null, null, null);
        }
    }

    /** Where a path's base answer and its descendants' come from, before the overlay says otherwise. */
    private record Resolved(String id, EntryKind kind, String origin) {
    }

    RemoteIndex(String rootId, RemoteSnapshot remote, JournalBase journal) {
        this.rootId = rootId;
        this.remoteByPath = remote.byPath();
        this.journalByPath = journal.byPath();
    }

    synchronized Optional<String> id(String path) {
        return Optional.ofNullable(resolve(path).id());
    }

    synchronized String folderId(String path) {
        Resolved r = resolve(path);
        if (r.id() == null || r.kind() != EntryKind.DIR) {
            throw new IllegalStateException("no remote folder known at '" + path + "'");
        }
        return r.id();
    }

    synchronized String parentFolderId(String path) {
        return folderId(RelativePaths.parent(path));
    }

    /** The path now holds this entry; what is known below it stays. */
    synchronized void put(String path, String id, EntryKind kind) {
        overlay.put(path, new Slot(id, kind, resolve(path).origin()));
    }

    synchronized void moved(String from, String to) {
        Resolved source = resolve(from);
        if (source.kind() == EntryKind.FILE) {
            // a file has nothing below it: its own path changes, whatever is known below either path stays
            String toOrigin = resolve(to).origin();
            overlay.put(from, new Slot(null, null, source.origin()));
            overlay.put(to, new Slot(source.id(), EntryKind.FILE, toOrigin));
            return;
        }
        // a folder takes everything below it: the overlay's entries are re-keyed (a pass over what the run changed,
        // not over the tree) and the base below the old path is seen below the new one through the origin
        List<Map.Entry<String, Slot>> below = new ArrayList<>();
        overlay.entrySet().removeIf(e -> {
            if (RelativePaths.isStrictAncestor(from, e.getKey())) {
                below.add(e);
                return true;
            }
            return false;
        });
        overlay.put(from, Slot.gone());
        overlay.put(to, new Slot(source.id(), source.kind(), source.origin()));
        for (Map.Entry<String, Slot> e : below) {
            overlay.put(RelativePaths.rebase(e.getKey(), from, to), e.getValue());
        }
    }

    /** The path and everything below it are gone. */
    synchronized void removed(String path) {
        overlay.keySet().removeIf(k -> RelativePaths.isStrictAncestor(path, k));
        overlay.put(path, Slot.gone());
    }

    private Resolved resolve(String path) {
        Slot own = overlay.get(path);
        if (own != null) {
            return new Resolved(own.id(), own.kind(), own.origin());
        }
        String basePath = path;
        if (!overlay.isEmpty()) {
            for (String a = path; !a.isEmpty(); ) {
                a = RelativePaths.parent(a);
                Slot s = overlay.get(a);
                if (s != null) {
                    if (s.origin() == null) {
                        return new Resolved(null, null, null); // below a removed (or new) folder: no base there
                    }
                    basePath = RelativePaths.rebase(path, a, s.origin());
                    break;
                }
            }
        }
        return base(basePath);
    }

    private Resolved base(String path) {
        if (path.isEmpty()) {
            return new Resolved(rootId, EntryKind.DIR, path);
        }
        RemoteEntry r = remoteByPath.get(path);
        if (r != null) {
            return new Resolved(r.id(), r.kind(), path);
        }
        JournalEntry j = journalByPath.get(path);
        if (j != null && j.remoteId() != null) {
            return new Resolved(j.remoteId(), j.kind(), path);
        }
        return new Resolved(null, null, path);
    }
}
