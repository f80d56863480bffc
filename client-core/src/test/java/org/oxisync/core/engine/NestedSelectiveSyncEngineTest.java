package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Selective sync below the top level (issue 18 #37): the desktop app stores an unticked nested folder as its path
 * ("Photos/2025"); the engine leaves that folder alone on both sides and syncs its siblings and its parent's files.
 */
class NestedSelectiveSyncEngineTest extends HarnessTest {
    private void remoteFile(String path, String text) {
        h.remote().putFile(path, text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aNestedExclusionKeepsThatFolderOnTheServerOnlyAndSyncsItsSiblings() {
        remoteFile("/Photos/2025/a.jpg", "a");
        remoteFile("/Photos/2025/deep/b.jpg", "b");
        remoteFile("/Photos/2026/c.jpg", "c");
        remoteFile("/Photos/cover.jpg", "cover");
        h.store.accounts().savePair(h.pair.withExclusions(List.of("Photos/2025")));
        h.syncOk();
        assertEquals("c", h.read("Photos/2026/c.jpg"));
        assertEquals("cover", h.read("Photos/cover.jpg"), "the parent's own files sync");
        assertFalse(h.exists("Photos/2025"), "the excluded nested folder is not downloaded");

        h.write("Photos/2025/local-only.jpg", "mine");
        h.syncOk();
        assertFalse(h.remote().exists("/Photos/2025/local-only.jpg"), "nor is anything under it uploaded");
        assertTrue(h.remote().exists("/Photos/2025/deep/b.jpg"), "and nothing on the server under it is touched");
    }

    @Test
    void reTickingANestedFolderDownloadsIt() {
        remoteFile("/Docs/Old/report.txt", "old");
        h.store.accounts().savePair(h.pair.withExclusions(List.of("Docs/Old")));
        h.syncOk();
        assertFalse(h.exists("Docs/Old/report.txt"));
        h.store.accounts().savePair(h.pair.withExclusions(List.of()));
        h.syncOk();
        assertEquals("old", h.read("Docs/Old/report.txt"));
    }
}
