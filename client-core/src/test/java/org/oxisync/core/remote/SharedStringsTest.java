package org.oxisync.core.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Map;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.RemoteEntry;
import org.oxisync.core.plan.RemoteSnapshot;

/**
 * A listing read from the cache file holds the journal's compact forms (paths, ids, ETags, hashes) for equal
 * values, and the same values.
 */
class SharedStringsTest {
    private static String copy(String s) {
        return new String(s.toCharArray()); // an equal string, another object: as a JSON parser gives it
    }

    private final JournalEntry docs = JournalEntry.dir("docs", "k1", "folder-1");
    private final JournalEntry report = JournalEntry.file("docs/report.txt", 10, 1000, "k2", "h".repeat(64),
            "file-1", "etag-1");
    private final JournalEntry stale = JournalEntry.file("docs/old.txt", 5, 1000, "k3", "a".repeat(64),
            "file-2", "etag-2");

    private RemoteTree cachedTree() {
        return new RemoteTree("root", Map.of(
                "root", new RemoteTree.Folder("root", "", "t0", List.of(), List.of(copy("folder-1"))),
                "folder-1", new RemoteTree.Folder(copy("folder-1"), copy("docs"), "t1", List.of(
                        RemoteTree.File.of(copy("file-1"), copy("report.txt"), copy("etag-1"), copy("h".repeat(64)),
                                10, 1),
                        // changed on the server since the journal: other ETag and hash, same id
                        RemoteTree.File.of(copy("file-2"), copy("old.txt"), copy("etag-9"), copy("b".repeat(64)),
                                7, 2),
                        RemoteTree.File.of(copy("file-3"), copy("new.txt"), copy("etag-3"), copy("c".repeat(64)),
                                3, 3)),
                        List.of())));
    }

    @TempDir
    Path dir;

    @Test
    void theSnapshotOfACachedListingHoldsTheJournalsStringsAndFormsWhereValuesAreEqual() throws Exception {
        SharedStrings shared = SharedStrings.of(new JournalBase(List.of(docs, report, stale)));
        RemoteTreeFile cache = new RemoteTreeFile(dir.resolve("remote-tree-1.json"));
        cache.save(cachedTree());
        RemoteTree loaded = cache.load("root", shared);
        assertEquals(cachedTree(), loaded, "the values are unchanged");
        RemoteSnapshot snap = RemoteScanner.snapshotOf(loaded, shared);
        assertEquals(RemoteScanner.snapshotOf(cachedTree()), snap);

        RemoteEntry folder = find(snap, "docs");
        assertSame(docs.compactPath(), folder.compactPath());
        assertSame(docs.compactRemoteId(), folder.compactId());
        assertEquals("folder-1", folder.id());
        RemoteEntry file = find(snap, "docs/report.txt");
        assertSame(report.compactPath(), file.compactPath());
        assertSame(report.compactRemoteId(), file.compactId());
        assertSame(report.compactRemoteEtag(), file.compactEtag());
        assertSame(report.compactRemoteHash(), file.compactContentHash());
        assertSame(docs.compactRemoteId(), file.compactParentId());
        assertEquals("folder-1", file.parentId());

        RemoteEntry changed = find(snap, "docs/old.txt");
        assertSame(stale.compactRemoteId(), changed.compactId());
        assertEquals("etag-9", changed.etag());
        assertNotSame(stale.compactRemoteEtag(), changed.compactEtag());
        assertEquals("b".repeat(64), changed.contentHash());
        assertEquals("docs/new.txt", find(snap, "docs/new.txt").path());
    }

    @Test
    void filesTheJournalRecordsExactlyAsListedAreHeldAsItsRowsAndEveryOtherEntryAsARecord() {
        JournalEntry moved = JournalEntry.file("elsewhere/moved.txt", 4, 1000, "k4", "d".repeat(64), "file-4",
                "etag-4");
        JournalEntry resized = JournalEntry.file("docs/resized.txt", 4, 1000, "k5", "e".repeat(64), "file-5",
                "etag-5");
        RemoteTree tree = new RemoteTree("root", Map.of(
                "root", new RemoteTree.Folder("root", "", "t0", List.of(), List.of("folder-1")),
                "folder-1", new RemoteTree.Folder("folder-1", "docs", "t1", List.of(
                        RemoteTree.File.of("file-1", "report.txt", "etag-1", "h".repeat(64), 10, 1),
                        RemoteTree.File.of("file-2", "old.txt", "etag-9", "b".repeat(64), 7, 2),
                        RemoteTree.File.of("file-3", "new.txt", "etag-3", "c".repeat(64), 3, 3),
                        RemoteTree.File.of("file-4", "moved.txt", "etag-4", "d".repeat(64), 4, 4),
                        RemoteTree.File.of("file-5", "resized.txt", "etag-5", "e".repeat(64), 9, 5)),
                        List.of())));
        SharedStrings shared = SharedStrings.of(new JournalBase(List.of(docs, report, stale, moved, resized)));

        RemoteSnapshot snap = RemoteScanner.snapshotOf(tree, shared);

        org.oxisync.core.plan.ListingEntries entries = (org.oxisync.core.plan.ListingEntries) snap.entries();
        java.util.Set<String> settled = new java.util.HashSet<>();
        for (int i = 0; i < entries.size(); i++) {
            if (entries.settled(i)) {
                settled.add(entries.get(i).path());
            }
        }
        assertEquals(java.util.Set.of("docs/report.txt"), settled,
                "not the folder, nor a file with another ETag, path or size, nor one the journal lacks");
        assertEquals(RemoteScanner.snapshotOf(tree), snap, "the same entries as without the journal");
    }

    private static RemoteEntry find(RemoteSnapshot s, String path) {
        return s.entries().stream().filter(e -> e.path().equals(path)).findFirst().orElseThrow();
    }
}
