package org.oxisync.core.transfer.queue;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/** The shared batching rule of {@link ChunkQueue#drainBatch}. */
final class BatchDrain {
    private BatchDrain() {}

    interface Source<E> {
        E peek();

        E poll();
    }

    static <E> List<E> drain(Source<E> q, ToLongFunction<? super E> sizeOf, long maxBytes) {
        if (maxBytes <= 0) {
            throw new IllegalArgumentException("batch budget must be positive: " + maxBytes);
        }
        List<E> batch = new ArrayList<>();
        long sum = 0;
        E next;
        while ((next = q.peek()) != null) {
            long s = sizeOf.applyAsLong(next);
            if (!batch.isEmpty() && sum + s > maxBytes) {
                break;
            }
            batch.add(q.poll());
            sum += s;
            if (sum >= maxBytes) {
                break;
            }
        }
        return batch;
    }
}
