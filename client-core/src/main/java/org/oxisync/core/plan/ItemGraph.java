package org.oxisync.core.plan;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.oxisync.core.naming.RelativePaths;

/**
 * Builds the {@link Item}s: attaches each journal entry to its remote counterpart (same id, else a same-kind
 * entry at the same path, under its folders' new places on the server, whose id no journal entry knows: replaced
 * remotely) and to its local counterpart
 * (same path and kind; else, for a journal entry whose path is gone, the same relative place under a moved
 * parent folder, then the same file key, then a unique same hash and size). Leftover entries become new
 * items; a new local and a new remote entry at the same path become one item when both are folders or hold
 * the same content. Finally links every item to its parent on each side.
 */
final class ItemGraph {
    final List<Item> items = new ArrayList<>();

    static ItemGraph build(Screen.Result in) {
        ItemGraph g = new ItemGraph();
        g.assemble(in);
        return g;
    }

    private void assemble(Screen.Result in) {
        Map<String, LocalEntry> localByPath = new LinkedHashMap<>();
        in.local().forEach(e -> localByPath.put(e.path(), e));
        Map<String, RemoteEntry> remoteByPath = new LinkedHashMap<>();
        Map<String, RemoteEntry> remoteById = new HashMap<>();
        for (RemoteEntry e : in.remote()) {
            remoteByPath.put(e.path(), e);
            remoteById.put(e.id(), e);
        }
        List<JournalEntry> journal = new ArrayList<>(in.journal());
        journal.sort(Comparator.comparingInt((JournalEntry e) -> RelativePaths.depth(e.path())).thenComparing(JournalEntry::path));
        Map<String, JournalEntry> journalByPath = new HashMap<>();
        Set<String> journalIds = new HashSet<>();
        for (JournalEntry j : journal) {
            journalByPath.put(j.path(), j);
            if (j.remoteId() != null) {
                journalIds.add(j.remoteId());
            }
        }

        Map<String, List<JournalEntry>> journalByKey = new HashMap<>();
        for (JournalEntry j : journal) {
            if (j.fileKey() != null) {
                journalByKey.computeIfAbsent(j.fileKey(), k -> new ArrayList<>()).add(j);
            }
        }

        Set<RemoteEntry> usedRemote = new HashSet<>();
        Set<LocalEntry> usedLocal = new HashSet<>();
        Map<JournalEntry, Item> tracked = new LinkedHashMap<>();
        Map<String, String> remoteDirMoves = new HashMap<>(); // journal folder path -> its path on the server now
        for (JournalEntry j : journal) {
            RemoteEntry r = j.remoteId() == null ? null : remoteById.get(j.remoteId());
            if (r == null || r.kind() != j.kind()) {
                RemoteEntry atPath = remoteByPath.get(serverPlaceOf(j.path(), remoteDirMoves));
                r = atPath != null && atPath.kind() == j.kind() && !journalIds.contains(atPath.id()) ? atPath : null;
            }
            if (r != null && !usedRemote.add(r)) {
                r = null;
            }
            if (r != null && j.kind() == EntryKind.DIR && !r.path().equals(j.path())) {
                remoteDirMoves.put(j.path(), r.path());
            }
            LocalEntry l = localByPath.get(j.path());
            if (l != null && l.kind() == j.kind() && !movedHereFromElsewhere(j, l, journalByKey, localByPath)) {
                usedLocal.add(l);
            } else {
                l = null;
            }
            tracked.put(j, new Item(j, l, r));
        }
        findLocalMoves(tracked, localByPath, journalByPath, usedLocal);
        items.addAll(tracked.values());

        Map<String, Item> newRemoteByPath = new HashMap<>();
        for (RemoteEntry r : in.remote()) {
            if (!usedRemote.contains(r)) {
                Item it = new Item(null, null, r);
                items.add(it);
                newRemoteByPath.put(r.path(), it);
            }
        }
        for (LocalEntry l : in.local()) {
            if (usedLocal.contains(l)) {
                continue;
            }
            Item twin = newRemoteByPath.get(l.path());
            if (twin != null && twin.local == null && agree(l, twin.remote)) {
                twin.local = l;
                twin.localName = RelativePaths.name(l.path());
            } else {
                items.add(new Item(null, l, null));
            }
        }
        link(journalByPath, tracked);
    }

    /**
     * Where a journal path is on the server now: under the new place of its nearest ancestor folder the server moved
     * (journal entries come parents first, so every moved ancestor is known), else unchanged. A file replaced on the
     * server (new id, same name) inside a folder moved on the server is thus still matched to its old row: one update,
     * not a download beside a delete of the same place.
     */
    private static String serverPlaceOf(String path, Map<String, String> remoteDirMoves) {
        if (remoteDirMoves.isEmpty()) {
            return path;
        }
        for (String a = RelativePaths.parent(path); !a.isEmpty(); a = RelativePaths.parent(a)) {
            String to = remoteDirMoves.get(a);
            if (to != null) {
                return RelativePaths.rebase(path, a, to);
            }
        }
        return path;
    }

