package org.oxisync.core.engine;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.oxisync.core.plan.Compact;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.plan.Reconciler;
import org.oxisync.core.plan.RemoteEntry;
import org.oxisync.core.plan.SyncPlan;

/**
 * Hands the reconciler only the part of the tree where something differs, for every run (the reconciler
 * costs about 80 µs per entry: 4 s at 50,000 entries, most of a run that changed one file). Every entry on which
 * local, remote and journal agree (same path, kind, size, mtime, file key, id, ETag and hash, and not hashed by
 * the scan) yields no action by itself; the reconciler only needs it as context. So the scope is: every path
 * where some side differs from the journal (moves count at both ends), plus, on all three sides, the entries of
 * the folders holding those paths (siblings: name claims, case clashes, conflict copy names), their ancestors
 * (parent links) and the subtrees of differing folders (folder fates). Symbolic links and special files are
 * always kept (their skips are reported every run). Moves are matched by id, file key or unique hash among
 * unmatched entries only, and every unmatched entry differs, so matching sees the same candidates. The mass
 * delete guard still counts the whole journal. IncrementalRunTest compares both plans on random changes.
 */
final class Narrowing {
    private Narrowing() {}

    static SyncPlan reconcile(Reconciler reconciler, org.oxisync.core.plan.LocalSnapshot local,
                              org.oxisync.core.plan.RemoteSnapshot remote, JournalBase base) {
        Set<String> differing = differing(local, remote, base);
        if (differing.isEmpty()) {
            return new SyncPlan(List.of());
        }
        Set<String> folders = new HashSet<>();
        Set<String> ancestors = new HashSet<>();
        for (String p : differing) {
            String a = org.oxisync.core.naming.RelativePaths.parent(p);
            folders.add(a);
            while (!a.isEmpty() && ancestors.add(a)) {
                a = org.oxisync.core.naming.RelativePaths.parent(a);
            }
        }
        Set<String> differingDirs = new HashSet<>();
        local.entries().stream().filter(e -> e.kind() == EntryKind.DIR && differing.contains(e.path()))
                .forEach(e -> differingDirs.add(e.path()));
        remote.entries().stream().filter(e -> e.kind() == EntryKind.DIR && differing.contains(e.path()))
                .forEach(e -> differingDirs.add(e.path()));
        base.entries().stream().filter(e -> e.kind() == EntryKind.DIR && differing.contains(e.path()))
                .forEach(e -> differingDirs.add(e.path()));
        java.util.function.Predicate<String> keep = path -> differing.contains(path) || ancestors.contains(path)
                || folders.contains(org.oxisync.core.naming.RelativePaths.parent(path))
                || underAny(path, differingDirs);
        return reconciler.reconcile(
                new org.oxisync.core.plan.LocalSnapshot(local.entries().stream()
                        .filter(e -> keep.test(e.path()) || special(e.kind())).toList(), local.caseInsensitive()),
                new org.oxisync.core.plan.RemoteSnapshot(remote.entries().stream()
                        .filter(e -> keep.test(e.path())).toList()),
                new JournalBase(base.entries().stream()
                        .filter(e -> keep.test(e.path()) || special(e.kind())).toList()));
    }

    private static boolean special(EntryKind kind) {
        return kind != EntryKind.FILE && kind != EntryKind.DIR;
    }

    private static boolean underAny(String path, Set<String> dirs) {
        if (dirs.isEmpty()) {
            return false;
        }
        for (String a = org.oxisync.core.naming.RelativePaths.parent(path); !a.isEmpty();
             a = org.oxisync.core.naming.RelativePaths.parent(a)) {
            if (dirs.contains(a)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Paths where local or remote differ from the journal (or the journal lacks them). The remote half runs on
     * a second thread beside the local half (both read only immutable snapshots and the journal's indexes).
     */
    static Set<String> differing(org.oxisync.core.plan.LocalSnapshot local,
                                 org.oxisync.core.plan.RemoteSnapshot remote, JournalBase base) {
        Background<Set<String>> remoteHalf = Background.start("oxisync-narrowing",
                () -> remoteDiffering(remote, base));
        Set<String> out = localDiffering(local, base);
        out.addAll(remoteHalf.joinUnchecked());
        return out;
    }

    /** Local entries that differ from the journal, and journal entries with no local entry or no remote id. */
    static Set<String> localDiffering(org.oxisync.core.plan.LocalSnapshot local, JournalBase base) {
        Map<String, JournalEntry> byPath = base.byPath();
        Set<String> out = new HashSet<>();
        for (LocalEntry l : local.entries()) {
            JournalEntry j = byPath.get(l.path());
            if (j == null || j.kind() != l.kind() || special(l.kind())
                    || !Compact.equal(l.compactFileKey(), j.compactFileKey())
                    || (l.kind() == EntryKind.FILE && (l.hash().value().isPresent() || l.size() != j.size()
                    || l.mtimeMillis() != j.mtimeMillis()))) {
                out.add(l.path());
            }
        }
        Map<String, LocalEntry> localByPath = local.byPath();
        for (JournalEntry j : base.entries()) {
            if (!localByPath.containsKey(j.path()) || j.remoteId() == null) {
                out.add(j.path());
            }
        }
        return out;
    }

    /**
     * Remote entries the journal does not have at their path, and journal entries whose remote entry is gone,
     * elsewhere or changed (both ends of a move).
     */
    static Set<String> remoteDiffering(org.oxisync.core.plan.RemoteSnapshot remote, JournalBase base) {
        Map<String, JournalEntry> byId = base.byRemoteId();
        Set<String> out = new HashSet<>();
        for (RemoteEntry r : remote.entries()) {
            JournalEntry j = byId.get(r.id());
            if (j == null || !Compact.equal(j.compactPath(), r.compactPath())) {
                out.add(r.path());
            }
        }
        Map<String, RemoteEntry> remoteById = remote.byId();
        for (JournalEntry j : base.entries()) {
            if (j.remoteId() == null) {
                continue; // never on the server: the local half has it
            }
            RemoteEntry r = remoteById.get(j.remoteId());
            if (r == null || !Compact.equal(r.compactPath(), j.compactPath()) || r.kind() != j.kind()
                    || (j.kind() == EntryKind.FILE && (!Compact.equal(r.compactEtag(), j.compactRemoteEtag())
                    || !Compact.equal(r.compactContentHash(), j.compactRemoteHash())))) {
                out.add(j.path());
                if (r != null) {
                    out.add(r.path());
                }
            }
        }
        return out;
    }
}
