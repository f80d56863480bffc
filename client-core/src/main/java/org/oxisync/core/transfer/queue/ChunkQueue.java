package org.oxisync.core.transfer.queue;

import java.util.List;

/**
 * The FIFO between delta negotiation (which finds the missing chunks) and the PUT lane (which sends them in
 * batches). One producer and one consumer; implementations are not thread-safe by themselves.
 *
 * @param <E> a queued chunk; its byte size comes from the {@code sizeOf} function given to the implementation
 */
public interface ChunkQueue<E> {

    void offer(E entry);

    /** The oldest entry, or null when empty. */
    E poll();

    /**
     * Removes the oldest entries whose sizes sum to at most {@code maxBytes}; an entry larger than the budget
     * is returned alone. Empty only when the queue is empty.
     */
    List<E> drainBatch(long maxBytes);

    int size();

    default boolean isEmpty() {
        return size() == 0;
    }
}
