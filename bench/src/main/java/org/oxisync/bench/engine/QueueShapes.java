package org.oxisync.bench.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import org.oxisync.core.transfer.queue.ArrayDequeChunkQueue;
import org.oxisync.core.transfer.queue.ChunkQueue;
import org.oxisync.core.transfer.queue.CursorClearQueue;

/** The queue implementations and traffic shapes shared by the benchmark and the retention probe. */
final class QueueShapes {
    private QueueShapes() {}

    /** A queued chunk as the delta uploader would hold it: where it is in the file and how big it is. */
    record Chunk(long offset, int size) {}

    static final ToLongFunction<Chunk> SIZE = Chunk::size;

    static ChunkQueue<Chunk> make(String impl) {
        return switch (impl) {
            case "cursorClear" -> new CursorClearQueue<>(SIZE);
            case "arrayDeque" -> new ArrayDequeChunkQueue<>(SIZE);
            case "arrayListRemove0" -> new ArrayListRemove0Queue<>();
            case "cursorNoClear" -> new CursorNoClearQueue<>();
            default -> throw new IllegalArgumentException(impl);
        };
    }

    /**
     * Runs one shape over {@code n} chunks and returns a checksum.
     * <ul>
     *   <li>prefilled: all offered, then all polled;</li>
     *   <li>producerAhead: rounds of 256 offers (one negotiate) and 128 polls, so the backlog grows to n/2,
     *       then the rest is drained;</li>
     *   <li>balanced: a lead of 16, then one offer per poll.</li>
     * </ul>
     */
    static long run(ChunkQueue<Chunk> q, String shape, Supplier<Chunk> source, int n) {
        long sum = 0;
        switch (shape) {
            case "prefilled" -> {
                for (int i = 0; i < n; i++) {
                    q.offer(source.get());
                }
                for (int i = 0; i < n; i++) {
                    sum += q.poll().offset();
                }
            }
            case "producerAhead" -> {
                int offered = 0;
                while (offered < n) {
                    for (int k = 0; k < 256 && offered < n; k++, offered++) {
                        q.offer(source.get());
                    }
                    for (int k = 0; k < 128; k++) {
                        sum += q.poll().offset();
                    }
                }
                Chunk c;
                while ((c = q.poll()) != null) {
                    sum += c.offset();
                }
            }
            case "balanced" -> {
                int offered = 0;
                for (; offered < 16; offered++) {
                    q.offer(source.get());
                }
                for (; offered < n; offered++) {
                    q.offer(source.get());
                    sum += q.poll().offset();
                }
                Chunk c;
                while ((c = q.poll()) != null) {
                    sum += c.offset();
                }
            }
            default -> throw new IllegalArgumentException(shape);
        }
        return sum;
    }

    /** {@code ArrayList.remove(0)}: O(n) per dequeue (shifts the whole backlog). */
    static final class ArrayListRemove0Queue<E> implements ChunkQueue<E> {
        private final ArrayList<E> list = new ArrayList<>();

        @Override
        public void offer(E entry) {
            list.add(entry);
        }

        @Override
        public E poll() {
            return list.isEmpty() ? null : list.remove(0);
        }

        @Override
        public List<E> drainBatch(long maxBytes) {
            throw new UnsupportedOperationException("not benchmarked");
        }

        @Override
        public int size() {
            return list.size();
        }
    }

    /**
     * Negative baseline for the retention probe only: a head cursor that never clears consumed slots nor
     * compacts, so every chunk ever queued stays reachable until the queue is dropped.
     */
    static final class CursorNoClearQueue<E> implements ChunkQueue<E> {
        private Object[] slots = new Object[16];
        private int head;
        private int tail;

        @Override
        public void offer(E entry) {
            if (tail == slots.length) {
                slots = java.util.Arrays.copyOf(slots, slots.length * 2);
            }
            slots[tail++] = entry;
        }

        @Override
        @SuppressWarnings("unchecked")
        public E poll() {
            return head == tail ? null : (E) slots[head++];
        }

        @Override
        public List<E> drainBatch(long maxBytes) {
            throw new UnsupportedOperationException("not benchmarked");
        }

        @Override
        public int size() {
            return tail - head;
        }
    }
}
