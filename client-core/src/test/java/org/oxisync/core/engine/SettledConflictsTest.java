package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.oxisync.store.status.Conflict;

/** A conflicted copy the user deletes by hand settles its conflict at the engine's next run. */
class SettledConflictsTest extends HarnessTest {

    private Conflict makeConflict() {
        h.write("notes.txt", "base");
        h.syncOk();
        h.write("notes.txt", "local edit");
        h.remote().putFile("/notes.txt", "remote edit".getBytes(StandardCharsets.UTF_8));
        assertEquals(1, h.syncOk().conflicts());
        return h.store.conflicts().unresolved(h.pair.id()).get(0);
    }

    @Test
    void theNextRunResolvesAConflictWhoseCopyWasDeletedAndKeepsTheServersVersion() throws Exception {
        Conflict c = makeConflict();
        Files.delete(h.local.resolve(c.conflictCopyPath()));
        h.syncOk();
        assertTrue(h.store.conflicts().unresolved(h.pair.id()).isEmpty(), "settled by the run");
        assertEquals("remote edit", h.read("notes.txt"));
        assertTrue(h.store.activity().recent(20).stream().anyMatch(a -> "conflict".equals(a.kind())
                && "notes.txt".equals(a.path()) && a.message().contains("conflicted copy deleted")));
        h.assertInSync();
    }

    @Test
    void aConflictWhoseCopyIsStillThereStaysOpen() {
        makeConflict();
        h.syncOk();
        assertEquals(1, h.store.conflicts().unresolved(h.pair.id()).size());
    }

    @Test
    void aMissingPairFolderSettlesNothing() throws Exception {
        Conflict c = makeConflict();
        Path moved = h.local.resolveSibling("unmounted");
        Files.move(h.local, moved);
        try {
            assertTrue(SettledConflicts.clear(h.store, h.pair).isEmpty());
            h.sync(); // fails: the folder is missing
            assertEquals(1, h.store.conflicts().unresolved(h.pair.id()).size(), "every copy looks gone, none is");
        } finally {
            Files.move(moved, h.local);
        }
        assertTrue(Files.exists(h.local.resolve(c.conflictCopyPath())));
    }
}
