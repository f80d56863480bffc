package org.oxisync.core.plan;

import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.oxisync.core.naming.Names;
import org.oxisync.core.naming.RelativePaths;

/**
 * Local files new to the journal and to the server, in folders that are new on both or the journal's: the first
 * upload of a tree (a new user's photo archive, a build tree), and its rest after a kill. The reconciler turns each
 * of them into exactly one new {@link SyncAction.Upload} (its path, its size, its hash) and nothing else, provided
 * nothing can claim them or their folders, which this class checks conservatively, as {@link Twins} does for entries
 * alike on both sides:
 * <ul>
 *   <li>the local volume is case-sensitive (no case clashes to settle);</li>
 *   <li>every journal row is where the journal has it on both sides ({@link Twins#journalInPlace}): no move, delete
 *       or replacement that the reconciler could match a new file to by file key, hash or place;</li>
 *   <li>the pair sends new entries and holds back none it was refused ({@link Reconciler#sendsNewFreely});</li>
 *   <li>the file is hashed, its path is NFC and passes the pair's screen ({@link Reconciler#admits}), and so does
 *       each folder above it;</li>
 *   <li>the server has no entry at its path, and each folder above it is either new (neither the server nor the
 *       journal has an entry there: the plan creates it before its transfers) or a folder of the journal (in place on
 *       both sides, as above).</li>
 * </ul>
 * What remains is a sibling that may claim its name (a conflict copy named beside it): {@code Narrowing} hands the
 * reconciler the new files of a folder the server has whenever something else in that folder differs
 * ({@link #inKnownFolder}); in a new folder nothing else can.
 * {@code Narrowing} keeps them out of the reconciler (about 1.7 KB a file while it plans, bench/README.md "A million
 * new files") and the engine uploads them after the plan, in batches made from the scan's own entries.
 *
 * <p>Memory: a bit per local entry, and, once a candidate is seen, a table of remote positions (8 bytes a remote
 * entry) and a verdict per folder while they are found.
 */
public final class NewFiles {
    private static final NewFiles NONE = new NewFiles(new BitSet(), new BitSet());

    private final BitSet local;
    /** Those of {@link #local} whose folder is one of the journal's (on the server), not a new one. */
    private final BitSet inKnownFolder;

    private NewFiles(BitSet local, BitSet inKnownFolder) {
        this.local = local;
        this.inKnownFolder = inKnownFolder;
    }

    /** None (a run that plans everything through the reconciler). */
    public static NewFiles none() {
        return NONE;
    }

    /** The new files of these snapshots that are not {@code twins}, as {@code reconciler} would screen them. */
    public static NewFiles find(LocalSnapshot localSnap, RemoteSnapshot remoteSnap, JournalBase base,
                                Reconciler reconciler, Twins twins) {
        List<LocalEntry> locals = localSnap.entries();
        if (localSnap.caseInsensitive() || locals.isEmpty() || !reconciler.sendsNewFreely()) {
            return NONE;
        }
        List<RemoteEntry> remotes = remoteSnap.entries();
        int[] table = null; // made at the first candidate: most runs have none (a join's files are all twins)
        Map<String, JournalEntry> journalByPath = base.byPath();
        Map<String, Folder> folders = new HashMap<>();
        BitSet found = new BitSet(locals.size());
        BitSet inKnown = new BitSet(locals.size());
        ScanEntries scanned = locals instanceof ScanEntries s ? s : null;
        for (int i = 0; i < locals.size(); i++) {
            if (twins.local(i) || scanned != null && scanned.settled(i)) {
                continue; // alike on both sides, or held as its journal row
            }
            LocalEntry l = locals.get(i);
            if (l.kind() != EntryKind.FILE || l.hash().value().isEmpty()) {
                continue;
            }
            String path = l.path();
            if (journalByPath.containsKey(path) || !Names.isNfc(path) || !reconciler.admits(path, EntryKind.FILE)) {
                continue;
            }
            if (table == null) {
                table = Twins.pathTable(remotes);
            }
            if (onServer(table, remotes, l.compactPath())) {
                continue;
            }
            Folder folder = folder(RelativePaths.parent(path), reconciler, table, remotes, journalByPath, folders);
            if (folder == Folder.OTHER) {
                continue;
            }
            found.set(i);
            if (folder == Folder.KNOWN) {
                inKnown.set(i);
            }
        }
        // checked last: a run whose new files all sit in folders the server has skips the pass
        if (found.isEmpty() || !Twins.journalInPlace(localSnap, remoteSnap, base)) {
            return NONE;
        }
        return new NewFiles(found, inKnown);
    }

    /** Whether the local entry at position {@code index} of the snapshot is one of them. */
    public boolean local(int index) {
        return local.get(index);
    }

    /**
     * Whether the new file at local position {@code index} is in a folder of the journal (the top of the pair too),
     * where the server may hold other new entries that claim names beside it; else its folder is a new one.
     */
    public boolean inKnownFolder(int index) {
        return inKnownFolder.get(index);
    }

    public int count() {
        return local.cardinality();
    }

    public boolean isEmpty() {
        return local.isEmpty();
    }

    /** The upload the reconciler would plan for the new file {@code l}. */
    public static SyncAction.Upload upload(LocalEntry l) {
        return new SyncAction.Upload(l.path(), null, l.size(), l.hash().value().orElseThrow());
    }

    /** What a folder above a new file is: new on both sides, the journal's (or the top), or anything else. */
    private enum Folder { NEW, KNOWN, OTHER }

    /**
     * {@code folder}: {@link Folder#NEW} when it and each folder above it pass the screen and are new or the journal's,
     * and it is new itself; {@link Folder#KNOWN} when so and it is the journal's (or the top); else
     * {@link Folder#OTHER}.
     */
    private static Folder folder(String folder, Reconciler reconciler, int[] table, List<RemoteEntry> remotes,
                                 Map<String, JournalEntry> journalByPath, Map<String, Folder> known) {
        if (folder.isEmpty()) {
            return Folder.KNOWN;
        }
        Folder k = known.get(folder);
        if (k == null) {
            JournalEntry row = journalByPath.get(folder);
            if (!reconciler.admits(folder, EntryKind.DIR)
                    || folder(RelativePaths.parent(folder), reconciler, table, remotes, journalByPath, known)
                    == Folder.OTHER) {
                k = Folder.OTHER;
            } else if (row != null) {
                k = row.kind() == EntryKind.DIR && row.remoteId() != null ? Folder.KNOWN : Folder.OTHER;
            } else {
                k = onServer(table, remotes, Compact.of(folder)) ? Folder.OTHER : Folder.NEW;
            }
            known.put(folder, k);
        }
        return k;
    }

    /** Whether the listing has any entry at {@code path} (once or more). */
    private static boolean onServer(int[] table, List<RemoteEntry> remotes, Object path) {
        int mask = table.length - 1;
        for (int slot = Twins.spread(Compact.hash(path)) & mask; table[slot] >= 0; slot = (slot + 1) & mask) {
            if (Compact.equal(remotes.get(table[slot]).compactPath(), path)) {
                return true;
            }
        }
        return false;
    }
}
