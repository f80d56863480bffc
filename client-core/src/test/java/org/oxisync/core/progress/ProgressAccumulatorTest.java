package org.oxisync.core.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.oxisync.testing.ManualClock;

class ProgressAccumulatorTest {

    private final ManualClock clock = new ManualClock(Instant.parse("2024-01-01T00:00:00Z"));
    private final ProgressAccumulator acc = new ProgressAccumulator(clock);

    @Test
    void updateChangesTheRunningSumByNewMinusOld() {
        int a = acc.add("a", 100);
        int b = acc.add("b", 300);
        acc.update(a, 50);
        acc.update(b, 150);
        ProgressSnapshot s = acc.snapshot();
        assertEquals(200, s.bytesDone());
        assertEquals(400, s.bytesTotal());
        assertEquals(0.5, s.fraction(), 1e-12);
        acc.update(a, 100);
        assertEquals(0.75, acc.snapshot().fraction(), 1e-12);
        assertEquals(0.75, acc.fraction(), 1e-12);
        assertEquals(250, acc.snapshot().bytesDone());
    }

    @Test
    void restartSetsTheItemBackToZero() {
        int a = acc.add("a", 100);
        acc.update(a, 80);
        acc.restart(a);
        assertEquals(0, acc.snapshot().bytesDone());
        assertEquals(0.0, acc.snapshot().fraction(), 1e-12);
        assertEquals(ItemState.PENDING, acc.item(a).state());
    }

    @Test
    void completionForcesTheItemToOne() {
        int a = acc.add("a", 100);
        acc.add("b", 100);
        acc.update(a, 10);
        acc.complete(a);
        ProgressSnapshot s = acc.snapshot();
        assertEquals(0.5, s.fraction(), 1e-12);
        assertEquals(100, s.bytesDone());
        assertEquals(1, s.itemsDone());
        assertEquals(ItemState.DONE, acc.item(a).state());
    }

    @Test
    void failureAlsoForcesTheItemToOneAndIsCountedApart() {
        int a = acc.add("a", 100);
        int b = acc.add("b", 100);
        acc.fail(a);
        acc.complete(b);
        ProgressSnapshot s = acc.snapshot();
        assertEquals(1.0, s.fraction());
        assertEquals(1, s.itemsDone());
        assertEquals(1, s.itemsFailed());
        assertEquals(2, s.itemsFinished());
    }

    @Test
    void updatesAfterCompletionAreIgnored() {
        int a = acc.add("a", 100);
        acc.complete(a);
        acc.update(a, 5);
        assertEquals(1.0, acc.item(a).fraction());
        assertEquals(100, acc.snapshot().bytesDone());
    }

    @Test
    void restartAfterFailureUncountsTheFailure() {
        int a = acc.add("a", 100);
        acc.fail(a);
        acc.restart(a);
        assertEquals(0, acc.snapshot().itemsFailed());
        assertEquals(0.0, acc.snapshot().fraction(), 1e-12);
    }

    @Test
    void bytesAreClampedToTheItemTotal() {
        int a = acc.add("a", 100);
        acc.update(a, 500);
        assertEquals(100, acc.snapshot().bytesDone());
        acc.update(a, -3);
        assertEquals(0, acc.snapshot().bytesDone());
    }

    @Test
    void emptyFileCountsOnlyWhenFinished() {
        int a = acc.add("empty", 0);
        acc.update(a, 0);
        assertEquals(0.0, acc.snapshot().fraction());
        acc.complete(a);
        assertEquals(1.0, acc.snapshot().fraction());
    }

    @Test
    void perTransferProgressIsReported() {
        int a = acc.add("big.iso", 1000);
        acc.update(a, 250);
        assertEquals(new ItemProgress(a, "big.iso", 250, 1000, 0.25, ItemState.ACTIVE), acc.item(a));
    }

    @Test
    void snapshotListsTheTransfersMovingBytesOldestFirstAndDropsFinishedOnes() {
        int a = acc.add("a.bin", 100);
        int b = acc.add("b.bin", 200);
        int c = acc.add("c.bin", 300);
        assertEquals(List.of(), acc.snapshot().active(), "nothing has moved yet");
        acc.update(b, 50);
        acc.update(a, 10);
        acc.update(b, 60);
        assertEquals(List.of(new ItemProgress(b, "b.bin", 60, 200, 0.3, ItemState.ACTIVE),
                new ItemProgress(a, "a.bin", 10, 100, 0.1, ItemState.ACTIVE)), acc.snapshot().active());
        acc.complete(b);
        acc.update(c, 30);
        acc.restart(a);
        assertEquals(List.of(new ItemProgress(c, "c.bin", 30, 300, 0.1, ItemState.ACTIVE)), acc.snapshot().active());
        acc.fail(c);
        assertEquals(List.of(), acc.snapshot().active());
    }

