package org.oxisync.core.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.RemoteSnapshot;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.OxiCloudApi;

/**
 * The snapshot of an unchanged server read straight from the listing cache file equals the one made from the
 * listing read whole, and anything not plainly well-formed is left to the whole read.
 */
class CachedListingTest {
    @TempDir
    Path dir;

    private final JournalEntry settledRow = JournalEntry.file("docs/a.txt", 1, 0, null, "a".repeat(64), "fa",
            "etag-a");
    private final SharedStrings shared = SharedStrings.of(new JournalBase(List.of(
            JournalEntry.dir("docs", null, "d1"), settledRow)));

    /** Folders depth first with files at every level, a missing child, a folder listed twice and a loop. */
    private RemoteTree tree() {
        return new RemoteTree("root", Map.of(
                "root", new RemoteTree.Folder("root", "", "t0", List.of(
                        RemoteTree.File.of("f0", "top.txt", "etag-0", "0".repeat(64), 3, 100)),
                        List.of("d1", "d2", "gone", "d1")),
                "d1", new RemoteTree.Folder("d1", "docs", "t1", List.of(
                        RemoteTree.File.of("fa", "a.txt", "etag-a", "a".repeat(64), 1, 200),
                        RemoteTree.File.of("fb", "b.txt", "etag-b", null, 2, 200),
                        RemoteTree.File.of("fc", "c.txt", null, "c".repeat(64), 4, 201)),
                        List.of("d3", "root")),
                "d2", new RemoteTree.Folder("d2", "pics", "t2", List.of(), List.of("d3")),
                "d3", new RemoteTree.Folder("d3", "deep", "t3", List.of(
                        RemoteTree.File.of("fd", "d.bin", "etag-d", "d".repeat(64), 5, 300)), List.of())));
    }

    private RemoteTreeFile saved(RemoteTree tree) throws Exception {
        RemoteTreeFile file = new RemoteTreeFile(dir.resolve("remote-tree-1.json"));
        file.save(tree);
        return file;
    }

    @Test
    void theSnapshotReadFromTheFileEqualsTheOneMadeFromTheWholeListingInTheSameOrder() throws Exception {
        RemoteTreeFile file = saved(tree());

        CachedListing cached = CachedListing.read(file.path(), "root").orElseThrow();
        RemoteSnapshot streamed = cached.snapshot(file.path(), shared).orElseThrow();

        RemoteSnapshot whole = RemoteScanner.snapshotOf(file.load("root", shared), shared);
        assertEquals(whole.entries(), streamed.entries());
        assertEquals(Optional.of("t0"), cached.rootEtag());
        assertTrue(((org.oxisync.core.plan.ListingEntries) streamed.entries()).settled(
                streamed.entries().indexOf(whole.entries().stream().filter(e -> e.path().equals("docs/a.txt"))
                        .findFirst().orElseThrow())), "the file the journal records as listed is held as its row");
    }

    /** The root's files and the docs folder's entry and files; nothing below docs or in pics. */
    private static final CachedListing.Part ROOT_AND_DOCS = new CachedListing.Part() {
        @Override
        public boolean entry(String path) {
            return path.equals("docs");
        }

        @Override
        public boolean rowsOf(String folderPath) {
            return folderPath.isEmpty() || folderPath.equals("docs");
        }
    };

    @Test
    void aSavedCacheIsIndexedAndReadsTheSameSnapshotWholeAndInPartAsWithoutItsIndex() throws Exception {
        RemoteTreeFile file = saved(tree());
        assertTrue(Files.exists(ListingIndex.pathFor(file.path())), "save indexes the file");
        CachedListing indexed = CachedListing.read(file.path(), "root").orElseThrow();
        RemoteSnapshot wholeIndexed = indexed.snapshot(file.path(), shared).orElseThrow();
        RemoteSnapshot partIndexed = indexed.snapshot(file.path(), shared, ROOT_AND_DOCS).orElseThrow();

        Files.delete(ListingIndex.pathFor(file.path()));
        CachedListing parsed = CachedListing.read(file.path(), "root").orElseThrow();
        assertEquals(parsed.snapshot(file.path(), shared).orElseThrow().entries(), wholeIndexed.entries());
        RemoteSnapshot partParsed = parsed.snapshot(file.path(), shared, ROOT_AND_DOCS).orElseThrow();
        assertEquals(partParsed.entries(), partIndexed.entries());
        assertEquals(List.of("top.txt", "docs", "docs/a.txt", "docs/b.txt", "docs/c.txt"),
                partParsed.entries().stream().map(org.oxisync.core.plan.RemoteEntry::path).toList(),
                "the part, in the whole snapshot's order");
        assertEquals(parsed.folderPaths(), indexed.folderPaths());
        assertEquals(Map.of("root", "", "d1", "docs", "d2", "pics", "d3", "docs/deep"), parsed.folderPaths());
    }

