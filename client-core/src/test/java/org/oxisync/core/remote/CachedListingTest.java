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
                        new RemoteTree.File("f0", "top.txt", "etag-0", "0".repeat(64), 3, 100)),
                        List.of("d1", "d2", "gone", "d1")),
                "d1", new RemoteTree.Folder("d1", "docs", "t1", List.of(
                        new RemoteTree.File("fa", "a.txt", "etag-a", "a".repeat(64), 1, 200),
                        new RemoteTree.File("fb", "b.txt", "etag-b", null, 2, 200),
                        new RemoteTree.File("fc", "c.txt", null, "c".repeat(64), 4, 201)),
                        List.of("d3", "root")),
                "d2", new RemoteTree.Folder("d2", "pics", "t2", List.of(), List.of("d3")),
                "d3", new RemoteTree.Folder("d3", "deep", "t3", List.of(
                        new RemoteTree.File("fd", "d.bin", "etag-d", "d".repeat(64), 5, 300)), List.of())));
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
