package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.oxisync.core.naming.TempNames;

/** A user's files named like the client's temp files are the user's: synced, never removed as leftovers. */
class UserTempLookalikesTest extends HarnessTest {

    @Test
    void aUsersDotOxisyncAndOxipartFilesAreSyncedAndKept() throws Exception {
        h.write(".oxisync-notes.txt", "my notes");
        h.write("film.oxipart", "half a film, the user's own");
        h.syncOk();
        assertEquals("my notes", h.read(".oxisync-notes.txt"));
        assertEquals("half a film, the user's own", h.read("film.oxipart"));
        assertArrayEquals("my notes".getBytes(StandardCharsets.UTF_8), h.remote().read("/.oxisync-notes.txt"));
        assertTrue(h.remote().exists("/film.oxipart"));
    }

    @Test
    void aUsersFileOfTheTempShapeButNotMadeByThisClientSurvivesTheScan() throws Exception {
        String lookalike = TempNames.tempFor("report.txt", 0xabcdefL); // the shape, without the store's tag
        h.write(lookalike, "the only copy");
        h.write("other.txt", "x");
        h.syncOk();
        assertTrue(h.exists(lookalike), "never removed: it is not one of the client's own temp files");
        assertEquals("the only copy", h.read(lookalike));
    }

    @Test
    void aLeftoverTempFileTheClientMadeIsStillRemoved() throws Exception {
        h.write("a.txt", "a");
        h.syncOk();
        String own = TempNames.tempFor(h.store.ownNamesKey(), "a.txt", 77);
        h.write(own, "half a download");
        h.syncOk();
        assertFalse(h.exists(own));
    }
}
