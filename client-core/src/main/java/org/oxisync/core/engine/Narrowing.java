package org.oxisync.core.engine;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.oxisync.core.plan.Compact;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.plan.LocalSnapshot;
import org.oxisync.core.plan.NewFiles;
import org.oxisync.core.plan.RemoteSnapshot;
import org.oxisync.core.plan.SyncAction;
import org.oxisync.core.plan.Twins;
import org.oxisync.core.plan.Reconciler;
import org.oxisync.core.plan.RemoteEntry;
import org.oxisync.core.plan.SyncPlan;

/**
 * Hands the reconciler only the part of the tree where something differs, for every run (the reconciler
 * costs about 80 µs per entry: 4 s at 50,000 entries, most of a run that changed one file). Every entry on which
 * local, remote and journal agree (same path, kind, size, mtime, file key, id, ETag and hash, and not hashed by
 * the scan) yields no action by itself; the reconciler only needs it as context. So the scope is: every path
 * where some side differs from the journal (moves count at both ends), plus, on all three sides, the entries of
 * the folders holding those paths (siblings: name claims, case clashes, conflict copy names; not for a file changed
 * in place on one side only, {@link #inPlace}), their ancestors
 * (parent links) and the subtrees of differing folders (folder fates). Symbolic links and special files are
 * always kept (their skips are reported every run). Moves are matched by id, file key or unique hash among
 * unmatched entries only, and every unmatched entry differs, so matching sees the same candidates. The mass
 * delete guard still counts the whole journal. IncrementalRunTest compares both plans on random changes.
 *
 * <p>{@link Twins} (new to the journal, alike on both sides: a join's whole tree) are treated as agreeing entries
 * here: they are not "differing", so only those a differing neighbour needs as context reach the reconciler (which
 * records them); the others are recorded by the engine ({@link TwinRecorder}), without a plan item, two index
 * entries and a plan record each (about 1 KB a file at a join of a million files, bench/README.md "A million
 * files"). IncrementalRunTest compares the plan plus those records with the full plan.
 *
 * <p>{@link NewFiles} (new local files in folders the server does not have: a first upload's whole tree) are kept out
 * of the reconciler altogether, as neither differing nor context: the reconciler would plan exactly their upload,
 * and their folders, which stay in the plan, are created before it. The engine uploads them after the plan
 * ({@link NewUploads}), without a plan item or the reconciler's working state for each (about 1.7 KB a file while it
 * planned: a million new files took the launcher's whole heap, bench/README.md "A million new files").
 */
final class Narrowing {
    private Narrowing() {}

    /**
     * The plan, and the {@link Twins} left out of it: entries new to the journal that both sides hold alike, where
     * nothing around them differs. The reconciler would record each as it is ({@link SyncAction.RecordJournal} of
     * {@link Twins#record}); the engine writes them to the journal itself ({@link TwinRecorder}), without a plan item.
     * A twin that a differing neighbour needs as context stays in the plan.
     */
    record Narrowed(SyncPlan plan, TwinRecords outside, NewUploads uploads) {
        /**
         * The plan with the outside twins' records added before its skips and the new files' uploads among its
         * transfers (in the reconciler's transfer order: depth, then path): what the reconciler alone would plan.
         */
        SyncPlan withTwinRecords() {
            List<SyncAction> all = new ArrayList<>();
            List<SyncAction> skips = new ArrayList<>();
            List<SyncAction> transfers = new ArrayList<>();
            for (int k = 0; k < uploads.size(); k++) {
                transfers.add(uploads.get(k));
            }
            int at = -1; // where the transfers are, else where they would be: right after the structure steps
            for (SyncAction a : plan.actions()) {
                if (a instanceof SyncAction.Skip) {
                    skips.add(a);
                } else if (!transfers.isEmpty()
                        && (a instanceof SyncAction.Upload || a instanceof SyncAction.Download)) {
                    transfers.add(a);
                    at = all.size();
                } else {
                    all.add(a);
                    if (a instanceof SyncAction.ConflictCopy || a instanceof SyncAction.CreateLocalFolder
                            || a instanceof SyncAction.CreateRemoteFolder || a instanceof SyncAction.MoveLocal
                            || a instanceof SyncAction.MoveRemote) {
                        at = all.size();
                    }
                }
            }
            transfers.sort(java.util.Comparator.comparingInt((SyncAction a) ->
                    org.oxisync.core.naming.RelativePaths.depth(a.path())).thenComparing(SyncAction::path));
            all.addAll(Math.max(0, at), transfers);
            for (int k = 0; k < outside.size(); k++) {
                all.add(outside.get(k));
            }
            all.addAll(skips);
            return new SyncPlan(all);
        }
    }

