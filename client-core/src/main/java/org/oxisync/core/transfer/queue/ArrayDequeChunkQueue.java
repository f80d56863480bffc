package org.oxisync.core.transfer.queue;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Objects;
import java.util.function.ToLongFunction;

/**
 * {@link ChunkQueue} over {@link ArrayDeque}: O(1) poll, polled slots nulled at once, but the backing array
 * never shrinks (it keeps the peak backlog's capacity). Kept as the benchmark's comparison point.
 */
public final class ArrayDequeChunkQueue<E> implements ChunkQueue<E> {
    private final ToLongFunction<? super E> sizeOf;
    private final ArrayDeque<E> deque = new ArrayDeque<>();

    public ArrayDequeChunkQueue(ToLongFunction<? super E> sizeOf) {
        this.sizeOf = Objects.requireNonNull(sizeOf, "sizeOf");
    }

    @Override
    public void offer(E entry) {
        deque.addLast(Objects.requireNonNull(entry, "entry"));
    }

    @Override
    public E poll() {
        return deque.pollFirst();
    }

    @Override
    public List<E> drainBatch(long maxBytes) {
        return BatchDrain.drain(new BatchDrain.Source<>() {
            @Override
            public E peek() {
                return deque.peekFirst();
            }

            @Override
            public E poll() {
                return deque.pollFirst();
            }
        }, sizeOf, maxBytes);
    }

    @Override
    public int size() {
        return deque.size();
    }
}