    @Test
    void activeListIsCappedSoASnapshotStaysSmall() {
        for (int i = 0; i < ProgressSnapshot.MAX_ACTIVE + 5; i++) {
            acc.update(acc.add("f" + i, 10), 1);
        }
        List<ItemProgress> active = acc.snapshot().active();
        assertEquals(ProgressSnapshot.MAX_ACTIVE, active.size());
        assertEquals("f0", active.get(0).label());
    }

    @Test
    void unknownItemIsAClearError() {
        assertThrows(IllegalArgumentException.class, () -> acc.update(3, 1));
        assertThrows(IllegalArgumentException.class, () -> acc.add("neg", -1));
    }

    @Test
    void etaComesFromTheMeasuredRate() {
        int a = acc.add("a", 10_000);
        assertEquals(Optional.empty(), acc.snapshot().eta());
        clock.advance(Duration.ofSeconds(1));
        acc.update(a, 1_000);
        ProgressSnapshot s = acc.snapshot();
        assertEquals(1_000.0, s.bytesPerSecond(), 1e-6);
        assertEquals(Optional.of(Duration.ofSeconds(9)), s.eta());
    }

    @Test
    void rateIsSmoothedNotJumpy() {
        int a = acc.add("a", 1_000_000);
        acc.snapshot();
        clock.advance(Duration.ofSeconds(1));
        acc.update(a, 1_000);
        acc.snapshot();
        clock.advance(Duration.ofSeconds(1));
        acc.update(a, 11_000); // a burst of 10,000 B/s
        double r = acc.snapshot().bytesPerSecond();
        assertTrue(r > 1_000 && r < 10_000, "smoothed rate between the old and the new: " + r);
        // half-life 5 s: after 1 s the weight of the new sample is 1 - 2^(-1/5)
        double w = 1 - Math.pow(2, -1.0 / 5);
        assertEquals(1_000 + w * 9_000, r, 1e-6);
    }

    @Test
    void snapshotsCloserThanTheMinimumIntervalDoNotResetTheRate() {
        int a = acc.add("a", 1_000_000);
        acc.snapshot();
        clock.advance(Duration.ofMillis(100));
        acc.update(a, 1_000);
        acc.snapshot();
        assertEquals(0.0, acc.snapshot().bytesPerSecond());
        clock.advance(Duration.ofMillis(400));
        assertEquals(2_000.0, acc.snapshot().bytesPerSecond(), 1e-6);
    }

    @Test
    void finishedRunHasZeroEta() {
        int a = acc.add("a", 10);
        acc.complete(a);
        assertEquals(Optional.of(Duration.ZERO), acc.snapshot().eta());
    }

    @Test
    void concurrentWorkersKeepTheSumsExact() throws Exception {
        int workers = 4;
        int perWorker = 250;
        List<Integer> ids = new ArrayList<>();
        for (int i = 0; i < workers * perWorker; i++) {
            ids.add(acc.add("f" + i, 1_000));
        }
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        CountDownLatch start = new CountDownLatch(1);
        List<Future<?>> fs = new ArrayList<>();
        for (int w = 0; w < workers; w++) {
            int base = w * perWorker;
            fs.add(pool.submit(() -> {
                start.await();
                for (int i = base; i < base + perWorker; i++) {
                    for (int b = 100; b <= 900; b += 100) {
                        acc.update(ids.get(i), b);
                    }
                    if (i % 2 == 0) {
                        acc.complete(ids.get(i));
                    }
                }
                return null;
            }));
        }
        start.countDown();
        for (Future<?> f : fs) {
            f.get();
        }
        pool.shutdown();
        ProgressSnapshot s = acc.snapshot();
        int n = workers * perWorker;
        assertEquals(n / 2 * 1_000L + n / 2 * 900L, s.bytesDone());
        assertEquals((n / 2 * 1.0 + n / 2 * 0.9) / n, s.fraction(), 1e-9);
        assertEquals(n / 2, s.itemsDone());
    }

    @Test
    void aFinishedItemLetsItsLabelGoAndActiveItemsKeepTheirs() {
        ProgressAccumulator acc = new ProgressAccumulator(java.time.Clock.systemUTC());
        int a = acc.add("a/long/path.txt", 10);
        int b = acc.add("b.txt", 10);
        acc.update(a, 5);
        acc.update(b, 5);
        acc.complete(a);
        assertEquals(null, acc.item(a).label());
        assertEquals("b.txt", acc.item(b).label());
        assertEquals(java.util.List.of("b.txt"), acc.snapshot().active().stream().map(ItemProgress::label).toList());
    }
}
