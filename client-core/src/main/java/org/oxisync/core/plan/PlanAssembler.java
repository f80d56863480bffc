package org.oxisync.core.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.UnaryOperator;
import org.oxisync.core.naming.Names;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.plan.Item.Content;
import org.oxisync.core.plan.Item.Fate;

/**
 * Turns decided items into ordered steps. Structure per side: items are visited parents-first by final path;
 * an item present on that side whose current location (after the moves emitted so far) differs from its
 * final path gets one move (a folder move carries its subtree, so children need none); a folder missing on
 * that side is created. Creations under a moved folder follow that move; {@link StructureOrder} puts the moves and
 * those creations in an order where each finds its place, staging a move through a free name for rotations.
 */
final class PlanAssembler {
    private final UnaryOperator<String> key;
    private final List<SyncAction> prepare = new ArrayList<>();
    private final List<SyncAction> creates = new ArrayList<>();
    private final List<SyncAction> structure = new ArrayList<>();
    /** Displacing local folder deletes that must wait for the moves out of them (and still precede transfers). */
    private final List<SyncAction> afterStructure = new ArrayList<>();
    private final List<SyncAction> transfers = new ArrayList<>();
    private final List<SyncAction> deletes = new ArrayList<>();
    private final List<SyncAction> records = new ArrayList<>();
    private final Set<Item> movedLocal = new HashSet<>();
    private final Set<Item> movedRemote = new HashSet<>();
    /** Case-folded paths any entry has on either side or at the end: a stage name must differ from all. */
    private final Set<String> taken = new HashSet<>();

    PlanAssembler(UnaryOperator<String> key) {
        this.key = key;
    }

    SyncPlan assemble(List<Item> items, List<SyncAction> conflictCopies, List<SyncAction.Skip> skips) {
        prepare.addAll(conflictCopies);
        for (Item it : items) {
            for (String p : new String[] {it.local == null ? null : it.local.path(),
                    it.remote == null ? null : it.remote.path(), it.journal == null ? null : it.journal.path(),
                    it.finalPath}) {
                if (p != null) {
                    taken.add(Names.caseFoldKey(p));
                }
            }
        }
        conflictCopies.forEach(c -> taken.add(Names.caseFoldKey(c.path())));
        List<Item> atEnd = items.stream().filter(Item::existsAtEnd)
                .sorted(Comparator.comparingInt((Item i) -> RelativePaths.depth(i.finalPath)).thenComparing(i -> i.finalPath))
                .toList();
        structureLocal(atEnd);
        structureRemote(atEnd);
        for (Item it : atEnd) {
            transfersAndRecords(it);
        }
        Set<String> finalKeys = new HashSet<>();
        atEnd.forEach(i -> finalKeys.add(key.apply(i.finalPath)));
        for (Item it : items) {
            if (it.fate == Fate.DELETE_LOCAL || it.fate == Fate.DELETE_REMOTE) {
                delete(it, finalKeys, items);
            } else if (it.fate == Fate.FORGET) {
                records.add(new SyncAction.ForgetJournal(it.journal.path()));
            }
        }
        deletes.sort(Comparator.comparingInt((SyncAction a) -> RelativePaths.depth(a.path())).reversed()
                .thenComparing(SyncAction::path));
        List<SyncAction> out = new ArrayList<>(prepare);
        out.addAll(creates);
        out.addAll(structure);
        out.addAll(afterStructure);
        out.addAll(transfers);
        out.addAll(deletes);
        out.addAll(records);
        out.addAll(skips);
        return new SyncPlan(out);
    }

    private void structureLocal(List<Item> atEnd) {
        List<SyncAction> moves = new ArrayList<>();
        List<String> moveTargets = new ArrayList<>();
        List<String> mkdirs = new ArrayList<>();
        for (Item it : atEnd) {
            if (it.local != null) {
                String now = localNow(it);
                if (!now.equals(it.finalPath)) {
                    moves.add(new SyncAction.MoveLocal(now, it.finalPath, it.kind(),
                            it.remote == null ? null : it.remote.id()));
                    moveTargets.add(it.finalPath);
                    movedLocal.add(it);
                }
            } else if (it.isDir()) {
                mkdirs.add(it.finalPath);
            }
        }
        place(moves, moveTargets, mkdirs, SyncAction.CreateLocalFolder::new);
    }