    static Narrowed reconcile(Reconciler reconciler, LocalSnapshot local, RemoteSnapshot remote, JournalBase base) {
        Twins twins = Twins.find(local, remote, base, reconciler);
        NewFiles fresh = NewFiles.find(local, remote, base, reconciler, twins);
        Set<String> differing = differing(local, remote, base, twins, fresh);
        if (differing.isEmpty()) {
            return new Narrowed(new SyncPlan(List.of()), TwinRecords.outside(local, remote, twins, new BitSet()),
                    NewUploads.of(local, fresh, new BitSet()));
        }
        Set<String> folders = new HashSet<>();
        Set<String> ancestors = new HashSet<>();
        Set<String> inPlace = inPlace(differing, local, remote, base);
        for (String p : differing) {
            String a = org.oxisync.core.naming.RelativePaths.parent(p);
            if (!inPlace.contains(p)) {
                folders.add(a); // its siblings: names it may claim, case clashes, conflict copy names
            }
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
        // a twin kept as context is planned on both sides (the reconciler records it); the others are not planned
        BitSet inPlan = new BitSet();
        BitSet freshInPlan = new BitSet();
        List<LocalEntry> locals = new ArrayList<>();
        for (int i = 0; i < local.entries().size(); i++) {
            LocalEntry e = local.entries().get(i);
            if (fresh.local(i)) {
                // uploaded after the plan, unless something else differs beside it in a folder the server has (a
                // name it may claim): then the reconciler plans it with its siblings
                if (fresh.inKnownFolder(i)
                        && folders.contains(org.oxisync.core.naming.RelativePaths.parent(e.path()))) {
                    locals.add(e);
                    freshInPlan.set(i);
                }
                continue;
            }
            if (keep.test(e.path()) || special(e.kind())) {
                locals.add(e);
                if (twins.local(i)) {
                    inPlan.set(i);
                }
            }
        }
        BitSet remoteInPlan = new BitSet();
        for (int i = inPlan.nextSetBit(0); i >= 0; i = inPlan.nextSetBit(i + 1)) {
            remoteInPlan.set(twins.remoteOf(i));
        }
        List<RemoteEntry> remotes = new ArrayList<>();
        for (int i = 0; i < remote.entries().size(); i++) {
            RemoteEntry e = remote.entries().get(i);
            // a twin's two sides go together: both in the plan or both recorded outside it
            if (twins.remote(i) ? remoteInPlan.get(i) : keep.test(e.path())) {
                remotes.add(e);
            }
        }
        SyncPlan plan = reconciler.reconcile(new LocalSnapshot(locals, local.caseInsensitive()),
                new RemoteSnapshot(remotes),
                new JournalBase(base.entries().stream()
                        .filter(e -> keep.test(e.path()) || special(e.kind())).toList()));
        return new Narrowed(plan, TwinRecords.outside(local, remote, twins, inPlan),
                NewUploads.of(local, fresh, freshInPlan));
    }

    /**
     * The differing paths that are a file changed in place on one side only: the same file at the same path on all
     * three sides (journal row with a remote id, local entry with the row's file key, the remote entry of the row's id
     * at that path), its content changed locally or remotely but not both. Its action is a transfer or a record at
     * its own path: it claims no new name (no conflict copy, no move, no case clash of its own), so it needs its
     * ancestors for the parent links but not its siblings as context. A sibling that does differ otherwise brings the
     * whole folder in anyway. With 1,000 edits scattered over 100,000 files in folders of 50, the siblings made about
     * half of the tree context for the reconciler (bench/README.md "A million files", the runs after 1,000 edits).
     */
    static Set<String> inPlace(Set<String> differing, LocalSnapshot local, RemoteSnapshot remote, JournalBase base) {
        Map<String, JournalEntry> byPath = base.byPath();
        Map<String, LocalEntry> localByPath = local.byPath();
        Map<String, RemoteEntry> remoteById = remote.byId();
        Set<String> out = new HashSet<>();
        for (String p : differing) {
            JournalEntry j = byPath.get(p);
            if (j == null || j.kind() != EntryKind.FILE || j.remoteId() == null) {
                continue;
            }
            LocalEntry l = localByPath.get(p);
            RemoteEntry r = remoteById.get(j.remoteId());
            if (l == null || l.kind() != EntryKind.FILE || !Compact.equal(l.compactFileKey(), j.compactFileKey())
                    || r == null || r.kind() != EntryKind.FILE || !Compact.equal(r.compactPath(), j.compactPath())) {
                continue;
            }
            if (!(localContentChanged(l, j) && remoteContentChanged(r, j))) {
                out.add(p);
            }
        }
        return out;
    }

    /** A local file whose content may differ from its journal row: hashed by the scan, or another size or mtime. */
    private static boolean localContentChanged(LocalEntry l, JournalEntry j) {
        return l.hash().value().isPresent() || l.size() != j.size() || l.mtimeMillis() != j.mtimeMillis();
    }

    /** A remote file whose ETag or content hash differs from its journal row. */
    private static boolean remoteContentChanged(RemoteEntry r, JournalEntry j) {
        return !Compact.equal(r.compactEtag(), j.compactRemoteEtag())
                || !Compact.equal(r.compactContentHash(), j.compactRemoteHash());
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
     * Paths where local or remote differ from the journal (or the journal lacks them), twins aside. The remote half
     * runs on a second thread beside the local half (both read only immutable snapshots and the journal's indexes).
     */
    static Set<String> differing(LocalSnapshot local, RemoteSnapshot remote, JournalBase base) {
        return differing(local, remote, base, Twins.none(), NewFiles.none());
    }

    static Set<String> differing(LocalSnapshot local, RemoteSnapshot remote, JournalBase base, Twins twins,
                                 NewFiles fresh) {
        Background<Set<String>> remoteHalf = Background.start("oxisync-narrowing",
                () -> remoteDiffering(remote, base, twins));
        Set<String> out = localDiffering(local, base, twins, fresh);
        out.addAll(remoteHalf.joinUnchecked());
        return out;
    }

    /**
     * Local entries that differ from the journal, and journal entries with no local entry or no remote id; the
     * {@code fresh} new files aside (their folders differ).
     */
    static Set<String> localDiffering(LocalSnapshot local, JournalBase base, Twins twins, NewFiles fresh) {
        Map<String, JournalEntry> byPath = base.byPath();
        Set<String> out = new HashSet<>();
        List<LocalEntry> entries = local.entries();
        for (int i = 0; i < entries.size(); i++) {
            if (twins.local(i) || fresh.local(i)) {
                continue; // new to the journal, alike on both sides; or a new file uploaded after the plan
            }
            LocalEntry l = entries.get(i);
            JournalEntry j = byPath.get(l.path());
            if (j == null || j.kind() != l.kind() || special(l.kind())
                    || !Compact.equal(l.compactFileKey(), j.compactFileKey())
                    || (l.kind() == EntryKind.FILE && localContentChanged(l, j))) {
                out.add(l.path());
            }
        }
        if (base.entries().isEmpty()) {
            return out;
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
    static Set<String> remoteDiffering(RemoteSnapshot remote, JournalBase base, Twins twins) {
        Map<String, JournalEntry> byId = base.byRemoteId();
        Set<String> out = new HashSet<>();
        List<RemoteEntry> entries = remote.entries();
        for (int i = 0; i < entries.size(); i++) {
            if (twins.remote(i)) {
                continue;
            }
            RemoteEntry r = entries.get(i);
            JournalEntry j = byId.get(r.id());
            if (j == null || !Compact.equal(j.compactPath(), r.compactPath())) {
                out.add(r.path());
            }
        }
        if (base.entries().isEmpty()) {
            return out;
        }
        Map<String, RemoteEntry> remoteById = remote.byId();
        for (JournalEntry j : base.entries()) {
            if (j.remoteId() == null) {
                continue; // never on the server: the local half has it
            }
            RemoteEntry r = remoteById.get(j.remoteId());
            if (r == null || !Compact.equal(r.compactPath(), j.compactPath()) || r.kind() != j.kind()
                    || (j.kind() == EntryKind.FILE && remoteContentChanged(r, j))) {
                out.add(j.path());
                if (r != null) {
                    out.add(r.path());
                }
            }
        }
        return out;
    }
}
