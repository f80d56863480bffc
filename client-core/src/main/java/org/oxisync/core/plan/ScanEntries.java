package org.oxisync.core.plan;

import java.util.Objects;

/**
 * The entries a local scan found, in the order found. An entry equal to its journal row (a file of the same size,
 * modification time and file key, not hashed; a folder of the same file key) is held as that row itself, not as a
 * second record: a full run walks a whole tree that mostly matches the journal, and each such record cost 40 bytes
 * a file (bench/README.md "A million files"). Reading such a position gives the {@link LocalEntry} the scan would
 * have made (equal to it, sharing the row's path and key forms); everything else is held as given.
 *
 * <p>Appended to while the scan runs (one thread per list), read-only once {@link #freeze() frozen} for a
 * {@link LocalSnapshot}.
 */
public final class ScanEntries extends SettledEntries<LocalEntry> {
    public ScanEntries() {
        super(16, 0, "a frozen scan is read-only");
    }

    /** Appends an entry held as given. */
    @Override
    public boolean add(LocalEntry e) {
        append(Objects.requireNonNull(e, "entry"));
        return true;
    }

    /**
     * Appends a file the scan hashed: held flat when its hash has the common form (see {@link HashedFile}: 32 bytes a
     * file less), else as given; returns its position. It reads back as an equal entry, not as {@code e} itself.
     */
    public int addHashed(LocalEntry e) {
        HashedFile f = HashedFile.of(Objects.requireNonNull(e, "entry"));
        return append(f != null ? f : e);
    }

    @Override
    LocalEntry fromHeld(Object item) {
        return item instanceof HashedFile f ? f.entry() : (LocalEntry) item;
    }

    /**
     * Appends the entry the scan found equal to the journal's row {@code j}: a file with the row's size, time and key,
     * or a folder with the row's key (a row of another kind is refused: the scan makes a record for it).
     */
    public void addSettled(JournalEntry j) {
        if (j.kind() != EntryKind.FILE && j.kind() != EntryKind.DIR) {
            throw new IllegalArgumentException("only files and folders settle: " + j.path());
        }
        append(j);
    }

    /** Appends at the end only (the scan's order is the order found). */
    @Override
    public void add(int index, LocalEntry e) {
        if (index != size) {
            throw new UnsupportedOperationException("a scan is appended to at its end");
        }
        add(e);
    }

    /** Appends {@code all} after these; another scan's settled entries stay settled. */
    @Override
    public boolean addAll(java.util.Collection<? extends LocalEntry> all) {
        if (all instanceof ScanEntries other) {
            for (int i = 0; i < other.size; i++) {
                append(other.items[i]);
            }
            return other.size > 0;
        }
        return super.addAll(all);
    }

    @Override
    LocalEntry fromRow(JournalEntry j, int index) {
        return j.kind() == EntryKind.DIR
                ? LocalEntry.withCompactKey(j.compactPath(), EntryKind.DIR, 0, 0, j.compactFileKey(),
                LocalHash.NOT_COMPUTED)
                : LocalEntry.withCompactKey(j.compactPath(), EntryKind.FILE, j.size(), j.mtimeMillis(),
                j.compactFileKey(), LocalHash.NOT_COMPUTED);
    }

    /** This list, trimmed and read-only from now on. */
    public ScanEntries freeze() {
        freezeItems();
        return this;
    }
}
