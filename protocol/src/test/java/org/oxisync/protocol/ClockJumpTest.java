package org.oxisync.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * The wall clock jumps backwards while the client runs, or a budget file was written by a process whose clock was
 * ahead (docs/local-faults.md, "The clock jumps backwards"): waits stay bounded by what the server needs, never by
 * the size of the jump, and are never negative.
 */
class ClockJumpTest {
    private static final Duration GAP = Duration.ofSeconds(61);
    private final FakeTime time = new FakeTime();

    private static void assertNoNegativeSleep(FakeTime t) {
        synchronized (t.sleeps) {
            t.sleeps.forEach(d -> assertFalse(d.isNegative(), "negative sleep " + d));
        }
    }

    @Test
    void anExhaustedDeltaBudgetWaitsOneQuietGapAfterTheClockWentBackNotTheJump() {
        DeltaBudget b = new DeltaBudget(5, 1, GAP, new DeltaBudget.MemoryStore());
        for (int i = 0; i < 4; i++) {
            b.acquire(time, time, "t");
            b.release(time);
        }
        assertTrue(b.view(time).exhausted());
        time.jumpBack(Duration.ofHours(3)); // NTP or the user sets the clock back three hours

        b.acquire(time, time, "t");

        assertEquals(GAP, time.slept(), "one quiet gap from the jump: at least that much real time has passed");
        assertNoNegativeSleep(time);
        assertEquals(1, b.view(time).used(), "the server's counter has expired: the count starts again");
        b.release(time);
    }

    @Test
    void aBudgetStoredByAProcessWhoseClockWasAheadDoesNotLockTheAccountOutUntilThen() {
        DeltaBudget.MemoryStore store = new DeltaBudget.MemoryStore();
        store.save(new DeltaBudget.State(240, time.instant().plus(Duration.ofDays(365)))); // a year "in the future"
        DeltaBudget b = DeltaBudget.persistent(store);

        b.acquire(time, time, "t");

        assertEquals(GAP, time.slept());
        assertFalse(store.load().lastRequest().isAfter(time.instant()), "the stored time no longer lies ahead");
        b.release(time);
    }

    @Test
    void aBudgetWithRoomLeftIsNotDelayedByAClockThatWentBack() {
        DeltaBudget b = DeltaBudget.inMemory();
        b.acquire(time, time, "t");
        b.release(time);
        time.jumpBack(Duration.ofMinutes(30));
        for (int i = 0; i < 10; i++) {
            b.acquire(time, time, "t");
            b.release(time);
        }
        assertEquals(Duration.ZERO, time.slept(), "requests within the budget never wait");
    }

    @Test
    void aBandwidthLimitIsNotStalledForTheSizeOfABackwardJump() throws Exception {
        Throttle t = new Throttle(time, time, 1000);
        t.acquire(1000); // one second of debt: the bucket starts empty
        assertEquals(Duration.ofSeconds(1), time.slept());
        time.jumpBack(Duration.ofHours(1));
        t.acquire(1000);
        // 1 s for these 1000 bytes, plus the 1 s of debt that was being slept off when the clock jumped (the sleep
        // is not credited across the jump): bounded by the one-second burst, never the hour
        assertEquals(Duration.ofSeconds(3), time.slept());
        t.setBytesPerSecond(2000); // settling the old rate across the jump adds no debt either
        t.acquire(2000);
        assertEquals(Duration.ofSeconds(4), time.slept());
        assertNoNegativeSleep(time);
    }
}
