package org.oxisync.store.versions;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.store.StoreFixture;
import org.oxisync.store.StoreOptions;
import org.oxisync.store.TestData;

/**
 * The wall clock jumps backwards between two saves (NTP, a user, a dead RTC battery), so a version saved later has an
 * earlier stamp (docs/local-faults.md). Retention must not take the later one first.
 */
class VersionRetentionClockJumpTest {
    @TempDir
    Path dir;

    private VersionInfo save(StoreFixture f, String name, int seed, int size) throws Exception {
        Path file = dir.resolve(name);
        Files.write(file, TestData.random(seed, size));
        return f.store.versions().saveVersion(f.pairId, name, file, f.clock.instant());
    }

    private static List<Long> ids(StoreFixture f) {
        return f.store.versions().listVersions(f.pairId).stream().map(VersionInfo::id).sorted().toList();
    }

    @Test
    void aVersionSavedWhileTheClockWasBehindIsNotPrunedByAgeBeforeTheVersionsSavedEarlier() throws Exception {
        try (StoreFixture f = new StoreFixture(dir)) {
            VersionInfo first = save(f, "a", 1, 10_000);
            f.clock.jumpBack(Duration.ofDays(40)); // the clock jumps back 40 days
            VersionInfo second = save(f, "b", 2, 10_000); // stamped 40 days before the first
            f.clock.advance(Duration.ofDays(50)); // corrected: 10 days after the first save
            RetentionReport r = f.store.versions().applyRetention();
            assertEquals(0, r.removedByAge(), "the second version is at most 10 days old, whatever its stamp says");
            assertEquals(List.of(first.id(), second.id()), ids(f));

            f.clock.advance(Duration.ofDays(25)); // 35 days after both saves: now both are past the 30 days
            assertEquals(2, f.store.versions().applyRetention().removedByAge());
            assertEquals(List.of(), ids(f));
        }
    }

    @Test
    void theLastSavedVersionIsTheOneKeptUnderTheSizeLimitEvenWhenItsStampIsOlder() throws Exception {
        RetentionPolicy oneFits = new RetentionPolicy(Duration.ofDays(30), 15_000);
        try (StoreFixture f = new StoreFixture(dir, StoreOptions.DEFAULT.withRetention(oneFits))) {
            VersionInfo first = save(f, "a", 3, 10_000);
            f.clock.jumpBack(Duration.ofHours(2));
            VersionInfo second = save(f, "a", 4, 10_000);
            RetentionReport r = f.store.versions().applyRetention();
            assertEquals(1, r.removedBySize());
            assertEquals(List.of(second.id()), ids(f), "the newest save stays, not the newest stamp (" + first.id() + ")");
        }
    }
}
