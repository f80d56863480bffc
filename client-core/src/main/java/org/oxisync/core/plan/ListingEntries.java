package org.oxisync.core.plan;

import java.time.Instant;
import java.util.AbstractList;
import java.util.Arrays;
import java.util.Objects;
import java.util.RandomAccess;

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
public final class ListingEntries extends AbstractList<RemoteEntry> implements RandomAccess {
    private static final long NO_TIME = Long.MIN_VALUE;

    private Object[] items = new Object[16];
    /** For a settled file: its parent folder's id form; null elsewhere. */
    private Object[] parents = new Object[16];
    /** For a settled file: its modification time, epoch seconds, or {@link #NO_TIME}. */
    private long[] modified = new long[16];
    private int size;
    private boolean frozen;

    /** Appends an entry held as given. */
    @Override
    public boolean add(RemoteEntry e) {
        append(Objects.requireNonNull(e, "entry"), null, NO_TIME);
        return true;
    }

    /**
     * Appends the listing's file that the journal's row {@code j} records as it is: the caller has checked that
     * its id, path, ETag, content hash and size are the row's; {@code parentId} is its parent folder's id form and
     * {@code modifiedAt} its time (null when the server gave none).
     */
    public void addSettled(JournalEntry j, Object parentId, Instant modifiedAt) {
        if (j.kind() != EntryKind.FILE || j.compactRemoteId() == null) {
            throw new IllegalArgumentException("only a file known on the server settles: " + j.path());
        }
        if (modifiedAt != null && modifiedAt.getNano() != 0) {
            throw new IllegalArgumentException("a listing's times are whole seconds: " + modifiedAt);
        }
        append(j, parentId, modifiedAt == null ? NO_TIME : modifiedAt.getEpochSecond());
    }

    /** Whether the entry at {@code index} is held as the journal's row (the server side as the journal has it). */
    public boolean settled(int index) {
        Objects.checkIndex(index, size);
        return items[index] instanceof JournalEntry;
    }

    @Override
    public RemoteEntry get(int index) {
        Objects.checkIndex(index, size);
        Object item = items[index];
        if (item instanceof JournalEntry j) {
            long seconds = modified[index];
            return RemoteEntry.compactFile(j.compactPath(), j.compactRemoteId(), parents[index],
                    j.compactRemoteEtag(), j.compactRemoteHash(), j.size(),
                    seconds == NO_TIME ? null : Instant.ofEpochSecond(seconds));
        }
        return (RemoteEntry) item;
    }

    @Override
    public int size() {
        return size;
    }

    /** This list, trimmed and read-only from now on. */
    public ListingEntries freeze() {
        if (!frozen) {
            items = Arrays.copyOf(items, size);
            parents = Arrays.copyOf(parents, size);
            modified = Arrays.copyOf(modified, size);
            frozen = true;
        }
        return this;
    }

    private void append(Object item, Object parent, long seconds) {
        if (frozen) {
            throw new UnsupportedOperationException("a frozen listing is read-only");
        }
        if (size == items.length) {
            int grown = size + (size >> 1);
            items = Arrays.copyOf(items, grown);
            parents = Arrays.copyOf(parents, grown);
            modified = Arrays.copyOf(modified, grown);
        }
        items[size] = item;
        parents[size] = parent;
        modified[size] = seconds;
        size++;
        modCount++;
    }
}
