package org.oxisync.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Small value types: versions, names, batching, retry backoff, the bandwidth throttle. */
class UnitsTest {

    @Test
    void versionsCompareNumericallyAndTheMinimumIs087() {
        assertTrue(ServerVersion.parse("0.8.7").isSupported());
        assertTrue(ServerVersion.parse("0.10.0").isSupported());
        assertTrue(ServerVersion.parse("v1.0").isSupported());
        assertTrue(ServerVersion.parse("0.8.7-rc1+abc").isSupported());
        assertFalse(ServerVersion.parse("0.8.6").isSupported());
        assertFalse(ServerVersion.parse("0.6.0").isSupported());
        assertThrows(IllegalArgumentException.class, () -> ServerVersion.parse("latest"));
    }

    @Test
    void onlySingleSafeSegmentsAreAcceptedAsNames() {
        for (String bad : new String[] {"", ".", "..", "a/b", "/etc/passwd", "a\\b", "..\\x", "c:\\x", "nul\0"}) {
            assertFalse(Names.isSafeSegment(bad), bad);
        }
        for (String ok : new String[] {"a", "...", ".hidden", "résumé.txt", "ab:c", "x y ", "CON", "日本", "C:evil", "Q: notes.txt", "a\"b"}) {
            assertTrue(Names.isSafeSegment(ok), ok);
        }
        assertFalse(Names.isSafeId(".."));
        assertFalse(Names.isSafeId("a/b"));
        assertTrue(Names.isSafeId("ext:abc-1"));
    }

    @Test
    void framesAreBatchedUpToTheBodyLimitCountingPrefixes() {
        List<ChunkSlice> chunks = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            chunks.add(new ChunkSlice("h" + i, (long) i * Limits.MAX_FRAME_BYTES, Limits.MAX_FRAME_BYTES));
        }
        List<List<ChunkSlice>> batches = FrameBatches.split(chunks, 16L << 20);
        // 16 MiB holds 15 full frames once the 4-byte prefixes are counted.
        assertEquals(List.of(15, 15, 10), batches.stream().map(List::size).toList());
        for (List<ChunkSlice> b : batches) {
            assertTrue(b.stream().mapToLong(ChunkSlice::frameBytes).sum() <= 16L << 20);
        }
        assertEquals(chunks, batches.stream().flatMap(List::stream).toList());
        assertThrows(IllegalArgumentException.class, () -> Limits.DEFAULT.withPutBatchBytes(200_000_000L));
        assertThrows(IllegalArgumentException.class, () -> new ChunkSlice("h", 0, Limits.MAX_FRAME_BYTES + 1));
    }

    @Test
    void backoffGrowsExponentiallyWithJitterAndIsCapped() {
        RetryPolicy p = new RetryPolicy(10, Duration.ofMillis(100), Duration.ofSeconds(2), Duration.ofSeconds(30));
        assertEquals(Duration.ofMillis(50), p.backoff(1, 0.0));
        assertEquals(Duration.ofMillis(100), p.backoff(1, 1.0));
        assertEquals(Duration.ofMillis(400), p.backoff(3, 1.0));
        assertEquals(Duration.ofSeconds(2), p.backoff(9, 1.0));
    }

    @Test
    void throttleSleepsOffDebtAndAcceptsANewRateWhileRunning() throws Exception {
        FakeTime time = new FakeTime();
        Throttle t = new Throttle(time, time, 1000);
        t.acquire(1000); // the bucket starts empty: one second of debt
        assertEquals(Duration.ofSeconds(1), time.slept());
        t.acquire(3000);
        assertEquals(Duration.ofSeconds(4), time.slept());
        t.setBytesPerSecond(0);
        t.acquire(1_000_000_000);
        assertEquals(Duration.ofSeconds(4), time.slept());
        t.setBytesPerSecond(500);
        t.acquire(1000);
        assertEquals(Duration.ofSeconds(6), time.slept());
    }
}
