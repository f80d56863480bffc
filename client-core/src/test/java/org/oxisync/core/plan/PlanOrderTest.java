package org.oxisync.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Orders that matter because a step removes what a later step needs. */
class PlanOrderTest {
    private static SyncPlan plan(Scenario s) {
        return s.plan();
    }

    @Test
    void aFolderReplacedByAFileOnTheServerIsRemovedOnlyAfterWhatMovedOutOfItHasMoved() {
        // on the server: d/b.txt moved to A.txt, then folder d replaced by a file d (seed 1398)
        Scenario s = new Scenario().syncedDir("d").synced("d/b.txt", "h1")
                .remoteMove("d/b.txt", "A.txt").remoteDelete("d").remoteNew("d", "h2");
        assertEquals(String.join("\n",
                "move      local  d/b.txt -> A.txt",
                "delete    local  d/ (0 files)",
                "download  d (new, 10 B)"), plan(s).describe());
    }

    @Test
    void aFileMovedOntoTheNameOfADeletedFileIsAMoveAndTheDeletedOneGoesToTheTrash() {
        // locally: A.txt deleted, then n.md renamed to A.txt (seed 2111: A.txt's server content was overwritten)
        Scenario s = new Scenario().synced("A.txt", "h1").synced("n.md", "h2")
                .localDelete("A.txt").localMove("n.md", "A.txt");
        assertEquals(String.join("\n",
                "trash     remote A.txt",
                "move      remote n.md -> A.txt"), plan(s).describe());
    }
}
