package org.oxisync.core.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.plan.Compact;
import org.oxisync.core.plan.RemoteSnapshot;

/** A listing's file row is one value whichever form holds it: flat fields, or the (shared) forms. */
class RemoteTreeFileRowTest {
    private static final String ID = "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
    private static final String ETAG = "0123456789abcdef-1700000000";
    private static final String HASH = "ab".repeat(16) + "cd".repeat(16);

    @TempDir
    Path dir;

    @Test
    void aRowOfTheUsualShapesIsHeldFlatAndEqualsTheSameRowHeldAsItsForms() {
        RemoteTree.File flat = RemoteTree.File.of(ID, "a.txt", ETAG, HASH, 12, 1_700_000_000L);
        RemoteTree.File held = RemoteTree.File.compact(Compact.of(ID), "a.txt", Compact.of(ETAG), Compact.of(HASH), 12,
                1_700_000_000L);

        assertInstanceOf(RemoteTree.FlatFile.class, flat);
        assertInstanceOf(RemoteTree.HeldFile.class, held);
        assertEquals(held, flat);
        assertEquals(flat, held);
        assertEquals(held.hashCode(), flat.hashCode());
        assertEquals(held.toString(), flat.toString());
        assertEquals(List.of(ID, "a.txt", ETAG, HASH), List.of(flat.id(), flat.name(), flat.etag(), flat.contentHash()));
        assertEquals(true, Compact.equal(held.compactId(), flat.compactId()));
        assertEquals(true, Compact.equal(held.compactEtag(), flat.compactEtag()));
        assertEquals(true, Compact.equal(held.compactContentHash(), flat.compactContentHash()));
        assertNotEquals(flat, RemoteTree.File.of(ID, "a.txt", ETAG, HASH, 13, 1_700_000_000L));
        assertNotEquals(flat, RemoteTree.File.of(ID, "a.txt", "0123456789abcdef-1700000001", HASH, 12, 1_700_000_000L));
    }

    @Test
    void aRowOfOtherShapesKeepsItsStringsAsGiven() {
        RemoteTree.File odd = RemoteTree.File.of("id-1", "b.txt", "W/\"x\"", null, 0, 0);

        assertInstanceOf(RemoteTree.HeldFile.class, odd);
        assertEquals(List.of("id-1", "b.txt", "W/\"x\""), List.of(odd.id(), odd.name(), odd.etag()));
        assertEquals(null, odd.contentHash());
    }

    @Test
    void flatRowsGoThroughTheListingCacheAndItsStreamedSnapshotUnchanged() throws Exception {
        RemoteTree tree = new RemoteTree("root", Map.of("root", new RemoteTree.Folder("root", "", "t0", List.of(
                RemoteTree.File.of(ID, "a.txt", ETAG, HASH, 12, 1_700_000_000L),
                RemoteTree.File.of("id-2", "b.txt", "e2", "h2", 3, 100)), List.of())));
        RemoteTreeFile file = new RemoteTreeFile(dir.resolve("remote-tree-1.json"));
        file.save(tree);

        RemoteTree loaded = file.load("root");
        assertEquals(tree, loaded);
        assertInstanceOf(RemoteTree.FlatFile.class, loaded.folders().get("root").files().get(0));

        RemoteSnapshot streamed = CachedListing.read(file.path(), "root").orElseThrow()
                .snapshot(file.path(), SharedStrings.none()).orElseThrow();
        assertEquals(RemoteScanner.snapshotOf(tree, SharedStrings.none()).entries(), streamed.entries());
    }
}
