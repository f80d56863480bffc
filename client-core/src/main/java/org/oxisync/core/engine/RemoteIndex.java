package org.oxisync.core.engine;

import java.util.HashMap;
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
 */
final class RemoteIndex {
    private final Map<String, String> ids = new HashMap<>();
    private final Map<String, EntryKind> kinds = new HashMap<>();

    RemoteIndex(String rootId, RemoteSnapshot remote, JournalBase journal) {
        ids.put("", rootId);
        kinds.put("", EntryKind.DIR);
        // Journal ids first: a folder both sides agree on is known even when a listing was reused.
        for (JournalEntry j : journal.entries()) {
            if (j.remoteId() != null) {
                ids.put(j.path(), j.remoteId());
                kinds.put(j.path(), j.kind());
            }
        }
        for (RemoteEntry r : remote.entries()) {
            ids.put(r.path(), r.id());
            kinds.put(r.path(), r.kind());
        }
    }

    synchronized Optional<String> id(String path) {
        return Optional.ofNullable(ids.get(path));
    }

    synchronized String folderId(String path) {
        String id = ids.get(path);
        if (id == null || kinds.get(path) != EntryKind.DIR) {
            throw new IllegalStateException("no remote folder known at '" + path + "'");
        }
        return id;
    }

    synchronized String parentFolderId(String path) {
        return folderId(RelativePaths.parent(path));
    }

    synchronized void put(String path, String id, EntryKind kind) {
        ids.put(path, id);
        kinds.put(path, kind);
    }

    synchronized void moved(String from, String to) {
        if (kinds.get(from) == EntryKind.FILE) {
            // a file has nothing below it: one entry, not a pass over every path (1,000 renames in a 10,000-file
            // pair walked the whole index 1,000 times, a fifth of that run's CPU)
            String id = ids.remove(from);
            kinds.remove(from);
            ids.put(to, id);
            kinds.put(to, EntryKind.FILE);
            return;
        }
        Map<String, String> movedIds = new HashMap<>();
        Map<String, EntryKind> movedKinds = new HashMap<>();
        ids.entrySet().removeIf(e -> {
            if (e.getKey().equals(from) || RelativePaths.isStrictAncestor(from, e.getKey())) {
                String n = RelativePaths.rebase(e.getKey(), from, to);
                movedIds.put(n, e.getValue());
                movedKinds.put(n, kinds.remove(e.getKey()));
                return true;
            }
            return false;
        });
        ids.putAll(movedIds);
        kinds.putAll(movedKinds);
    }

    synchronized void removed(String path) {
        if (kinds.get(path) == EntryKind.FILE) {
            ids.remove(path);
            kinds.remove(path);
            return;
        }
        ids.keySet().removeIf(k -> k.equals(path) || RelativePaths.isStrictAncestor(path, k));
        kinds.keySet().removeIf(k -> k.equals(path) || RelativePaths.isStrictAncestor(path, k));
    }
}
