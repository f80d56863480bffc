package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.oxisync.core.scan.LocalHint;

/**
 * What a pair leaves out of syncing stays listed after a run started by the watcher elsewhere in the folder, and
 * goes when the item does: every run's report lists all of it, not only what that run looked at.
 */
class LeftOutAcrossRunsEngineTest extends HarnessTest {
    private static List<String> leftOut(SyncReport r) {
        return r.skipped().stream().map(ItemError::path).sorted().toList();
    }

    @Test
    void aLinkLeftOutStaysListedAfterAWatcherRunElsewhereAndGoesWithTheLink() throws Exception {
        h.write("a.txt", "a");
        h.write("docs/b.txt", "b");
        Files.createSymbolicLink(h.local.resolve("docs/link"), h.local.resolve("a.txt"));
        assertEquals(List.of("docs/link"), leftOut(h.sync()));

        h.write("a.txt", "a, edited");
        h.options(SyncOptions.defaults("testhost").withLocalHint(LocalHint.of(List.of("a.txt"))));
        SyncReport watched = h.sync();
        assertEquals(1, watched.uploaded());
        assertEquals(List.of("docs/link"), leftOut(watched), "still left out, though this run did not look there");

        Files.delete(h.local.resolve("docs/link"));
        h.options(SyncOptions.defaults("testhost").withLocalHint(LocalHint.of(List.of("docs/link"))));
        assertEquals(List.of(), leftOut(h.sync()), "gone with the link");
        h.options(SyncOptions.defaults("testhost"));
        assertEquals(List.of(), leftOut(h.sync()));
    }
}
