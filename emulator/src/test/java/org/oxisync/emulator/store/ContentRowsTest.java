package org.oxisync.emulator.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A content's manifest lives while any file row (trashed ones too) has its hash, counted per manifest instead of
 * found by scanning every row: the count must say what the scan said, across swaps, trash, permanent deletes and a
 * reload from the snapshot.
 */
class ContentRowsTest {
    @TempDir
    Path dir;

    private static Model.Manifest manifest(String chunk) {
        Model.Manifest m = new Model.Manifest();
        m.size = 1;
        m.chunks.add(new Model.ChunkRef(chunk, 1));
        return m;
    }

    @Test
    void swappingOneOfTwoRowsWithTheSameContentKeepsItAndSwappingTheSecondReleasesIt() throws Exception {
        try (Tree tree = new Tree(dir, Clock.systemUTC(), Duration.ZERO)) {
            String u = tree.createUser("u", "u@x", "x", 0).id;
            String root = tree.user(u).rootFolderId;
            String a = tree.createFile(u, root, "a", "H", 1, "text/plain", manifest("c1")).file().id;
            String b = tree.createFile(u, root, "b", "H", 1, "text/plain", null).file().id;
            tree.updateContent(u, a, "K", 1, "text/plain", manifest("c2"));
            assertNotNull(tree.manifest("H"), "b still has the old content");
            assertFalse(tree.looseChunkHashes().contains("c1"));
            tree.updateContent(u, b, "K", 1, "text/plain", null);
            assertNull(tree.manifest("H"), "no row has it any more");
            assertTrue(tree.looseChunkHashes().contains("c1"), "its chunk became a loose orphan");
            assertNotNull(tree.manifest("K"));
        }
    }

    @Test
    void swappingToTheSameContentKeepsIt() throws Exception {
        try (Tree tree = new Tree(dir, Clock.systemUTC(), Duration.ZERO)) {
            String u = tree.createUser("u", "u@x", "x", 0).id;
            String a = tree.createFile(u, tree.user(u).rootFolderId, "a", "H", 1, "t", manifest("c1")).file().id;
            tree.updateContent(u, a, "H", 1, "t", null);
            assertNotNull(tree.manifest("H"));
        }
    }

    @Test
    void aTrashedRowHoldsItsContentUntilDeletedForGood() throws Exception {
        try (Tree tree = new Tree(dir, Clock.systemUTC(), Duration.ZERO)) {
            String u = tree.createUser("u", "u@x", "x", 0).id;
            String root = tree.user(u).rootFolderId;
            String a = tree.createFile(u, root, "a", "H", 1, "t", manifest("c1")).file().id;
            String b = tree.createFile(u, root, "b", "H", 1, "t", null).file().id;
            tree.trashFile(u, a);
            tree.updateContent(u, b, "K", 1, "t", manifest("c2"));
            assertNotNull(tree.manifest("H"), "the trashed row still has it");
            tree.deletePermanently(u, a);
            assertNull(tree.manifest("H"));
            assertTrue(tree.looseChunkHashes().contains("c1"));
        }
    }

    @Test
    void rowCountsAreRebuiltFromTheSnapshotAtLoad() throws Exception {
        String u;
        String a;
        try (Tree tree = new Tree(dir, Clock.systemUTC(), Duration.ZERO)) {
            u = tree.createUser("u", "u@x", "x", 0).id;
            String root = tree.user(u).rootFolderId;
            a = tree.createFile(u, root, "a", "H", 1, "t", manifest("c1")).file().id;
            tree.createFile(u, root, "b", "H", 1, "t", null);
        }
        try (Tree tree = new Tree(dir, Clock.systemUTC(), Duration.ZERO)) {
            tree.updateContent(u, a, "K", 1, "t", manifest("c2"));
            assertNotNull(tree.manifest("H"), "b, loaded from the snapshot, still has it");
            String b = tree.liveChildFiles(tree.user(u).rootFolderId).stream()
                    .filter(f -> f.name.equals("b")).findFirst().orElseThrow().id;
            tree.updateContent(u, b, "K", 1, "t", null);
            assertNull(tree.manifest("H"));
        }
    }
}
