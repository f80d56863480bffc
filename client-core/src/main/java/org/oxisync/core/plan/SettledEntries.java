package org.oxisync.core.plan;

import java.util.AbstractList;
import java.util.Arrays;
import java.util.Objects;
import java.util.RandomAccess;

/**
 * The list a snapshot's entries are held in ({@link ScanEntries} for the local scan, {@link ListingEntries} for the
 * remote listing): an entry equal to its journal row is held as that row ({@link #settled}) and made again when read
 * ({@link #fromRow}), so a tree that mostly matches the journal costs no second record per file; everything else is
 * held as given. Appended to at its end by one thread, read-only once frozen.
 *
 * @param <E> the entry type the list reads as
 */
abstract class SettledEntries<E> extends AbstractList<E> implements RandomAccess {
    Object[] items;
    int size;
    private boolean frozen;
    private final String readOnly;

    /** {@code readOnly}: the message of a change refused once frozen. */
    SettledEntries(int capacity, int size, String readOnly) {
        this.items = new Object[capacity];
        this.size = size;
        this.readOnly = readOnly;
    }

    /** The entry the journal's row {@code j}, held at {@code index}, reads as. */
    abstract E fromRow(JournalEntry j, int index);

    /**
     * The entry an item held in another form than the entry itself reads as (a subclass that holds some entries in a
     * flat form of its own makes them here); by default the item is the entry.
     */
    @SuppressWarnings("unchecked")
    E fromHeld(Object item) {
        return (E) item;
    }

    /** The arrays a subclass keeps beside the items take the new length (grown, or trimmed at freeze). */
    void resized(int length) {
    }

    /** Checked before a freeze trims the list (a subclass refuses an incomplete list here). */
    void beforeFreeze() {
    }

    /** Whether the entry at {@code index} is held as its journal row. */
    public final boolean settled(int index) {
        Objects.checkIndex(index, size);
        return items[index] instanceof JournalEntry;
    }

    @Override
    public final E get(int index) {
        Objects.checkIndex(index, size);
        Object item = items[index];
        return item instanceof JournalEntry j ? fromRow(j, index) : fromHeld(item);
    }

    @Override
    public final int size() {
        return size;
    }

    /** Appends {@code item} (an entry, or a journal row) at the end; returns its position. */
    final int append(Object item) {
        checkOpen();
        if (size == items.length) {
            int grown = Math.max(16, size + (size >> 1));
            items = Arrays.copyOf(items, grown);
            resized(grown);
        }
        items[size] = item;
        modCount++;
        return size++;
    }

    /** Refuses a change once frozen. */
    final void checkOpen() {
        if (frozen) {
            throw new UnsupportedOperationException(readOnly);
        }
    }

    /** Trims the list and makes it read-only (once). */
    final void freezeItems() {
        if (!frozen) {
            beforeFreeze();
            items = Arrays.copyOf(items, size);
            resized(size);
            frozen = true;
        }
    }
}
