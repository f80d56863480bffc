package org.oxisync.core.transfer.queue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Random;
import java.util.function.Function;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The queue contract, checked on both implementations. */
class ChunkQueueTest {
    record Chunk(int n, long size) {}

    static Stream<Arguments> impls() {
        Function<Void, ChunkQueue<Chunk>> cc = v -> new CursorClearQueue<>(Chunk::size);
        Function<Void, ChunkQueue<Chunk>> ad = v -> new ArrayDequeChunkQueue<>(Chunk::size);
        return Stream.of(Arguments.of("cursor-clear", cc), Arguments.of("array-deque", ad));
    }

    @ParameterizedTest(name = "{0}: first in, first out")
    @MethodSource("impls")
    void fifoOrder(String name, Function<Void, ChunkQueue<Chunk>> make) {
        ChunkQueue<Chunk> q = make.apply(null);
        for (int i = 0; i < 10_000; i++) {
            q.offer(new Chunk(i, 1));
        }
        for (int i = 0; i < 10_000; i++) {
            assertEquals(i, q.poll().n());
        }
        assertNull(q.poll());
        assertTrue(q.isEmpty());
    }

    @ParameterizedTest(name = "{0}: batch takes entries up to the budget")
    @MethodSource("impls")
    void batchStopsBeforeExceedingTheBudget(String name, Function<Void, ChunkQueue<Chunk>> make) {
        ChunkQueue<Chunk> q = make.apply(null);
        for (int i = 0; i < 5; i++) {
            q.offer(new Chunk(i, 40));
        }
        assertEquals(List.of(0, 1), q.drainBatch(100).stream().map(Chunk::n).toList());
        assertEquals(List.of(2, 3), q.drainBatch(80).stream().map(Chunk::n).toList(), "exactly the budget");
        assertEquals(List.of(4), q.drainBatch(100).stream().map(Chunk::n).toList());
        assertEquals(List.of(), q.drainBatch(100));
    }

    @ParameterizedTest(name = "{0}: a frame larger than the budget goes alone")
    @MethodSource("impls")
    void oversizedFrameGoesAlone(String name, Function<Void, ChunkQueue<Chunk>> make) {
        ChunkQueue<Chunk> q = make.apply(null);
        q.offer(new Chunk(0, 10));
        q.offer(new Chunk(1, 500));
        q.offer(new Chunk(2, 10));
        assertEquals(List.of(0), q.drainBatch(100).stream().map(Chunk::n).toList());
        assertEquals(List.of(1), q.drainBatch(100).stream().map(Chunk::n).toList());
        assertEquals(List.of(2), q.drainBatch(100).stream().map(Chunk::n).toList());
    }

    @ParameterizedTest(name = "{0}: non-positive budget is refused")
    @MethodSource("impls")
    void badBudget(String name, Function<Void, ChunkQueue<Chunk>> make) {
        assertThrows(IllegalArgumentException.class, () -> make.apply(null).drainBatch(0));
    }

    @ParameterizedTest(name = "{0}: matches a reference deque under random interleaving")
    @MethodSource("impls")
    void randomInterleavingMatchesReference(String name, Function<Void, ChunkQueue<Chunk>> make) {
        ChunkQueue<Chunk> q = make.apply(null);
        ArrayDeque<Chunk> ref = new ArrayDeque<>();
        Random rnd = new Random(42);
        int next = 0;
        for (int step = 0; step < 200_000; step++) {
            int op = rnd.nextInt(10);
            if (op < 6) {
                Chunk c = new Chunk(next++, 1 + rnd.nextInt(100));
                q.offer(c);
                ref.add(c);
            } else if (op < 9) {
                assertEquals(ref.poll(), q.poll());
            } else {
                List<Chunk> batch = q.drainBatch(250);
                long sum = 0;
                for (Chunk c : batch) {
                    assertEquals(ref.poll(), c);
                    sum += c.size();
                }
                assertTrue(batch.size() <= 1 || sum <= 250);
            }
            assertEquals(ref.size(), q.size());
        }
    }

    @Test
    void consumedSlotsAreReleasedAtOnce() {
        CursorClearQueue<Chunk> q = new CursorClearQueue<>(Chunk::size);
        for (int i = 0; i < 1000; i++) {
            q.offer(new Chunk(i, 1));
        }
        for (int i = 0; i < 600; i++) {
            q.poll();
            assertEquals(q.size(), q.occupiedSlots());
        }
        assertEquals(400, q.occupiedSlots());
    }

    @Test
    void compactsOnceTheHeadPassesTheThresholdAndHalfIsConsumed() {
        CursorClearQueue<Chunk> q = new CursorClearQueue<>(Chunk::size);
        int n = 3 * CursorClearQueue.COMPACT_THRESHOLD;
        for (int i = 0; i < n; i++) {
            q.offer(new Chunk(i, 1));
        }
        int capacityBefore = q.capacity();
        for (int i = 0; i <= CursorClearQueue.COMPACT_THRESHOLD; i++) {
            q.poll();
        }
        assertEquals(capacityBefore, q.capacity(), "head past 4096 but less than half consumed: no compaction");
        for (int i = CursorClearQueue.COMPACT_THRESHOLD + 1; i < n / 2 + 1; i++) {
            q.poll();
        }
        assertTrue(q.capacity() <= capacityBefore);
        assertEquals(n / 2 + 1, q.poll().n(), "order kept across compaction");
    }

    @Test
    void retainedCapacityShrinksAfterABacklogDrains() {
        CursorClearQueue<Chunk> q = new CursorClearQueue<>(Chunk::size);
        for (int i = 0; i < 100_000; i++) {
            q.offer(new Chunk(i, 1));
        }
        int peak = q.capacity();
        // keep a small steady backlog: the array shrinks as compaction finds it mostly empty
        for (int i = 0; i < 100_000 - 10; i++) {
            q.poll();
        }
        assertTrue(q.capacity() < peak / 4, "capacity " + q.capacity() + " vs peak " + peak);
        assertEquals(10, q.size());
    }

    @Test
    void emptyQueueResetsItsCursors() {
        CursorClearQueue<Chunk> q = new CursorClearQueue<>(Chunk::size);
        for (int round = 0; round < 1000; round++) {
            q.offer(new Chunk(round, 1));
            q.poll();
        }
        assertEquals(16, q.capacity(), "balanced use never grows the array");
    }
}