    /**
     * The file at {@code j}'s path is another known file moved there (its file key, size and mtime are those of the
     * journal row of a path that no longer has it): the user deleted or moved away {@code j} and moved the other file
     * onto its name. Then it is that file's move, and {@code j} was deleted, so its server copy goes to the trash
     * instead of being overwritten in place (seed 2111 of the model test lost the replaced content).
     */
    private static boolean movedHereFromElsewhere(JournalEntry j, LocalEntry l, Map<String, List<JournalEntry>> journalByKey,
                                                  Map<String, LocalEntry> localByPath) {
        if (l.fileKey() == null || j.fileKey() == null || l.fileKey().equals(j.fileKey())) {
            return false;
        }
        for (JournalEntry other : journalByKey.getOrDefault(l.fileKey(), List.of())) {
            if (other != j && sameThing(other, l)) {
                LocalEntry there = localByPath.get(other.path());
                if (there == null || !l.fileKey().equals(there.fileKey())) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean agree(LocalEntry l, RemoteEntry r) {
        if (l.kind() != r.kind()) {
            return false;
        }
        return l.kind() == EntryKind.DIR
                || l.hash().value().map(h -> h.equals(r.contentHash()) && l.size() == r.size()).orElse(false);
    }

    private static void findLocalMoves(Map<JournalEntry, Item> tracked, Map<String, LocalEntry> localByPath,
                                       Map<String, JournalEntry> journalByPath, Set<LocalEntry> usedLocal) {
        Map<String, List<LocalEntry>> byFileKey = new HashMap<>();
        for (LocalEntry l : localByPath.values()) {
            if (l.fileKey() != null && !usedLocal.contains(l)) {
                byFileKey.computeIfAbsent(l.fileKey(), k -> new ArrayList<>()).add(l);
            }
        }
        Map<String, String> dirMoves = new HashMap<>();
        for (Item it : tracked.values()) {
            if (it.local != null) {
                continue;
            }
            JournalEntry j = it.journal;
            LocalEntry found = impliedByParentMove(j, dirMoves, localByPath, journalByPath, usedLocal);
            if (found == null && j.fileKey() != null) {
                found = byFileKey.getOrDefault(j.fileKey(), List.of()).stream()
                        .filter(l -> !usedLocal.contains(l) && sameThing(j, l)).findFirst().orElse(null);
            }
            if (found != null) {
                attach(it, found, usedLocal, dirMoves);
            }
        }
        // same content and size, only when the match is unique on both sides
        Map<String, List<Item>> gone = new HashMap<>();
        for (Item it : tracked.values()) {
            if (it.local == null && it.journal.kind() == EntryKind.FILE && it.journal.localHash() != null) {
                gone.computeIfAbsent(it.journal.localHash() + "/" + it.journal.size(), k -> new ArrayList<>()).add(it);
            }
        }
        Map<String, List<LocalEntry>> fresh = new HashMap<>();
        for (LocalEntry l : localByPath.values()) {
            if (!usedLocal.contains(l) && l.kind() == EntryKind.FILE && !journalByPath.containsKey(l.path())) {
                l.hash().value().ifPresent(h -> fresh.computeIfAbsent(h + "/" + l.size(), k -> new ArrayList<>()).add(l));
            }
        }
        gone.forEach((key, its) -> {
            List<LocalEntry> ls = fresh.getOrDefault(key, List.of());
            if (its.size() == 1 && ls.size() == 1) {
                attach(its.get(0), ls.get(0), usedLocal, dirMoves);
            }
        });
    }

    /** A file key alone is reused by file systems; a file must also keep its size and mtime (a rename does). */
    private static boolean sameThing(JournalEntry j, LocalEntry l) {
        if (l.kind() != j.kind()) {
            return false;
        }
        if (l.kind() == EntryKind.DIR) {
            return true;
        }
        return (l.size() == j.size() && l.mtimeMillis() == j.mtimeMillis())
                || l.hash().value().map(h -> h.equals(j.localHash())).orElse(false);
    }

    private static LocalEntry impliedByParentMove(JournalEntry j, Map<String, String> dirMoves,
                                                  Map<String, LocalEntry> localByPath,
                                                  Map<String, JournalEntry> journalByPath, Set<LocalEntry> usedLocal) {
        for (String a = RelativePaths.parent(j.path()); !a.isEmpty(); a = RelativePaths.parent(a)) {
            String to = dirMoves.get(a);
            if (to != null) {
                LocalEntry l = localByPath.get(RelativePaths.rebase(j.path(), a, to));
                boolean free = l != null && !usedLocal.contains(l) && l.kind() == j.kind()
                        && !journalByPath.containsKey(l.path());
                return free ? l : null;
            }
        }
        return null;
    }

    private static void attach(Item it, LocalEntry l, Set<LocalEntry> usedLocal, Map<String, String> dirMoves) {
        it.local = l;
        it.localName = RelativePaths.name(l.path());
        usedLocal.add(l);
        if (l.kind() == EntryKind.DIR) {
            dirMoves.put(it.journal.path(), l.path());
        }
    }

    private void link(Map<String, JournalEntry> journalByPath, Map<JournalEntry, Item> tracked) {
        Map<String, Item> byLocal = new HashMap<>();
        Map<String, Item> byRemote = new HashMap<>();
        for (Item it : items) {
            if (it.local != null) {
                byLocal.put(it.local.path(), it);
            }
            if (it.remote != null) {
                byRemote.put(it.remote.path(), it);
            }
        }
        for (Item it : items) {
            if (it.local != null) {
                it.localParent = byLocal.get(RelativePaths.parent(it.local.path()));
                if (it.localParent != null) {
                    it.localParent.localChildren.add(it);
                }
            }
            if (it.remote != null) {
                it.remoteParent = byRemote.get(RelativePaths.parent(it.remote.path()));
                if (it.remoteParent != null) {
                    it.remoteParent.remoteChildren.add(it);
                }
            }
            if (it.journal != null) {
                JournalEntry p = journalByPath.get(RelativePaths.parent(it.journal.path()));
                it.journalParent = p == null ? null : Objects.requireNonNull(tracked.get(p));
            }
        }
    }
}
