package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * Another device renamed a folder and replaced a file in it (a new id at the same name: what a plain replace does
 * while the delta limit is paused, or a delete and re-create). Found by the many-clients runner: the run downloaded
 * the "new" file onto the old one's place, failed ("appeared locally during the run"), then deleted the old file,
 * leaving this device without it until the next run. Now it is one update, in one run.
 */
class ReplacedInMovedFolderEngineTest extends HarnessTest {

    @Test
    void aFileReplacedOnTheServerInsideAFolderRenamedOnTheServerArrivesInOneRunWithItsNewContent() throws Exception {
        h.write("docs/d/notes.txt", "old notes");
        h.write("docs/d/other.txt", "other");
        h.write("keep.txt", "k");
        h.syncOk();
        String oldId = h.remote().fileId("/docs/d/notes.txt");

        h.remote().rename("/docs", "papers");
        h.remote().delete("/papers/d/notes.txt");
        h.remote().putFile("/papers/d/notes.txt", "new notes".getBytes(StandardCharsets.UTF_8));
        assertNotEquals(oldId, h.remote().fileId("/papers/d/notes.txt"), "replaced: a new id");

        SyncReport r = h.syncOk();
        assertTrue(r.errors().isEmpty(), r.message());
        assertEquals("new notes", h.read("papers/d/notes.txt"));
        assertEquals("other", h.read("papers/d/other.txt"));
        assertTrue(!h.exists("docs"), "the folder moved");
        h.assertInSync();
    }
}
