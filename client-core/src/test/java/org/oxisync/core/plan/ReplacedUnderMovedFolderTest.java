package org.oxisync.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A file the server holds under a new id at the place of a known one (another device deleted and re-created it, or
 * replaced it) is one update of that file, also when its folder was moved on the server in the same interval. Found
 * by the many-clients runner: the file's old row was matched at its old path only, so the run planned a download of
 * the "new" file and a delete of the old one at the same place; the download met the old file ("appeared locally
 * during the run") and the delete then removed it, leaving the device without the file until a retry.
 */
class ReplacedUnderMovedFolderTest {
    @Test
    void aFileReplacedOnTheServerInsideAFolderMovedOnTheServerIsOneUpdateAndNotADownloadBesideADelete() {
        Scenario s = new Scenario().syncedDir("a").syncedDir("a/d").synced("a/d/f.txt", "old").synced("a/d/g.txt", "g")
                .remoteMove("a", "b").remoteDelete("b/d/f.txt").remoteNew("b/d/f.txt", "new");
        SyncPlan p = s.plan();
        List<SyncAction> actions = p.actions();
        assertTrue(actions.stream().noneMatch(x -> x instanceof SyncAction.DeleteLocal), p.describe());
        List<SyncAction.Download> downloads = actions.stream().filter(x -> x instanceof SyncAction.Download)
                .map(x -> (SyncAction.Download) x).toList();
        assertEquals(1, downloads.size(), p.describe());
        assertEquals("b/d/f.txt", downloads.get(0).path(), p.describe());
        assertEquals("id:new:b/d/f.txt", downloads.get(0).remoteId(), p.describe());
        assertTrue(downloads.get(0).replaces() != null, "an update of the known file: " + p.describe());
    }

    @Test
    void aFileReplacedOnTheServerInAFolderThatDidNotMoveIsStillOneUpdate() {
        Scenario s = new Scenario().syncedDir("a").synced("a/f.txt", "old")
                .remoteDelete("a/f.txt").remoteNew("a/f.txt", "new");
        SyncPlan p = s.plan();
        assertTrue(p.actions().stream().noneMatch(x -> x instanceof SyncAction.DeleteLocal), p.describe());
        assertEquals(1, p.actions().stream().filter(x -> x instanceof SyncAction.Download).count(), p.describe());
    }
}
