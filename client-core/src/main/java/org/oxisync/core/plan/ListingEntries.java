package org.oxisync.core.plan;

import java.time.Instant;
import java.util.Arrays;
import java.util.Objects;

/**
 * The entries of a remote listing, in listing order. A file the listing shows exactly as the journal's row records
 * it on the server side (same id, path, parent folder, ETag, content hash and size) is held as that row, plus its
 * parent id form and modification time, instead of a second record per file: a full run's listing mostly matches
 * the journal, and each such record cost about 48 bytes a file (bench/README.md "A million files"). Reading such a
 * position gives the {@link RemoteEntry} discovery would have made (equal to it, sharing the row's forms);
 * everything else is held as given.
 *
 * <p>Appended to by one thread while discovery makes the snapshot, read-only once {@link #freeze() frozen} for a
 * {@link RemoteSnapshot}.
 */
public final class ListingEntries extends SettledEntries<RemoteEntry> {
    private static final long NO_TIME = Long.MIN_VALUE;
    private static final String READ_ONLY = "a frozen listing is read-only";

    /**
     * For a settled file: its parent folder's id form; null elsewhere. Made with the first settled file (a join's
     * listing has none: 12 bytes a file saved with {@link #modified}).
     */
    private Object[] parents;
    /** For a settled file: its modification time, epoch seconds, or {@link #NO_TIME}; made with {@link #parents}. */
    private long[] modified;

    public ListingEntries() {
        super(16, 0, READ_ONLY);
    }

    private ListingEntries(int size) {
        super(size, size, READ_ONLY);
    }

    /**
     * A listing of {@code size} positions, each to be set once with {@link #put} or {@link #putSettled} (for a
     * snapshot made in listing order from a file read in another order); {@link #freeze()} refuses a position left
     * unset.
     */
    public static ListingEntries ofSize(int size) {
        return new ListingEntries(size);
    }

    /** Sets the unset position {@code index} to an entry held as given. */
    public void put(int index, RemoteEntry e) {
        place(index, Objects.requireNonNull(e, "entry"), null, NO_TIME);
    }

    /** Sets the unset position {@code index} as {@link #addNew} would have appended {@code e}. */
    public void putNew(int index, RemoteEntry e) {
        place(index, flat(e), null, NO_TIME);
    }

    /** Sets the unset position {@code index} as {@link #addSettled} would have appended it. */
    public void putSettled(int index, JournalEntry j, Object parentId, Instant modifiedAt) {
        checkSettled(j, modifiedAt);
        place(index, j, parentId, modifiedAt == null ? NO_TIME : modifiedAt.getEpochSecond());
    }

    private void place(int index, Object item, Object parent, long seconds) {
        checkOpen();
        Objects.checkIndex(index, size);
        if (items[index] != null) {
            throw new IllegalStateException("position " + index + " is already set");
        }
        items[index] = item;
        side(index, parent, seconds);
        modCount++;
    }

    /** Appends an entry held as given. */
    @Override
    public boolean add(RemoteEntry e) {
        append(Objects.requireNonNull(e, "entry"), null, NO_TIME);
        return true;
    }

    /**
     * Appends a listed entry the journal does not know (no row shares its forms): a file whose forms have the common
     * shapes is held flat (see {@link ListedFile}: about 56 bytes a file less), anything else as given. It reads
     * back as an equal entry, not as {@code e} itself.
     */
    public void addNew(RemoteEntry e) {
        append(flat(e), null, NO_TIME);
    }

    private static Object flat(RemoteEntry e) {
        ListedFile f = ListedFile.of(Objects.requireNonNull(e, "entry"));
        return f != null ? f : e;
    }

    /**
     * Appends the listing's file that the journal's row {@code j} records as it is: the caller has checked that
     * its id, path, ETag, content hash and size are the row's; {@code parentId} is its parent folder's id form and
     * {@code modifiedAt} its time (null when the server gave none).
     */
    public void addSettled(JournalEntry j, Object parentId, Instant modifiedAt) {
        checkSettled(j, modifiedAt);
        append(j, parentId, modifiedAt == null ? NO_TIME : modifiedAt.getEpochSecond());
    }

    private static void checkSettled(JournalEntry j, Instant modifiedAt) {
        if (j.kind() != EntryKind.FILE || j.compactRemoteId() == null) {
            throw new IllegalArgumentException("only a file known on the server settles: " + j.path());
        }
        if (modifiedAt != null && modifiedAt.getNano() != 0) {
            throw new IllegalArgumentException("a listing's times are whole seconds: " + modifiedAt);
        }
    }

    @Override
    RemoteEntry fromHeld(Object item) {
        return item instanceof ListedFile f ? f.entry() : (RemoteEntry) item;
    }

    @Override
    RemoteEntry fromRow(JournalEntry j, int index) {
        long seconds = modified[index];
        return RemoteEntry.compactFile(j.compactPath(), j.compactRemoteId(), parents[index],
                j.compactRemoteEtag(), j.compactRemoteHash(), j.size(),
                seconds == NO_TIME ? null : Instant.ofEpochSecond(seconds));
    }

    /** This list, trimmed and read-only from now on. */
    public ListingEntries freeze() {
        freezeItems();
        return this;
    }

    @Override
    void beforeFreeze() {
        for (int i = 0; i < size; i++) {
            if (items[i] == null) {
                throw new IllegalStateException("position " + i + " was never set");
            }
        }
    }

    @Override
    void resized(int length) {
        if (parents != null) {
            parents = Arrays.copyOf(parents, length);
            modified = Arrays.copyOf(modified, length);
        }
    }

    private void append(Object item, Object parent, long seconds) {
        side(append(item), parent, seconds);
    }

    /**
     * Sets a position's parent and time when it holds a settled file (only those are read back); the two arrays are
     * made when the first one needs them.
     */
    private void side(int index, Object parent, long seconds) {
        if (!(items[index] instanceof JournalEntry)) {
            return;
        }
        if (parents == null) {
            parents = new Object[items.length];
            modified = new long[items.length];
        }
        parents[index] = parent;
        modified[index] = seconds;
    }
}
