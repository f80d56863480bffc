package org.oxisync.core.plan;

import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.oxisync.core.naming.Names;
import org.oxisync.core.naming.RelativePaths;

/**
 * Entries new to the journal that both sides already hold alike: a local and a remote entry at the same path, both
 * folders, or both files of the same content hash and size, with neither the path nor the remote id known to the
 * journal. The reconciler turns each of them into exactly one {@link SyncAction.RecordJournal} of {@link
 * JournalEntry#agreed} and nothing else, provided nothing around them can claim them, which this class checks
 * conservatively for the whole run:
 * <ul>
 *   <li>the local volume is case-sensitive (no case clashes to settle);</li>
 *   <li>every journal row is where the journal has it on both sides (same path and kind locally, its remote id at
 *       the same path and kind on the server): no move, delete or replacement that the reconciler could match a
 *       new entry to by id, file key, hash or place;</li>
 *   <li>the path is NFC, and it and each folder above it pass the pair's screen ({@link Reconciler#admits}: the
 *       ignore rules and selective sync, both sides' name rules, the client's temporary names).</li>
 * </ul>
 * A join (the first sync of a tree already on the server) is a whole tree of them: about a million plan items, two
 * index entries and a journal record each, held at once at a million files (bench/README.md "A million files").
 * {@code Narrowing} keeps them out of the reconciler unless a differing neighbour needs them as context, and the
 * engine records them straight into the journal in batches.
 *
 * <p>Memory: a bit per local entry, a bit per remote entry, and a table of remote positions (8 bytes a remote entry)
 * while they are found; the entries themselves are the snapshots'.
 */
public final class Twins {
    private static final Twins NONE = new Twins(new BitSet(), new BitSet(), new int[0]);

    private final BitSet local;
    private final BitSet remote;
    /** For a twin's local position: its remote position; -1 elsewhere. */
    private final int[] remoteOf;

    private Twins(BitSet local, BitSet remote, int[] remoteOf) {
        this.local = local;
        this.remote = remote;
        this.remoteOf = remoteOf;
    }

    /** No twins (a run that plans everything through the reconciler). */
    public static Twins none() {
        return NONE;
    }

    /** The twins of these snapshots, as {@code reconciler} would screen them (see the class comment). */
    public static Twins find(LocalSnapshot localSnap, RemoteSnapshot remoteSnap, JournalBase base,
                             Reconciler reconciler) {
        List<LocalEntry> locals = localSnap.entries();
        List<RemoteEntry> remotes = remoteSnap.entries();
        if (localSnap.caseInsensitive() || locals.isEmpty() || remotes.isEmpty()) {
            return NONE;
        }
        int[] table = pathTable(remotes);
        Map<String, JournalEntry> journalByPath = base.byPath();
        Map<String, JournalEntry> journalById = base.byRemoteId();
        Map<String, Boolean> foldersAdmitted = new HashMap<>();
        BitSet localTwins = new BitSet(locals.size());
        BitSet remoteTwins = new BitSet(remotes.size());
        int[] remoteOf = null;
        ScanEntries scanned = locals instanceof ScanEntries s ? s : null;
        for (int i = 0; i < locals.size(); i++) {
            if (scanned != null && scanned.settled(i)) {
                continue; // held as its journal row: known to the journal
            }
            LocalEntry l = locals.get(i);
            if (l.kind() != EntryKind.FILE && l.kind() != EntryKind.DIR) {
                continue;
            }
            int at = find(table, remotes, l.compactPath());
            if (at < 0) {
                continue;
            }
            RemoteEntry r = remotes.get(at);
            String path = l.path();
            if (!alike(l, r) || journalByPath.containsKey(path) || journalById.containsKey(r.id())
                    || !Names.isNfc(path) || !reconciler.admits(path, l.kind())
                    || !foldersAdmitted(RelativePaths.parent(path), reconciler, foldersAdmitted)) {
                continue;
            }
            if (remoteOf == null) {
                remoteOf = new int[locals.size()];
                java.util.Arrays.fill(remoteOf, -1);
            }
            localTwins.set(i);
            remoteTwins.set(at);
            remoteOf[i] = at;
        }
        // checked last: a run with no new entry on both sides (nearly every run but a join) skips the pass
        if (remoteOf == null || !journalInPlace(localSnap, remoteSnap, base)) {
            return NONE;
        }
        return new Twins(localTwins, remoteTwins, remoteOf);
    }

