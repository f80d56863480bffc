package org.oxisync.store.status;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.store.StoreFixture;
import org.oxisync.store.StoreOptions;

class StatusTest {
    @TempDir
    Path dir;

    @Test
    void repeatedFailuresBackOffExponentiallyUpToTheCapAndSuccessClearsThem() {
        try (StoreFixture f = new StoreFixture(dir, StoreOptions.DEFAULT.withBackoff(new Backoff(Duration.ofSeconds(10), Duration.ofSeconds(60))))) {
            ItemErrors errors = f.store.errors();
            ItemError e1 = errors.recordFailure(f.pairId, "a.txt", "403 forbidden");
            assertEquals(1, e1.attempts());
            assertEquals(f.clock.instant().plusSeconds(10).toEpochMilli(), e1.nextRetry().toEpochMilli());
            assertTrue(errors.isBackingOff(f.pairId, "a.txt"));
            assertEquals(List.of(), errors.due(f.pairId));
            f.clock.advance(Duration.ofSeconds(10));
            assertFalse(errors.isBackingOff(f.pairId, "a.txt"));
            assertEquals(1, errors.due(f.pairId).size());
            assertEquals(Duration.ofSeconds(20).toMillis(),
                    errors.recordFailure(f.pairId, "a.txt", "again").nextRetry().toEpochMilli() - f.clock.millis());
            errors.recordFailure(f.pairId, "a.txt", "again");
            ItemError e4 = errors.recordFailure(f.pairId, "a.txt", "still");
            assertEquals(4, e4.attempts());
            assertEquals("still", e4.message());
            assertEquals(60_000, e4.nextRetry().toEpochMilli() - f.clock.millis());
            assertTrue(errors.clear(f.pairId, "a.txt"));
            assertTrue(errors.get(f.pairId, "a.txt").isEmpty());
        }
    }

    @Test
    void anErrorAndAnActivityLineKeepTheirKindAndValuesBesideTheEnglishMessage() {
        try (StoreFixture f = new StoreFixture(dir)) {
            f.store.errors().recordFailure(f.pairId, "a.txt", "rate limited", "RATE_LIMITED",
                    java.util.Map.of("seconds", "890", "odd", "a=b&c"));
            ItemError e = f.store.errors().get(f.pairId, "a.txt").orElseThrow();
            assertEquals("RATE_LIMITED", e.code());
            assertEquals(java.util.Map.of("seconds", "890", "odd", "a=b&c"), e.args());
            assertEquals("rate limited", e.message());
            f.store.errors().recordFailure(f.pairId, "b.txt", "no code"); // a writer without one
            assertEquals(null, f.store.errors().get(f.pairId, "b.txt").orElseThrow().code());

            f.store.activity().append(f.pairId, "upload", "a.txt", "9 bytes sent", "SENT", java.util.Map.of("bytes", "9"));
            Activity line = f.store.activity().recent(1).get(0);
            assertEquals("SENT", line.code());
            assertEquals(java.util.Map.of("bytes", "9"), line.args());
            assertEquals("9 bytes sent", line.message());
        }
    }

    @Test
    void backoffNeverOverflowsForHugeAttemptCounts() {
        Backoff b = new Backoff(Duration.ofSeconds(30), Duration.ofHours(6));
        assertEquals(Duration.ofHours(6), b.delayAfter(1_000));
        assertEquals(Duration.ofSeconds(60), b.delayAfter(2));
    }

    @Test
    void conflictsStayListedUntilResolved() {
        try (StoreFixture f = new StoreFixture(dir)) {
            Conflict c = f.store.conflicts().record(f.pairId, "plan.odt", "plan (conflict 2026-01-01).odt");
            assertEquals(List.of(c), f.store.conflicts().unresolved(f.pairId));
            assertTrue(f.store.conflicts().resolve(c.id()));
            assertFalse(f.store.conflicts().resolve(c.id()));
            assertEquals(List.of(), f.store.conflicts().unresolved(f.pairId));
            assertTrue(f.store.conflicts().all(f.pairId).get(0).resolved());
        }
    }

    @Test
    void theActivityLogKeepsOnlyTheNewestEntries() {
        try (StoreFixture f = new StoreFixture(dir, StoreOptions.DEFAULT.withActivityCapacity(50))) {
            for (int i = 0; i < 120; i++) {
                f.store.activity().append(f.pairId, "upload", "f" + i, "uploaded f" + i);
            }
            assertEquals(50, f.store.activity().size());
            List<Activity> recent = f.store.activity().recent(3);
            assertEquals(List.of("f119", "f118", "f117"), recent.stream().map(Activity::path).toList());
        }
    }
}
