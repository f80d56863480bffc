package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.core.transfer.TransferOptions;
import org.oxisync.protocol.Limits;
import org.oxisync.store.hash.FileChunker;

/** The cooperative stop (pause, shutdown): a run stops between items or between chunk batches, and the next run continues. */
class StopAtSafePointTest extends HarnessTest {
    private static final int BIG = 6 << 20;

    private final AtomicBoolean stop = new AtomicBoolean();

    private SyncEngine engine(SyncListener listener) {
        TransferOptions small = TransferOptions.defaults().withDeltaThreshold(1 << 20).withNegotiateEvery(4)
                .withPutBatchBytes(Limits.MAX_FRAME_BYTES + 4L);
        return new SyncEngine(h.api, h.store, new LocalScanner(FileChunker::digest, 2), small, h.clock, listener);
    }

    private SyncReport run(SyncEngine engine, StopSignal signal) {
        return engine.runOnce(h.store.accounts().pair(h.pair.id()).orElseThrow(),
                SyncOptions.defaults("testhost").withWorkers(1).withStop(signal));
    }

    private static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** Fires once (in the first run only) when that run has moved {@code bytes}. */
    private SyncListener stopAfterBytes(long bytes) {
        AtomicBoolean fired = new AtomicBoolean();
        return new SyncListener() {
            @Override
            public void progress(String pair, ProgressSnapshot s) {
                if (s.bytesDone() >= bytes && fired.compareAndSet(false, true)) {
                    stop.set(true);
                }
            }
        };
    }

    @Test
    void stopBetweenItemsEndsTheRunAsStoppedAndTheNextRunFinishesTheRest() {
        for (int i = 0; i < 6; i++) {
            h.write("f" + i + ".txt", "content " + i);
        }
        AtomicInteger done = new AtomicInteger();
        SyncEngine engine = engine(new SyncListener() {
            @Override
            public void itemDone(String pair, String description, String error) {
                if (description.startsWith("upload") && done.incrementAndGet() == 2) {
                    stop.set(true);
                }
            }
        });
        SyncReport first = run(engine, stop::get);
        assertEquals(SyncStatus.STOPPED, first.status(), first.message());
        assertTrue(first.uploaded() >= 2 && first.uploaded() < 6, "uploaded " + first.uploaded());
        assertTrue(first.errors().isEmpty(), "a stop is not an item error: " + first.errors());

        stop.set(false);
        SyncReport second = run(engine, stop::get);
        assertEquals(SyncStatus.OK, second.status(), second.message());
        assertEquals(6, first.uploaded() + second.uploaded());
        h.assertInSync();
    }

    @Test
    void stopRequestedBeforeTheRunChangesNothing() {
        h.write("a.txt", "a");
        SyncReport r = run(engine(SyncListener.NONE), () -> true);
        assertEquals(SyncStatus.STOPPED, r.status());
        assertEquals(0, r.uploaded());
        assertTrue(h.remoteTree().isEmpty());
    }

    @Test
    void largeUploadStopsBetweenChunkBatchesAndTheNextRunDoesNotResendThem() throws Exception {
        byte[] content = random(BIG, 1);
        h.write("big.bin", content);
        SyncEngine engine = engine(stopAfterBytes(2L << 20));
        SyncReport first = run(engine, stop::get);
        assertEquals(SyncStatus.STOPPED, first.status(), first.message());
        assertEquals(0, first.uploaded());
        assertFalse(h.remoteTree().containsKey("big.bin"), "nothing is committed by a stopped upload");

        stop.set(false);
        SyncReport second = run(engine, stop::get);
        assertEquals(SyncStatus.OK, second.status(), second.message());
        assertTrue(second.bytesSent() < BIG - (1L << 20),
                "chunks sent before the stop are not sent again: " + second.bytesSent() + " of " + BIG);
        assertArrayEquals(content, h.remote().read("/big.bin"));
    }

    @Test
    void largeDownloadStopsBetweenChunksLeavesNoTempFileAndTheNextRunReusesWhatArrived() throws Exception {
        byte[] content = random(BIG, 2);
        h.remote().putFile("/big.bin", content);
        SyncEngine engine = engine(stopAfterBytes(2L << 20));
        SyncReport first = run(engine, stop::get);
        assertEquals(SyncStatus.STOPPED, first.status(), first.message());
        assertFalse(h.exists("big.bin"));
        try (var files = Files.list(h.local)) {
            assertEquals(0, files.count(), "no partly written file, not even a temp one");
        }

        stop.set(false);
        SyncReport second = run(engine, stop::get);
        assertEquals(SyncStatus.OK, second.status(), second.message());
        assertTrue(second.bytesReceived() < BIG - (1L << 20),
                "staged chunks are not fetched again: received " + second.bytesReceived() + " of " + BIG);
        assertArrayEquals(content, Files.readAllBytes(h.local.resolve("big.bin")));
    }
}
