package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The folder's {@code .oxisyncignore}, read at every run, synced like any file, the pair's own patterns last. */
class IgnoreFileEngineTest extends HarnessTest {

    @Test
    void patternsInTheFileKeepMatchingFilesOffTheServerAndTheFileItselfIsSynced() {
        h.write(".oxisyncignore", "# build output\n*.iso\nbuild/\n");
        h.write("disk.iso", "big");
        h.write("build/out.o", "obj");
        h.write("notes.txt", "keep");
        h.syncOk();
        assertTrue(h.remote().exists("/notes.txt"));
        assertTrue(h.remote().exists("/.oxisyncignore"), "synced: every computer leaves out the same files");
        assertFalse(h.remote().exists("/disk.iso"));
        assertFalse(h.remote().exists("/build"));
        assertTrue(h.exists("disk.iso"), "ignoring deletes nothing");
    }

    @Test
    void anEditTakesEffectAtTheNextRunEvenWhenTheFileIgnoresItself() {
        // a file kept on this computer only: its edits do not show in the walk, yet they change what syncs
        h.write(".oxisyncignore", ".oxisyncignore\n*.iso\n");
        h.remote().putFile("/video.iso", "from the web".getBytes(StandardCharsets.UTF_8));
        h.syncOk();
        h.syncOk(); // a run that finds nothing to do: the next one may end at the quiet check
        assertFalse(h.exists("video.iso"));
        assertFalse(h.remote().exists("/.oxisyncignore"), "it ignores itself: not synced");

        h.write(".oxisyncignore", ".oxisyncignore\n");
        h.syncOk();
        assertEquals("from the web", h.read("video.iso"), "the rule is gone: the next run downloads it");
    }

    @Test
    void thePairsOwnPatternsComeAfterTheFile() {
        h.write(".oxisyncignore", "*.log\n");
        h.write("keep.log", "mine");
        h.write("other.log", "no");
        h.store.accounts().savePair(h.pair.withIgnorePatterns(List.of("!keep.log")));
        h.syncOk();
        assertTrue(h.remote().exists("/keep.log"), "this computer's own rule re-includes it");
        assertFalse(h.remote().exists("/other.log"));
    }

    @Test
    void aLineThatIsNoPatternStopsTheRunWithTheFileAndLineAndSyncsNothing() {
        h.write(".oxisyncignore", "*.iso\n[z-a]\n");
        h.write("secret.iso", "x");
        h.write("notes.txt", "y");
        SyncReport r = h.sync();
        assertEquals(SyncStatus.FAILED, r.status());
        assertTrue(r.message().contains(".oxisyncignore, line 2: '[z-a]'"), r.message());
        assertFalse(h.remote().exists("/notes.txt"));
        assertFalse(h.remote().exists("/secret.iso"));
    }
}
