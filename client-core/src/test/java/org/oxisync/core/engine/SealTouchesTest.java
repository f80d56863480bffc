package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;

/**
 * The journal paths a run from the seal changes ({@link SealTouches}): kept durably before the batch that changes
 * them commits, read back by the next run, and "unknown" when they cannot be.
 */
class SealTouchesTest {
    @TempDir
    Path tmp;

    private final Clock clock = Clock.fixed(Instant.parse("2026-12-02T12:00:00Z"), ZoneOffset.UTC);

    private static JournalEntry file(String path) {
        return new JournalEntry(path, EntryKind.FILE, 3, 1000, null, "ab".repeat(32), "id-" + path, "etag", "ab".repeat(32));
    }

    @Test
    void everyPathABatchChangesIsListedBeforeItCommitsAndReadBackByTheNextRun() throws IOException {
        try (LocalStore store = LocalStore.open(tmp.resolve("data"), "alice", clock)) {
            long pair = store.accounts().savePair(new FolderPair(0, "p", tmp.toString(), "root", "/", List.of(),
                    List.of(), java.util.Map.of())).id();
            SealTouches touches = SealTouches.forPair(store.directory(), pair);
            QuietSeal seal = QuietSeal.forPair(store.directory(), pair);
            JournalWriter writer = new JournalWriter(store, pair, clock, touches.recorder(seal));
            writer.upsert(file("a/x.txt"));
            writer.delete("b/gone.txt");
            writer.move("c", "d", null, old -> new JournalEntry("d", EntryKind.DIR, 0, 0, null, null, "id-d", null,
                    null));
            assertEquals(Optional.of(Set.of()), touches.read(100), "nothing committed yet: nothing listed");
            writer.flush();
            assertEquals(Optional.of(Set.of("a/x.txt", "b/gone.txt", "c", "d")), touches.read(100));
            assertEquals(Optional.empty(), touches.read(3), "more than the limit: a full run");
            touches.delete();
            assertFalse(Files.exists(touches.path()));
        }
    }

    @Test
    void aBatchWhosePathsCannotBeKeptDoesNotCommit() throws IOException {
        try (LocalStore store = LocalStore.open(tmp.resolve("data"), "alice", clock)) {
            long pair = store.accounts().savePair(new FolderPair(0, "p", tmp.toString(), "root", "/", List.of(),
                    List.of(), java.util.Map.of())).id();
            JournalWriter writer = new JournalWriter(store, pair, clock, new JournalTouches() {
                @Override
                public void touched(String path) {
                }

                @Override
                public void persist() throws IOException {
                    throw new IOException("disk full");
                }
            });
            writer.upsert(file("a.txt"));
            assertThrows(RuntimeException.class, writer::flush);
            assertTrue(store.journal().get(pair, "a.txt").isEmpty(), "rolled back: no row the list lacks");
        }
    }

    @Test
    void aPathThatCannotBeOneLineRemovesTheSealInstead() throws IOException {
        Files.createDirectories(tmp);
        QuietSeal seal = QuietSeal.forPair(tmp, 1);
        Files.writeString(seal.path(), "a seal");
        SealTouches touches = SealTouches.forPair(tmp, 1);
        JournalTouches recorder = touches.recorder(seal);
        recorder.touched("odd\nname.txt");
        recorder.persist();
        assertFalse(Files.exists(seal.path()), "no seal: the next run is a full one");
    }

    @Test
    void aListWithAnotherHeaderIsUnknownAndALineCutByACrashIsHarmless() throws IOException {
        SealTouches touches = SealTouches.forPair(tmp, 1);
        Files.writeString(touches.path(), "something else\na.txt\n", StandardCharsets.UTF_8);
        assertEquals(Optional.empty(), touches.read(100));
        Files.writeString(touches.path(), "oxisync seal touches 1\na.txt\nb/par", StandardCharsets.UTF_8);
        assertEquals(Optional.of(Set.of("a.txt", "b/par")), touches.read(100),
                "a cut last line is read as a path (never committed: its batch came after the fsync)");
    }
}
