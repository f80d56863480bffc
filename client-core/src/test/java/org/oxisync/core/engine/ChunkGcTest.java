package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.testing.ManualClock;
import org.oxisync.store.LocalStore;

class ChunkGcTest {
    @TempDir
    Path tmp;

    @Test
    void anUnneededOldChunkIsRemovedAtMostOnceADayAndAClockThatWentBackRunsItAgain() throws Exception {
        ManualClock clock = new ManualClock(Instant.now());
        try (LocalStore store = LocalStore.open(tmp.resolve("data"), "alice", clock)) {
            String first = oldChunk(store, "nothing refers to this chunk", clock);
            assertTrue(ChunkGc.maybeCollect(store, clock).isPresent(), "never cleaned up: due");
            assertFalse(store.chunks().store().hashes().contains(first), "an old chunk nothing needs is removed");

            String second = oldChunk(store, "nor to this one", clock);
            clock.advance(Duration.ofHours(23));
            assertTrue(ChunkGc.maybeCollect(store, clock).isEmpty(), "cleaned up 23 h ago: not due");
            assertTrue(store.chunks().store().hashes().contains(second));

            clock.advance(Duration.ofHours(1));
            assertTrue(ChunkGc.maybeCollect(store, clock).isPresent(), "a day later: due");
            assertFalse(store.chunks().store().hashes().contains(second));

            oldChunk(store, "and a third", clock);
            clock.jumpBack(Duration.ofDays(3));
            assertTrue(ChunkGc.maybeCollect(store, clock).isPresent(), "the clock went back: cleaned up again");
        }
    }

    @Test
    void aCorruptMarkerMeansCleanUpNowNotAFailure() throws Exception {
        ManualClock clock = new ManualClock(Instant.now());
        try (LocalStore store = LocalStore.open(tmp.resolve("data"), "alice", clock)) {
            Files.writeString(store.directory().resolve(ChunkGc.MARKER), "not a time");
            assertTrue(ChunkGc.maybeCollect(store, clock).isPresent());
            assertEquals(clock.instant().toString(), Files.readString(store.directory().resolve(ChunkGc.MARKER)));
        }
    }

    /** A chunk file older than the store's grace period that no version, transfer or manifest needs. */
    private static String oldChunk(LocalStore store, String text, ManualClock clock) throws Exception {
        String h = store.chunks().store().put(text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Path file = store.chunks().store().pathOf(h);
        Files.setLastModifiedTime(file, FileTime.from(clock.instant().minus(store.options().gcGrace()).minusSeconds(60)));
        return h;
    }
}
