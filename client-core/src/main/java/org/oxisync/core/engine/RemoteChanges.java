package org.oxisync.core.engine;

import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.RemoteEntry;

/** Paths where the server differs from the journal: new, changed, moved (both ends) or deleted entries. */
final class RemoteChanges {
    private RemoteChanges() {}

    static Set<String> paths(org.oxisync.core.plan.RemoteSnapshot remote, JournalBase base) {
        Map<String, JournalEntry> byPath = base.byPath();
        Map<String, RemoteEntry> byId = remote.byId();
        Set<String> changed = new HashSet<>();
        for (RemoteEntry r : remote.entries()) {
            JournalEntry j = byPath.get(r.path());
            if (j == null || j.kind() != r.kind() || !r.id().equals(j.remoteId())
                    || (r.kind() == EntryKind.FILE && !Objects.equals(r.contentHash(), j.remoteHash()))) {
                changed.add(r.path());
            }
        }
        for (JournalEntry j : base.entries()) {
            if (j.remoteId() == null) {
                continue; // never on the server
            }
            RemoteEntry r = byId.get(j.remoteId());
            if (r == null || !r.path().equals(j.path())) {
                changed.add(j.path()); // deleted or moved away on the server
            }
        }
        return changed;
    }
}
