package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.junit.jupiter.api.Test;

/** Engine behaviour a newcomer met (issue 18): how deletes are counted (#32), previews kept out of Activity (#24). */
class FirstUseEngineTest extends HarnessTest {
    @Test
    void aFolderDeletedLocallyCountsEveryFileItTrashesOnTheServer() {
        for (int i = 0; i < 5; i++) {
            h.write("old/f" + i + ".txt", "file " + i);
        }
        h.write("old/sub/g.txt", "g");
        h.write("keep.txt", "stays"); // not every file goes: the mass-delete guard stays out of it
        h.syncOk();
        h.delete("old");
        SyncReport r = h.syncOk();
        assertEquals(6, r.deletedRemote(), "the six files of the trashed folder: " + r.plan());
        assertFalse(h.remote().exists("/old"));
    }

    @Test
    void aPreviewIsNotLoggedAsASyncRun() {
        h.write("a.txt", "a");
        int before = h.store.activity().recent(50).size();
        SyncReport preview = h.options(SyncOptions.defaults("testhost").withDryRun(true)).sync();
        h.options(SyncOptions.defaults("testhost"));
        assertEquals(true, preview.plan().stream().anyMatch(l -> l.startsWith("upload") && l.contains("a.txt")),
                preview.plan().toString());
        assertEquals(before, h.store.activity().recent(50).size(), "the wizard's review (a dry run) logs nothing");
        h.syncOk();
        assertEquals(true, h.store.activity().recent(50).stream().anyMatch(a -> "run".equals(a.kind())),
                "a real run is logged");
    }
}