    @Test
    void withItsIndexAPartIsReadWithoutParsingTheRestOfTheFile() throws Exception {
        RemoteTreeFile file = saved(tree());
        String good = Files.readString(file.path());
        String broken = good.replace("\"etag-d\"", "{etag-d\""); // same length: a syntax error in docs/deep only
        assertEquals(good.length(), broken.length());
        java.nio.file.attribute.FileTime mtime = Files.getLastModifiedTime(file.path());
        try (var out = java.nio.channels.FileChannel.open(file.path(), java.nio.file.StandardOpenOption.WRITE)) {
            out.write(java.nio.ByteBuffer.wrap(broken.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        }
        Files.setLastModifiedTime(file.path(), mtime); // the same size, time and file: the index still describes it

        CachedListing indexed = CachedListing.read(file.path(), "root").orElseThrow();
        assertTrue(indexed.snapshot(file.path(), shared, ROOT_AND_DOCS).isPresent(), "docs/deep is never read");
        assertEquals(Optional.empty(), indexed.snapshot(file.path(), shared), "the whole snapshot reads it");
    }

    @Test
    void anIndexThatNoLongerDescribesTheFileIsNotUsed() throws Exception {
        RemoteTreeFile file = saved(tree());
        Path index = ListingIndex.pathFor(file.path());
        byte[] oldIndex = Files.readAllBytes(index);
        RemoteTree other = new RemoteTree("root", Map.of("root", new RemoteTree.Folder("root", "", "t9",
                List.of(RemoteTree.File.of("fz", "z.txt", "etag-z", "9".repeat(64), 1, 5)), List.of())));
        saved(other);
        Files.write(index, oldIndex); // the first file's index beside the second file
        CachedListing cached = CachedListing.read(file.path(), "root").orElseThrow();
        assertEquals(Optional.of("t9"), cached.rootEtag(), "the file itself was parsed");
        assertEquals(List.of("z.txt"), cached.snapshot(file.path(), shared).orElseThrow().entries().stream()
                .map(org.oxisync.core.plan.RemoteEntry::path).toList());
    }

    @Test
    void staleMarksAreAppendedBesideTheCacheAppliedByEveryReadAndClearedByTheNextSave() throws Exception {
        RemoteTreeFile file = saved(tree());
        String before = Files.readString(file.path());
        file.markStale(List.of("d2")); // pics: one parent (d3 has two in this tree, and which is its parent is not fixed)
        assertEquals(before, Files.readString(file.path()), "the listing itself is not rewritten");
        assertEquals(tree().withStale(List.of("d2")), file.load("root"), "a load applies the marks");
        CachedListing cached = CachedListing.read(file.path(), "root").orElseThrow();
        assertEquals(Optional.empty(), cached.rootEtag().filter(e -> !e.isEmpty()), "the root is unknown too");
        RemoteTreeFile copy = new RemoteTreeFile(dir.resolve("remote-tree-2.json"));
        copy.save(tree().withStale(List.of("d2")));
        assertEquals(CachedListing.read(copy.path(), "root").orElseThrow().snapshot(copy.path(), shared)
                .orElseThrow().entries(), cached.snapshot(file.path(), shared).orElseThrow().entries(),
                "the snapshot's folder ETags as if the marks had been saved");

        file.save(tree());
        assertEquals(tree(), file.load("root"), "a save supersedes the marks");
        assertEquals(Optional.of("t0"), CachedListing.read(file.path(), "root").orElseThrow().rootEtag());
    }

    @Test
    void aMissingForeignOrDamagedCacheIsLeftToTheWholeRead() throws Exception {
        Path path = dir.resolve("remote-tree-1.json");
        assertEquals(Optional.empty(), CachedListing.read(path, "root").map(c -> "read"), "missing");
        saved(tree());
        assertEquals(Optional.empty(), CachedListing.read(path, "other-root").map(c -> "read"), "foreign");
        String good = Files.readString(path);
        for (String damaged : List.of(
                good.replace("\"childFolderIds\":[]", "\"childFolderIds\":null"), // a null list
                good.replace("\"treeEtag\":\"t2\"", "\"treeEtag\":2"), // another type (Jackson would coerce it)
                good.replace("\"name\":\"pics\",", ""), // a folder without its name
                good.substring(0, good.length() / 2), // cut short
                "{\"rootId\":\"root\",\"folders\":{\"root\":{\"id\":\"root\",\"name\":\"\",\"treeEtag\":\"t\","
                        + "\"files\":[],\"childFolderIds\":[]},\"root\":{\"id\":\"root\",\"name\":\"\","
                        + "\"treeEtag\":\"t\",\"files\":[],\"childFolderIds\":[]}}}")) { // a key twice
            Files.writeString(path, damaged);
            assertEquals(Optional.empty(), CachedListing.read(path, "root").map(c -> "read"), damaged);
        }
    }

    @Test
    void aFileRowWithoutItsNameOrANestedValueGivesNoSnapshot() throws Exception {
        RemoteTreeFile file = saved(tree());
        String good = Files.readString(file.path());
        for (String damaged : List.of(good.replace("\"name\":\"b.txt\",", ""),
                good.replace("\"etag\":\"etag-d\"", "\"etag\":{\"x\":1}"))) {
            Files.writeString(file.path(), damaged);
            CachedListing cached = CachedListing.read(file.path(), "root").orElseThrow();
            assertEquals(Optional.empty(), cached.snapshot(file.path(), shared), damaged);
        }
    }

    @Test
    void aFileChangedBetweenTheTwoReadsGivesNoSnapshot() throws Exception {
        RemoteTreeFile file = saved(tree());
        CachedListing cached = CachedListing.read(file.path(), "root").orElseThrow();
        RemoteTree fewer = new RemoteTree("root", Map.of("root", new RemoteTree.Folder("root", "", "t0",
                List.of(), List.of("d1", "d2")), "d1", tree().folders().get("d1"), "d2", tree().folders().get("d2"),
                "d3", tree().folders().get("d3")));
        saved(fewer);
        assertEquals(Optional.empty(), cached.snapshot(file.path(), shared));
    }

    /** A server whose root has the tree ETag {@code etag} and that lists nothing else; counts its requests. */
    private static OxiCloudApi server(String etag, AtomicInteger requests) {
        return (OxiCloudApi) Proxy.newProxyInstance(OxiCloudApi.class.getClassLoader(),
                new Class<?>[] {OxiCloudApi.class}, (proxy, m, args) -> {
                    requests.incrementAndGet();
                    return switch (m.getName()) {
                        case "folder" -> new FolderDto((String) args[0], "", "", null, "drive", 0, 0, true, etag,
                                "", "", "", "", false, false);
                        case "allResources" -> new ArrayList<>().iterator();
                        default -> throw new UnsupportedOperationException(m.getName());
                    };
                });
    }

    @Test
    void anUnchangedServerCostsOneRequestAndGivesTheWholeReadsSnapshotWithoutTheListing() throws Exception {
        RemoteTreeFile file = saved(tree());
        AtomicInteger requests = new AtomicInteger();

        RemoteScanner.CachedScan found = new RemoteScanner(server("t0", requests), shared)
                .scanCached(file, "root");

        RemoteScan whole = new RemoteScanner(server("t0", new AtomicInteger()), shared)
                .scan(file.load("root", shared));
        assertEquals(1, requests.get());
        assertTrue(found.scan().unchanged());
        assertNull(found.scan().tree(), "no listing built");
        assertEquals(whole.snapshot().entries(), found.scan().snapshot().entries());
        assertEquals(Optional.of("t0"), found.rootEtag());
    }

    @Test
    void aChangedServerIsListedAsFromTheWholeReadWithTheSameRequests() throws Exception {
        RemoteTreeFile file = saved(tree());
        AtomicInteger requests = new AtomicInteger();
        AtomicInteger wholeRequests = new AtomicInteger();

        RemoteScanner.CachedScan found = new RemoteScanner(server("t9", requests), shared)
                .scanCached(file, "root");

        RemoteScan whole = new RemoteScanner(server("t9", wholeRequests), shared).scan(file.load("root", shared));
        assertEquals(wholeRequests.get(), requests.get());
        assertEquals(whole, found.scan());
        assertEquals(Optional.of("t9"), found.rootEtag());
    }
}
