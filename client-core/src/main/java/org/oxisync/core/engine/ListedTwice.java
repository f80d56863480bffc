package org.oxisync.core.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.RemoteEntry;
import org.oxisync.core.plan.RemoteSnapshot;
import org.oxisync.core.remote.RemoteScan;

/**
 * A file the discovery met at two places at once. The server's folder listings are live, but its tree ETags move
 * only at the next delayed flush (500 ms, reference §7.2): a run that relists a folder whose ETag an earlier flush
 * moved, while another device has just moved a file into it from a folder whose ETag has not moved yet, finds the
 * file in the fresh listing and again in the cached listing of its old folder. Neither place can be trusted to be
 * the current one, and acting on either is wrong: taken as a new file at the new place it was downloaded again and
 * the journal row of the old place dropped (one remote id, one row), which left the old local copy unrecorded (a
 * daemon never looked at it again; a full run uploaded it as a duplicate; found by the many-clients runner).
 *
 * <p>So such a file is left as the journal knew it for this run (the journal's entry stands in, or, for a file the
 * journal does not know, it is left out), and every folder that listed it is marked stale in the listing cache, so
 * that the next run lists them again and sees one place: an ordinary move (the caller marks them in the listing
 * cache, {@link #settle} only names them).
 */
final class ListedTwice {
    /** The snapshot to reconcile, and the ids of the folders to list again next run. */
    record Result(RemoteScan remote, Set<String> staleFolderIds) {}

    private ListedTwice() {
    }

    static Result settle(RemoteScan remote, JournalBase base) {
        if (remote.snapshot().byId().size() == remote.snapshot().entries().size()) {
            // every id once (the common case), told by the snapshot's index: no map of lists a file at the run's
            // peak (about 200 bytes a file for a moment, beside the journal, the scan and the snapshot)
            return new Result(remote, Set.of());
        }
        Map<String, List<RemoteEntry>> byId = new LinkedHashMap<>();
        boolean twice = false;
        for (RemoteEntry e : remote.snapshot().entries()) {
            if (e.kind() == EntryKind.FILE) {
                List<RemoteEntry> places = byId.computeIfAbsent(e.id(), k -> new ArrayList<>(1));
                places.add(e);
                twice |= places.size() > 1;
            }
        }
        if (!twice) {
            return new Result(remote, Set.of());
        }
        Set<RemoteEntry> dropped = new HashSet<>();
        Set<String> stale = new HashSet<>();
        Map<String, RemoteEntry> byPath = new HashMap<>();
        remote.snapshot().entries().forEach(e -> byPath.put(e.path(), e));
        List<RemoteEntry> standIns = new ArrayList<>();
        for (List<RemoteEntry> places : byId.values()) {
            if (places.size() < 2) {
                continue;
            }
            places.forEach(p -> {
                dropped.add(p);
                if (p.parentId() != null) {
                    stale.add(p.parentId());
                }
            });
            JournalEntry known = base.byRemoteId().get(places.get(0).id());
            if (known == null || known.kind() != EntryKind.FILE) {
                continue; // new to this client: it comes next run, from the one place the server then lists
            }
            RemoteEntry at = byPath.get(known.path());
            if (at != null && places.contains(at)) {
                dropped.remove(at); // listed (also) where the journal has it: nothing changes for it this run
            } else if (at == null) {
                String parentPath = RelativePaths.parent(known.path());
                RemoteEntry parent = byPath.get(parentPath);
                JournalEntry parentRow = base.byPath().get(parentPath);
                String parentId = parent != null ? parent.id() : parentRow != null ? parentRow.remoteId() : null;
                standIns.add(RemoteEntry.file(known.path(), known.remoteId(), parentId, known.remoteEtag(),
                        known.remoteHash(), known.size(), null));
            } else {
                dropped.remove(places.get(0)); // another entry holds the journal's place: keep one listed place
            }
        }
        List<RemoteEntry> entries = new ArrayList<>(remote.snapshot().entries().size());
        for (RemoteEntry e : remote.snapshot().entries()) {
            if (!dropped.contains(e)) {
                entries.add(e);
            }
        }
        entries.addAll(standIns);
        return new Result(remote.withSnapshot(new RemoteSnapshot(entries)), stale);
    }
}