    private void structureRemote(List<Item> atEnd) {
        List<SyncAction> moves = new ArrayList<>();
        List<String> moveTargets = new ArrayList<>();
        List<String> mkdirs = new ArrayList<>();
        for (Item it : atEnd) {
            if (it.remote != null) {
                String now = remoteNow(it);
                if (!now.equals(it.finalPath)) {
                    moves.add(new SyncAction.MoveRemote(now, it.finalPath, it.remote.id(), it.kind()));
                    moveTargets.add(it.finalPath);
                    movedRemote.add(it);
                }
            } else if (it.isDir()) {
                mkdirs.add(it.finalPath);
            }
        }
        place(moves, moveTargets, mkdirs, SyncAction.CreateRemoteFolder::new);
    }

    /**
     * Creations go first unless they lie inside a move's target or where a moved entry still is (a move's source:
     * creating there first would find, and record, the entry that is about to leave); those join the moves, which
     * {@link StructureOrder} orders so that every step finds its place (staging a move through a free name when
     * the waits are circular).
     */
    private void place(List<SyncAction> moves, List<String> moveTargets, List<String> mkdirs,
                       java.util.function.Function<String, SyncAction> mkdir) {
        List<SyncAction> late = new ArrayList<>(moves);
        List<String> moveSources = moves.stream().map(m -> key.apply(StructureOrder.source(m))).toList();
        List<String> targets = moveTargets.stream().map(key).toList();
        for (String d : mkdirs) {
            String k = key.apply(d);
            boolean insideMove = targets.stream().anyMatch(t -> RelativePaths.isStrictAncestor(t, k));
            boolean whereMoved = moveSources.stream().anyMatch(f -> f.equals(k) || RelativePaths.isStrictAncestor(f, k));
            (insideMove || whereMoved ? late : creates).add(mkdir.apply(d));
        }
        late.sort(Comparator.comparingInt((SyncAction a) -> RelativePaths.depth(a.path()))
                .thenComparing(a -> isCreate(a) ? 0 : 1));
        structure.addAll(new StructureOrder(key, taken).order(late));
    }

    private static boolean isCreate(SyncAction a) {
        return a instanceof SyncAction.CreateLocalFolder || a instanceof SyncAction.CreateRemoteFolder;
    }

    private String localNow(Item x) {
        if (movedLocal.contains(x)) {
            return x.finalPath;
        }
        String parent = x.localParent == null ? RelativePaths.parent(x.local.path()) : localNow(x.localParent);
        return RelativePaths.join(parent, x.localName);
    }

    private String remoteNow(Item x) {
        if (movedRemote.contains(x)) {
            return x.finalPath;
        }
        String parent = x.remoteParent == null ? RelativePaths.parent(x.remote.path()) : remoteNow(x.remoteParent);
        return RelativePaths.join(parent, RelativePaths.name(x.remote.path()));
    }

    private void transfersAndRecords(Item it) {
        if (it.isDir()) {
            // a folder replaced remotely by one of the same name (matched by path) gets its new id recorded
            boolean newRemoteId = it.tracked() && it.remote != null
                    && !Objects.equals(it.journal.remoteId(), it.remote.id());
            if (it.fate == Fate.KEEP && (it.content == Content.RECORD || previous(it) != null || newRemoteId)) {
                records.add(new SyncAction.RecordJournal(
                        JournalEntry.agreed(it.finalPath, it.local, it.remote, null), previous(it)));
            }
            return;
        }
        LocalEntry l = it.local;
        RemoteEntry r = it.remote;
        switch (it.fate) {
            case COPY_TO_REMOTE -> transfers.add(new SyncAction.Upload(it.finalPath, null, l.size(), it.localHash()));
            case COPY_TO_LOCAL -> transfers.add(new SyncAction.Download(it.finalPath, r.id(), r.size(), r.contentHash(), null));
            case KEEP -> {
                switch (it.content) {
                    case UPLOAD -> transfers.add(new SyncAction.Upload(it.finalPath, r.id(), l.size(), it.localHash()));
                    case DOWNLOAD -> transfers.add(new SyncAction.Download(it.finalPath, r.id(), r.size(), r.contentHash(),
                            LocalState.of(l, it.localHash())));
                    case RECORD -> records.add(new SyncAction.RecordJournal(
                            JournalEntry.agreed(it.finalPath, l, r, it.localHash()), previous(it)));
                    case SAME -> {
                        boolean moved = movedLocal.contains(it) || movedRemote.contains(it);
                        if (it.tracked() && !moved && (metadataDiffers(it) || previous(it) != null)) {
                            records.add(new SyncAction.RecordJournal(
                                    JournalEntry.agreed(it.finalPath, l, r, it.localHash()), previous(it)));
                        }
                    }
                }
            }
            default -> throw new IllegalStateException("not at the end: " + it);
        }
    }

