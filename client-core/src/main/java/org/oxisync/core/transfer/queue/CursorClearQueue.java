package org.oxisync.core.transfer.queue;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * The "cursor-clear" chunk queue of protocol reference §6.4, adapted to Java: an array with a head cursor.
 * <ul>
 *   <li>{@code poll} is O(1): it reads the head slot, nulls it at once (so the chunk can be collected while
 *       the rest waits) and advances the cursor;</li>
 *   <li>once the head passes {@value #COMPACT_THRESHOLD} and at least half of the used part is consumed, the
 *       live tail is moved to the front (amortized O(1));</li>
 *   <li>a full array slides its live part down when three quarters are consumed, else grows by half;</li>
 *   <li>an empty queue resets both cursors; when compaction finds the array more than 4x larger than the
 *       backlog it shrinks, so retained memory follows the current backlog, not the peak or the total.</li>
 * </ul>
 */
public final class CursorClearQueue<E> implements ChunkQueue<E> {
    static final int COMPACT_THRESHOLD = 4096;
    private static final int MIN_CAPACITY = 16;

    private final ToLongFunction<? super E> sizeOf;
    private Object[] slots;
    private int head;
    private int tail;

    public CursorClearQueue(ToLongFunction<? super E> sizeOf) {
        this(sizeOf, MIN_CAPACITY);
    }

    public CursorClearQueue(ToLongFunction<? super E> sizeOf, int initialCapacity) {
        this.sizeOf = Objects.requireNonNull(sizeOf, "sizeOf");
        this.slots = new Object[Math.max(MIN_CAPACITY, initialCapacity)];
    }

    @Override
    public void offer(E entry) {
        Objects.requireNonNull(entry, "entry");
        if (tail == slots.length) {
            // full: slide the live part down if three quarters are consumed (in place, so a steady backlog
            // does not shrink and regrow the array), else grow by half
            if (head >= slots.length - (slots.length >> 2)) {
                slide();
            } else {
                slots = Arrays.copyOf(slots, slots.length + (slots.length >> 1));
            }
        }
        slots[tail++] = entry;
    }

    @Override
    @SuppressWarnings("unchecked")
    public E poll() {
        if (head == tail) {
            return null;
        }
        E e = (E) slots[head];
        slots[head++] = null;
        if (head == tail) {
            head = 0;
            tail = 0;
        } else if (head > COMPACT_THRESHOLD && head * 2 >= tail) {
            compact();
        }
        return e;
    }

    @SuppressWarnings("unchecked")
    private E peek() {
        return head == tail ? null : (E) slots[head];
    }

    /** Compaction after the head passed the threshold; shrinks an array that is mostly empty. */
    private void compact() {
        int live = tail - head;
        if (slots.length > 4 * live) {
            Object[] smaller = new Object[Math.max(MIN_CAPACITY, 2 * live)];
            System.arraycopy(slots, head, smaller, 0, live);
            slots = smaller;
            head = 0;
            tail = live;
        } else {
            slide();
        }
    }

    private void slide() {
        int live = tail - head;
        System.arraycopy(slots, head, slots, 0, live);
        Arrays.fill(slots, live, tail, null);
        head = 0;
        tail = live;
    }

    @Override
    public List<E> drainBatch(long maxBytes) {
        return BatchDrain.drain(new BatchDrain.Source<>() {
            @Override
            public E peek() {
                return CursorClearQueue.this.peek();
            }

            @Override
            public E poll() {
                return CursorClearQueue.this.poll();
            }
        }, sizeOf, maxBytes);
    }

    @Override
    public int size() {
        return tail - head;
    }

    /** Array slots currently allocated (for tests and the retained-memory benchmark). */
    public int capacity() {
        return slots.length;
    }

    /** Non-null slots held, consumed or not (always equals {@link #size()}: consumed slots are cleared). */
    int occupiedSlots() {
        int n = 0;
        for (Object o : slots) {
            if (o != null) {
                n++;
            }
        }
        return n;
    }
}
