package org.oxisync.core.transfer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.oxisync.protocol.ChunkSlice;
import org.oxisync.protocol.OxiCloudException;

class PutLanesTest {
    private static final int KIB = 1024;
    private static final long BATCH = 1024L * KIB + 4; // one maximal frame, or several smaller ones

    private static ChunkSlice slice(int i, int length) {
        return new ChunkSlice(String.format("%064x", i), (long) i * length, length);
    }

    @Test
    void twoLanesSendTwoBatchesAtTheSameTime() throws Exception {
        CountDownLatch bothIn = new CountDownLatch(2);
        CountDownLatch release = new CountDownLatch(1);
        List<List<ChunkSlice>> sent = Collections.synchronizedList(new ArrayList<>());
        try (PutLanes lanes = new PutLanes(2, BATCH, batch -> {
            bothIn.countDown();
            await(release);
            sent.add(batch);
        }, () -> false, "f")) {
            lanes.offer(slice(0, 1024 * KIB));
            lanes.offer(slice(1, 1024 * KIB));
            assertTrue(bothIn.await(10, TimeUnit.SECONDS), "the second batch went out while the first was in flight");
            release.countDown();
            lanes.awaitDrained();
        }
        assertEquals(2, sent.size());
    }

    @Test
    void aPartialBatchWaitsForMoreUntilTheProducerAsksToDrain() throws Exception {
        List<List<ChunkSlice>> sent = Collections.synchronizedList(new ArrayList<>());
        try (PutLanes lanes = new PutLanes(2, BATCH, sent::add, () -> false, "f")) {
            for (int i = 0; i < 10; i++) {
                lanes.offer(slice(i, 64 * KIB));
            }
            assertEquals(0, sent.size(), "640 KiB is less than a batch: nothing is sent yet");
            lanes.awaitDrained();
        }
        assertEquals(1, sent.size());
        assertEquals(10, sent.get(0).size());
    }

    @Test
    void fullBatchesAreSentInQueueOrderAndEachChunkExactlyOnce() throws Exception {
        List<ChunkSlice> sent = Collections.synchronizedList(new ArrayList<>());
        List<ChunkSlice> offered = new ArrayList<>();
        try (PutLanes lanes = new PutLanes(2, BATCH, batch -> {
            long bytes = batch.stream().mapToLong(ChunkSlice::frameBytes).sum();
            assertTrue(bytes <= BATCH, "batch of " + bytes);
            sent.addAll(batch);
        }, () -> false, "f")) {
            for (int i = 0; i < 300; i++) {
                ChunkSlice s = slice(i, (i % 7 + 1) * 37 * KIB);
                offered.add(s);
                lanes.offer(s);
                if (i % 50 == 0) {
                    lanes.awaitRoom(64);
                }
            }
            lanes.awaitDrained();
        }
        assertEquals(offered.size(), sent.size());
        assertTrue(sent.containsAll(offered));
    }

    @Test
    void manySmallChunksUnderOneBatchNeverBlockTheProducer() throws Exception {
        List<ChunkSlice> sent = Collections.synchronizedList(new ArrayList<>());
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> {
            try (PutLanes lanes = new PutLanes(2, BATCH, sent::addAll, () -> false, "f")) {
                for (int i = 0; i < 100; i++) {
                    lanes.offer(slice(i, 4 * KIB)); // 100 x 4 KiB: far less than one batch
                    lanes.awaitRoom(8);
                }
                lanes.awaitDrained();
            }
        });
        assertEquals(100, sent.size());
    }

    @Test
    void theFirstFailureReachesTheProducerAndNoFurtherBatchIsTaken() throws Exception {
        AtomicInteger calls = new AtomicInteger();
        OxiCloudException.QuotaExceeded quota = new OxiCloudException.QuotaExceeded("full");
        PutLanes lanes = new PutLanes(1, BATCH, batch -> {
            calls.incrementAndGet();
            throw quota;
        }, () -> false, "f");
        try (lanes) {
            for (int i = 0; i < 5; i++) {
                lanes.offer(slice(i, 1024 * KIB));
            }
            OxiCloudException.QuotaExceeded thrown = assertThrows(OxiCloudException.QuotaExceeded.class,
                    () -> lanes.awaitRoom(1));
            assertSame(quota, thrown);
            assertThrows(OxiCloudException.QuotaExceeded.class, lanes::awaitDrained);
        }
        assertEquals(1, calls.get());
    }

    @Test
    void aCheckedFailureOfTheSenderIsRethrownWithItsType() throws Exception {
        try (PutLanes lanes = new PutLanes(2, BATCH, batch -> {
            throw new TransferException.FileChangedWhileReading("f changed", null);
        }, () -> false, "f")) {
            lanes.offer(slice(0, 10));
            assertThrows(TransferException.FileChangedWhileReading.class, lanes::awaitDrained);
        }
    }

    @Test
    void aStopRequestEndsTheLanesBeforeTheNextBatch() throws Exception {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicInteger calls = new AtomicInteger();
        try (PutLanes lanes = new PutLanes(1, BATCH, batch -> {
            calls.incrementAndGet();
            stop.set(true); // asked while the first batch is in flight
        }, stop::get, "big.bin")) {
            for (int i = 0; i < 4; i++) {
                lanes.offer(slice(i, 1024 * KIB));
            }
            TransferException.Stopped stopped = assertThrows(TransferException.Stopped.class, lanes::awaitDrained);
            assertTrue(stopped.getMessage().startsWith("big.bin"));
        }
        assertEquals(1, calls.get(), "the batch in flight finished; no other was taken");
    }

    private static void await(CountDownLatch latch) {
        try {
            if (!latch.await(10, TimeUnit.SECONDS)) {
                throw new AssertionError("not released");
            }
        } catch (InterruptedException e) {
            throw new AssertionError(e);
        }
    }
}
