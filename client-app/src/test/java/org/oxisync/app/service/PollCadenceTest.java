package org.oxisync.app.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.oxisync.testing.ManualClock;

class PollCadenceTest {
    private final ManualClock clock = new ManualClock(Instant.parse("2026-12-01T12:00:00Z"));
    private final PollCadence cadence = new PollCadence(clock);

    @Test
    void withNothingChangedThePairPollsAtTheConfiguredInterval() {
        assertEquals(Duration.ofSeconds(30), cadence.next(Duration.ofSeconds(30)));
    }

    @Test
    void afterAChangeItPollsAtAFifthOfTheIntervalForOneMinuteThenAtTheIntervalAgain() {
        cadence.activity();
        assertEquals(Duration.ofSeconds(6), cadence.next(Duration.ofSeconds(30)));
        clock.advance(Duration.ofSeconds(59));
        assertEquals(Duration.ofSeconds(2), cadence.next(Duration.ofSeconds(10)));
        clock.advance(Duration.ofSeconds(1));
        assertEquals(Duration.ofSeconds(10), cadence.next(Duration.ofSeconds(10)));
    }

    @Test
    void theBusyIntervalIsNeverBelowTwoSecondsNorAboveTheConfiguredOne() {
        cadence.activity();
        assertEquals(Duration.ofSeconds(2), cadence.next(Duration.ofSeconds(5)));
        assertEquals(Duration.ofSeconds(1), cadence.next(Duration.ofSeconds(1)));
    }

    @Test
    void aClockThatJumpsBackDoesNotStretchTheBusyMinute() {
        cadence.activity();
        clock.jumpBack(Duration.ofHours(3));
        assertEquals(Duration.ofSeconds(6), cadence.next(Duration.ofSeconds(30)));
        clock.advance(Duration.ofMinutes(1));
        assertEquals(Duration.ofSeconds(30), cadence.next(Duration.ofSeconds(30)));
    }
}
