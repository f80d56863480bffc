package org.oxisync.core.progress;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.oxisync.testing.ManualClock;

/** The transfer rate (and so the ETA) keeps following the bytes when the wall clock goes back (docs/local-faults.md). */
class RateClockJumpTest {
    @Test
    void theRateKeepsMovingAfterTheClockWentBackInsteadOfStayingAtItsOldValue() {
        ManualClock clock = new ManualClock(Instant.parse("2026-12-01T12:00:00Z"));
        ProgressAccumulator acc = new ProgressAccumulator(clock, Duration.ofMillis(1), Duration.ofMillis(100));
        int item = acc.add("f", 100_000_000);
        acc.snapshot();
        clock.advance(Duration.ofSeconds(1));
        acc.update(item, 1_000_000);
        assertEquals(1_000_000, acc.snapshot().bytesPerSecond(), 1);

        clock.jumpBack(Duration.ofHours(1));
        acc.update(item, 2_000_000);
        acc.snapshot(); // the new time is the new base
        clock.advance(Duration.ofSeconds(1));
        acc.update(item, 12_000_000);
        double rate = acc.snapshot().bytesPerSecond();
        assertTrue(rate > 9_000_000, "the rate follows the 10 MB/s after the jump, not the 1 MB/s before: " + rate);
        assertTrue(acc.snapshot().eta().isPresent());
    }
}
