package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Set;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.scan.LocalHint;

/**
 * Runs with the watcher's hint ({@link LocalHint.Paths}): only the dirty folders are read; everything else is taken
 * from the journal, so it can neither be deleted nor re-uploaded; a full run ({@link LocalHint#ALL}) still finds
 * what the watcher missed.
 */
class IncrementalRunTest {
    @TempDir
    java.nio.file.Path tmp;
    private SyncHarness h;

    @BeforeEach
    void setUp() {
        h = SyncHarness.start(tmp);
        for (int d = 0; d < 4; d++) {
            for (int f = 0; f < 5; f++) {
                h.write("d" + d + "/f" + f + ".txt", "content " + d + "/" + f);
            }
        }
        h.syncOk();
    }

    @AfterEach
    void tearDown() {
        h.close();
    }

    private SyncReport runWith(LocalHint hint) {
        h.options(SyncOptions.defaults("testhost").withLocalHint(hint));
        return h.syncOk();
    }

    @Test
    void hintedRunUploadsTheChangedFileAndLeavesUnhintedChangesForAFullRun() {
        h.write("d1/f2.txt", "changed, and the watcher said so");
        h.write("d3/f4.txt", "changed, but the watcher missed it");
        h.write("d2/new.txt", "new, missed too");

        SyncReport r = runWith(LocalHint.of(Set.of("d1/f2.txt")));
        assertEquals(1, r.uploaded(), r.plan().toString());
        assertEquals("changed, and the watcher said so", text("/d1/f2.txt"));
        assertEquals("content 3/4", text("/d3/f4.txt"), "an unhinted folder is taken from the journal, not read");
        assertFalse(h.remote().exists("/d2/new.txt"));

        SyncReport full = runWith(LocalHint.ALL); // overflow, periodic or on-demand run
        assertEquals(2, full.uploaded(), full.plan().toString());
        h.assertInSync();
    }

    @Test
    void deletedFileInAHintedFolderIsDeletedRemotelyAndNothingElseIs() {
        assertTrue(h.local.resolve("d0/f1.txt").toFile().delete());
        SyncReport r = runWith(LocalHint.of(Set.of("d0/f1.txt")));
        assertEquals(1, r.deletedRemote(), r.plan().toString());
        assertFalse(h.remote().exists("/d0/f1.txt"));
        assertEquals(19, h.remoteTree().keySet().stream().filter(p -> p.endsWith(".txt")).count());
        h.assertInSync();
    }

    @Test
    void moveBetweenTwoHintedFoldersIsCarriedOutAsAMove() {
        String id = h.remote().fileId("/d0/f3.txt");
        h.write("d1/other.txt", "unrelated change in a hinted folder");
        move("d0/f3.txt", "d1/moved.txt");

        SyncReport r = runWith(LocalHint.of(Set.of("d0/f3.txt", "d1/moved.txt", "d1/other.txt")));
        assertEquals(1, r.moved(), r.plan().toString());
        assertEquals(1, r.uploaded(), "only the new file is uploaded, the moved one keeps its content: " + r.plan());
        assertEquals(0, r.deletedRemote(), r.plan().toString());
        assertEquals(id, h.remote().fileId("/d1/moved.txt"), "the same server file, moved");
        assertFalse(h.remote().exists("/d0/f3.txt"));
        h.assertInSync();
    }

    @Test
    void folderMovedToANewPlaceIsReadWholeAndMovedOnTheServer() {
        String id = h.remote().folderId("/d2");
        move("d2", "moved/d2");

        SyncReport r = runWith(LocalHint.of(Set.of("d2", "moved")));
        assertEquals(1, r.moved(), r.plan().toString());
        assertEquals(0, r.uploaded() + r.deletedRemote(), r.plan().toString());
        assertEquals(id, h.remote().folderId("/moved/d2"));
        assertEquals(5, h.remote().list("/moved/d2").size());
        h.assertInSync();
    }

    @Test
    void remoteChangeInAnUnhintedFolderIsComparedWithTheDiskAsItIs() {
        // the watcher missed a local edit; the server changed the same file: a full compare makes a conflict copy,
        // it must never overwrite the local edit on the journal's word
        h.write("d3/f0.txt", "local edit the watcher missed");
        h.remote().putFile("/d3/f0.txt", "remote edit".getBytes(StandardCharsets.UTF_8));

        SyncReport r = runWith(LocalHint.of(Set.of()));
        assertEquals(1, r.conflicts(), r.plan().toString());
        java.util.List<String> d3 = contents("d3");
        assertTrue(d3.contains("local edit the watcher missed"), "the local edit survives: " + d3);
        assertTrue(d3.contains("remote edit"), "the remote edit arrives beside it: " + d3);
    }

    @Test
    void remoteChangesWithAnEmptyHintAreDownloaded() {
        h.remote().putFile("/d2/from-server.txt", "hello".getBytes(StandardCharsets.UTF_8));
        h.remote().delete("/d0/f0.txt");
        SyncReport r = runWith(LocalHint.of(Set.of()));
        assertEquals(1, r.downloaded(), r.plan().toString());
        assertEquals(1, r.deletedLocal(), r.plan().toString());
        assertEquals("hello", h.read("d2/from-server.txt"));
        assertFalse(Files.exists(h.local.resolve("d0/f0.txt")));
        h.assertInSync();
    }

    @Test
    void newFolderWithContentNamedByTheHintIsUploadedWhole() {
        h.write("fresh/a.txt", "a");
        h.write("fresh/sub/b.txt", "b");
        SyncReport r = runWith(LocalHint.of(Set.of("fresh")));
        assertEquals(2, r.uploaded(), r.plan().toString());
        assertArrayEquals("b".getBytes(StandardCharsets.UTF_8), h.remote().read("/fresh/sub/b.txt"));
        h.assertInSync();
    }

    private java.util.List<String> contents(String folder) {
        try (var files = Files.list(h.local.resolve(folder))) {
            return files.map(p -> {
                try {
                    return Files.readString(p);
                } catch (java.io.IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }).toList();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private void move(String from, String to) {
        try {
            Files.createDirectories(h.local.resolve(to).getParent());
            Files.move(h.local.resolve(from), h.local.resolve(to));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private String text(String remotePath) {
        return new String(h.remote().read(remotePath), StandardCharsets.UTF_8);
    }
}
