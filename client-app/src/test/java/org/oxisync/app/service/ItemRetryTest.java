package org.oxisync.app.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oxisync.core.engine.ItemError;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;

class ItemRetryTest {
    private static final List<ItemError> RACE =
            List.of(new ItemError("a.txt", Reason.of(ReasonCode.CHANGED_DURING_RUN, "a.txt appeared locally")));
    private static final List<ItemError> SERVER =
            List.of(new ItemError("b.txt", Reason.of(ReasonCode.SERVER_ERROR, "HTTP 500")));

    @Test
    void failedRunsWaitTenSecondsThenTwiceAsLongEachTimeUpToTenMinutes() {
        ItemRetry r = new ItemRetry();
        assertEquals(Duration.ofSeconds(10), r.afterFailedRun(SERVER));
        assertEquals(Duration.ofSeconds(20), r.afterFailedRun(SERVER));
        assertEquals(Duration.ofSeconds(40), r.afterFailedRun(SERVER));
        for (int i = 0; i < 10; i++) {
            r.afterFailedRun(SERVER);
        }
        assertEquals(Duration.ofMinutes(10), r.afterFailedRun(SERVER));
    }

    @Test
    void aRunThatFailedOnlyOnLocalChangesDuringTheRunIsRetriedAfterTwoSecondsWithoutGrowingTheBackoff() {
        ItemRetry r = new ItemRetry();
        assertEquals(Duration.ofSeconds(10), r.afterFailedRun(SERVER));
        assertEquals(Duration.ofSeconds(2), r.afterFailedRun(RACE));
        assertEquals(Duration.ofSeconds(20), r.afterFailedRun(SERVER), "the races did not count");
    }

    @Test
    void quickRetriesStopAfterFiveInARowSoThatAFileWrittenAllTheTimeDoesNotMakeALoop() {
        ItemRetry r = new ItemRetry();
        for (int i = 0; i < ItemRetry.RACE_LIMIT; i++) {
            assertEquals(ItemRetry.RACE, r.afterFailedRun(RACE));
        }
        assertEquals(Duration.ofSeconds(10), r.afterFailedRun(RACE));
        assertEquals(Duration.ofSeconds(20), r.afterFailedRun(RACE));
        r.reset();
        assertEquals(ItemRetry.RACE, r.afterFailedRun(RACE), "a run in sync starts over");
    }

    @Test
    void aRunWithARaceAndAServerFailureTakesTheSlowRetry() {
        ItemRetry r = new ItemRetry();
        List<ItemError> both = List.of(RACE.get(0), SERVER.get(0));
        assertEquals(Duration.ofSeconds(10), r.afterFailedRun(both));
    }

    @Test
    void aRunThatFailedAsAWholeWithNoItemErrorTakesTheSlowRetry() {
        assertEquals(Duration.ofSeconds(10), new ItemRetry().afterFailedRun(List.of()));
    }

    private static ItemError limited(String path, long seconds) {
        return new ItemError(path, Reason.of(ReasonCode.RATE_LIMITED, "rate limited by the server")
                .withArgs(java.util.Map.of("seconds", String.valueOf(seconds))));
    }

    @Test
    void aRunRefusedByTheServersDeltaLimitIsRetriedRightAfterThePauseTheLimitImposesNotOnTheDoublingSchedule() {
        ItemRetry r = new ItemRetry();
        r.afterFailedRun(SERVER);
        r.afterFailedRun(SERVER);
        r.afterFailedRun(SERVER); // the doubling is at 80 s by now
        assertEquals(Duration.ofSeconds(75 + 2), r.afterFailedRun(List.of(limited("a.txt", 61), limited("b.txt", 75),
                RACE.get(0))), "the longest pause, then 2 s");
        assertEquals(Duration.ofSeconds(80), r.afterFailedRun(SERVER), "the limit's retries did not count");
    }

    @Test
    void aRateLimitBesideAnotherFailureTakesTheDoublingSchedule() {
        assertEquals(Duration.ofSeconds(10), new ItemRetry().afterFailedRun(List.of(limited("a.txt", 61), SERVER.get(0))));
    }
}
