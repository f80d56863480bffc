package org.oxisync.core.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
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
import org.oxisync.protocol.Names;
import org.oxisync.protocol.SkippedResource;

/**
 * Listing rows the client had to leave out (a name that is not one safe path segment: a server bug, or a name
 * another client made) cost that row alone (issue "hard to break" #1). Each is reported as a skipped item, and what
 * the journal knew at that row's place stands in for it in the remote snapshot, unchanged, so the reconciler neither
 * deletes the local copy nor uploads it again: the item is left alone until the server shows it safely again.
 */
final class SkippedRows {
    private SkippedRows() {
    }

    /** The discovery with stand-ins for skipped rows the journal knows; {@code skipped} gets one line per row. */
    static RemoteScan standIn(RemoteScan remote, JournalBase base, List<ItemError> skipped) {
        if (remote.skipped().isEmpty()) {
            return remote;
        }
        Set<String> roots = new HashSet<>();
        for (SkippedResource r : remote.skipped()) {
            JournalEntry known = r.id() == null ? null : base.byRemoteId().get(r.id());
            String where = known != null ? known.path() : "(a " + r.resourceType() + " named "
                    + Names.printable(String.valueOf(r.name())) + " on the server)";
            if (org.oxisync.core.remote.RemoteScanner.LISTED_TWICE.equals(r.reason())) {
                // taken once where it was met first, with its subtree: reported, no stand-ins (they would place
                // the same ids a second time)
                skipped.add(new ItemError(where, new org.oxisync.core.reason.Reason(
                        org.oxisync.core.reason.ReasonCode.FOLDER_LISTED_TWICE,
                        java.util.Map.of("name", Names.printable(String.valueOf(r.name()))),
                        "left as it was: " + r.reason() + "; listed again next run")));
                continue;
            }
            skipped.add(new ItemError(where, new org.oxisync.core.reason.Reason(
                    org.oxisync.core.reason.ReasonCode.UNSAFE_NAME,
                    java.util.Map.of("type", String.valueOf(r.resourceType()), "name",
                            Names.printable(String.valueOf(r.name()))),
                    "left alone: the server listed it with " + r.reason())));
            if (known != null) {
                roots.add(known.path());
            }
        }
        if (roots.isEmpty()) {
            return remote;
        }
        Map<String, RemoteEntry> byPath = new HashMap<>();
        for (RemoteEntry e : remote.snapshot().entries()) {
            byPath.put(e.path(), e);
        }
        List<RemoteEntry> entries = new ArrayList<>(remote.snapshot().entries());
        for (JournalEntry j : base.entries()) {
            if (j.remoteId() == null || byPath.containsKey(j.path()) || !under(j.path(), roots)) {
                continue;
            }
            String parentPath = RelativePaths.parent(j.path());
            JournalEntry parent = base.byPath().get(parentPath);
            String parentId = parent != null ? parent.remoteId()
                    : byPath.containsKey(parentPath) ? byPath.get(parentPath).id() : null;
            RemoteEntry standIn = j.kind() == EntryKind.DIR
                    ? RemoteEntry.dir(j.path(), j.remoteId(), parentId, j.remoteEtag())
                    : RemoteEntry.file(j.path(), j.remoteId(), parentId, j.remoteEtag(), j.remoteHash(), j.size(), null);
            entries.add(standIn);
            byPath.put(j.path(), standIn);
        }
        return remote.withSnapshot(new RemoteSnapshot(entries));
    }

    private static boolean under(String path, Set<String> roots) {
        for (String p = path; ; p = RelativePaths.parent(p)) {
            if (roots.contains(p)) {
                return true;
            }
            if (p.isEmpty()) {
                return false;
            }
        }
    }
}