    /** Whether the local entry at position {@code index} of the snapshot is a twin. */
    public boolean local(int index) {
        return local.get(index);
    }

    /** Whether the remote entry at position {@code index} of the snapshot is a twin. */
    public boolean remote(int index) {
        return remote.get(index);
    }

    /** The remote position of the twin at local position {@code index}. */
    public int remoteOf(int index) {
        if (!local.get(index)) {
            throw new IllegalArgumentException("not a twin: local position " + index);
        }
        return remoteOf[index];
    }

    public int count() {
        return local.cardinality();
    }

    public boolean isEmpty() {
        return local.isEmpty();
    }

    /** The journal row the reconciler would record for the twin {@code l} and {@code r} (same path). */
    public static JournalEntry record(LocalEntry l, RemoteEntry r) {
        String path = l.path();
        return JournalEntry.agreed(path, l, r, l.kind() == EntryKind.DIR ? null : l.hash().value().orElseThrow());
    }

    private static boolean alike(LocalEntry l, RemoteEntry r) {
        if (l.kind() != r.kind()) {
            return false;
        }
        if (l.kind() == EntryKind.DIR) {
            return true;
        }
        return l.size() == r.size() && l.hash().value().map(h -> h.equals(r.contentHash())).orElse(false);
    }

    private static boolean foldersAdmitted(String folder, Reconciler reconciler, Map<String, Boolean> known) {
        if (folder.isEmpty()) {
            return true;
        }
        Boolean k = known.get(folder);
        if (k == null) {
            k = reconciler.admits(folder, EntryKind.DIR)
                    && foldersAdmitted(RelativePaths.parent(folder), reconciler, known);
            known.put(folder, k);
        }
        return k;
    }

    /**
     * Whether every journal row is where the journal has it: a local entry of its kind at its path, and (when it has
     * a remote id) that id on the server at the same path and kind.
     */
    static boolean journalInPlace(LocalSnapshot local, RemoteSnapshot remote, JournalBase base) {
        if (base.entries().isEmpty()) {
            return true;
        }
        Map<String, LocalEntry> localByPath = local.byPath();
        Map<String, RemoteEntry> remoteById = remote.byId();
        for (JournalEntry j : base.entries()) {
            LocalEntry l = localByPath.get(j.path());
            if (l == null || l.kind() != j.kind()) {
                return false;
            }
            if (j.remoteId() != null) {
                RemoteEntry r = remoteById.get(j.remoteId());
                if (r == null || r.kind() != j.kind() || !Compact.equal(r.compactPath(), j.compactPath())) {
                    return false;
                }
            }
        }
        return true;
    }

    /** Remote positions by path hash, open addressing (linear probing), -1 for a free slot. */
    static int[] pathTable(List<RemoteEntry> remotes) {
        int capacity = Integer.highestOneBit(Math.max(4, remotes.size() * 2 - 1)) << 1;
        int[] table = new int[capacity];
        java.util.Arrays.fill(table, -1);
        int mask = capacity - 1;
        for (int i = 0; i < remotes.size(); i++) {
            int slot = spread(Compact.hash(remotes.get(i).compactPath())) & mask;
            while (table[slot] >= 0) {
                slot = (slot + 1) & mask;
            }
            table[slot] = i;
        }
        return table;
    }

    /** The remote position at {@code path} (the first listed when the listing has the path twice), or -1. */
    static int find(int[] table, List<RemoteEntry> remotes, Object path) {
        int mask = table.length - 1;
        int found = -1;
        for (int slot = spread(Compact.hash(path)) & mask; table[slot] >= 0; slot = (slot + 1) & mask) {
            if (Compact.equal(remotes.get(table[slot]).compactPath(), path)) {
                if (found >= 0) {
                    return -1; // the listing has the path twice: left to the reconciler
                }
                found = table[slot];
            }
        }
        return found;
    }

    static int spread(int h) {
        return h ^ (h >>> 16);
    }
}