    /**
     * The journal path an item leaves without a move step: both sides moved it the same way. (Entries carried
     * by a folder move are rebased by the executor with the folder's journal rows.)
     */
    private String previous(Item it) {
        boolean moved = movedLocal.contains(it) || movedRemote.contains(it);
        boolean bothMovedIt = it.tracked() && it.localSelfMoved() && it.remoteSelfMoved();
        return bothMovedIt && !moved && !it.journal.path().equals(it.finalPath) ? it.journal.path() : null;
    }

    /** Whether an item now inside local folder {@code dir} ends up outside it. */
    private static boolean movesOutOf(String dir, List<Item> items) {
        for (Item x : items) {
            if (x.local != null && x.existsAtEnd() && RelativePaths.isStrictAncestor(dir, x.local.path())
                    && !RelativePaths.isStrictAncestor(dir, x.finalPath)) {
                return true;
            }
        }
        return false;
    }

    private static boolean metadataDiffers(Item it) {
        JournalEntry j = it.journal;
        return it.local.size() != j.size() || it.local.mtimeMillis() != j.mtimeMillis()
                || !Objects.equals(it.local.fileKey(), j.fileKey()) || !Objects.equals(it.remote.etag(), j.remoteEtag())
                || !Objects.equals(it.remote.id(), j.remoteId());
    }

    private void delete(Item it, Set<String> finalKeys, List<Item> items) {
        if (it.fate == Fate.DELETE_LOCAL) {
            if (it.localParent != null && it.localParent.fate == Fate.DELETE_LOCAL) {
                return;
            }
            String before = it.local.path();
            boolean displacing = finalKeys.contains(key.apply(before));
            String path = displacing ? before : localNow(it);
            LocalState expected = it.isDir() ? null : LocalState.of(it.local, it.localHash());
            SyncAction delete = new SyncAction.DeleteLocal(path, it.kind(), expected, countLocal(it));
            if (!displacing) {
                deletes.add(delete);
            } else if (it.isDir() && movesOutOf(before, items)) {
                // a folder that gives its place to a file, while something inside moves elsewhere: the moves first
                afterStructure.add(delete);
            } else {
                prepare.add(delete);
            }
        } else {
            if (it.remoteParent != null && it.remoteParent.fate == Fate.DELETE_REMOTE) {
                return;
            }
            String before = it.remote.path();
            boolean displacing = finalKeys.contains(key.apply(before));
            String path = displacing ? before : remoteNow(it);
            (displacing ? prepare : deletes).add(new SyncAction.DeleteRemote(path, it.remote.id(), it.kind(), countRemote(it)));
        }
    }

    private static int countLocal(Item it) {
        if (!it.isDir()) {
            return 1;
        }
        return it.localChildren.stream().filter(c -> c.fate == Fate.DELETE_LOCAL).mapToInt(PlanAssembler::countLocal).sum();
    }

    private static int countRemote(Item it) {
        if (!it.isDir()) {
            return 1;
        }
        return it.remoteChildren.stream().filter(c -> c.fate == Fate.DELETE_REMOTE).mapToInt(PlanAssembler::countRemote).sum();
    }
}
