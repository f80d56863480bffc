package org.oxisync.core.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.protocol.BatchFailureDto;
import org.oxisync.protocol.BatchFoldersDto;
import org.oxisync.protocol.BatchStatsDto;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.Resource;

/**
 * The relisting that reads and rewrites only the folders that changed ({@link SplicedListing}) leaves the same cache
 * file content, index and rows as listing everything again and saving it whole.
 */
class SplicedListingTest {
    @TempDir
    Path tmp;

    /** A server tree: folders by id (name, parent, tree ETag) and their files, changed by the tests. */
    private static final class Server {
        final Map<String, String[]> folders = new LinkedHashMap<>(); // id -> {name, parentId, etag}
        final Map<String, List<FileDto>> files = new LinkedHashMap<>();
        final AtomicInteger listings = new AtomicInteger();

        Server() {
            folders.put("root", new String[] {"", null, "e0"});
            for (int d = 0; d < 6; d++) {
                folders.put("d" + d, new String[] {"dir" + d, "root", "e0"});
                folders.put("d" + d + "s", new String[] {"sub", "d" + d, "e0"});
                for (int f = 0; f < 3; f++) {
                    addFile("d" + d, "f" + f + ".txt", "v0");
                    addFile("d" + d + "s", "g" + f + ".txt", "v0");
                }
            }
        }

        void addFile(String folder, String name, String version) {
            files.computeIfAbsent(folder, k -> new ArrayList<>()).add(new FileDto(folder + "/" + name, name, "", 3,
                    "text/plain", folder, 0, 1, "0".repeat(64), version, "", "", "", "3 B", null, "", "", false,
                    false));
        }

        /** A change in {@code folder}: its ETag and every ancestor's move, as the server's flush does. */
        void bump(String folder, String etag) {
            for (String x = folder; x != null; x = folders.get(x)[1]) {
                folders.get(x)[2] = etag;
            }
        }

        FolderDto dto(String id) {
            String[] f = folders.get(id);
            return new FolderDto(id, f[0], "", f[1], "drive", 0, 0, f[1] == null, f[2], "", "", "", "", false, false);
        }

        OxiCloudApi api() {
            return (OxiCloudApi) Proxy.newProxyInstance(OxiCloudApi.class.getClassLoader(),
                    new Class<?>[] {OxiCloudApi.class}, (proxy, m, args) -> switch (m.getName()) {
                        case "folder" -> dto((String) args[0]);
                        case "allResources" -> {
                            listings.incrementAndGet();
                            List<Resource> out = new ArrayList<>();
                            folders.forEach((id, f) -> {
                                if (args[0].equals(f[1])) {
                                    out.add(dto(id));
                                }
                            });
                            out.addAll(files.getOrDefault((String) args[0], List.of()));
                            yield out.iterator();
                        }
                        case "folders" -> {
                            @SuppressWarnings("unchecked") List<String> ids = (List<String>) args[0];
                            List<FolderDto> ok = new ArrayList<>();
                            ids.forEach(id -> ok.add(dto(id)));
                            yield new BatchFoldersDto(ok, List.<BatchFailureDto>of(),
                                    new BatchStatsDto(ids.size(), ids.size(), 0, 0));
                        }
                        default -> throw new UnsupportedOperationException(m.getName());
                    });
        }
    }

    private final Server server = new Server();
    private final RemoteScanner scanner = new RemoteScanner(server.api());

    private RemoteTreeFile cached() throws IOException {
        RemoteTreeFile file = new RemoteTreeFile(tmp.resolve("remote-tree-1.json"));
        file.save(scanner.scan(RemoteTree.empty("root")).tree());
        return file;
    }

    /** Relists and saves through the splice; the ids of the folders whose rows changed. */
    private Optional<java.util.Set<String>> splice(RemoteTreeFile file) throws IOException {
        SplicedListing.Relisted r = SplicedListing.relist(scanner, file, "root", server.dto("root")).orElseThrow();
        assertFalse(r.unchanged());
        Optional<java.util.Set<String>> changed = org.oxisync.core.remote.SplicedListingTest.changes(r);
        SplicedListing.save(file, r);
        return changed;
    }

    /** The folders whose rows differ between the two listings (ListingChanges' second half, by rows only). */
    private static Optional<java.util.Set<String>> changes(SplicedListing.Relisted r) {
        java.util.Set<String> out = new java.util.HashSet<>();
        for (RemoteTree.Folder now : r.after().folders().values()) {
            RemoteTree.Folder old = r.before().folders().get(now.id());
            if (old == null || !old.files().equals(now.files())) {
                out.add(now.id());
            }
        }
        return Optional.of(out);
    }

    /** What listing everything and saving it whole gives: the cache as {@link RemoteTreeFile#load} reads it. */
    private RemoteTree listedWhole() {
        return scanner.scan(RemoteTree.empty("root")).tree();
    }

    private static void assertSameListing(RemoteTree expected, RemoteTree actual) {
        assertEquals(expected.rootId(), actual.rootId());
        assertEquals(expected.folders().keySet(), actual.folders().keySet());
        expected.folders().forEach((id, f) -> assertEquals(f, actual.folders().get(id), id));
    }

    @Test
    void anEditInOneFolderIsListedAndWrittenAndTheOtherFoldersAreCopiedAsTheyWere() throws IOException {
        RemoteTreeFile file = cached();
        server.files.get("d3s").set(1, new FileDto("d3s/g1.txt", "g1.txt", "", 4, "text/plain", "d3s", 0, 2,
                "1".repeat(64), "v1", "", "", "", "4 B", null, "", "", false, false));
        server.bump("d3s", "e1");
        server.listings.set(0);

        assertEquals(Optional.of(java.util.Set.of("d3s")), splice(file));
        assertEquals(3, server.listings.get(), "the root, dir3 and its subfolder: nothing else listed");
        assertSameListing(listedWhole(), file.load("root"));
        ListingIndex index = ListingIndex.read(file.path()).orElseThrow();
        assertTrue(index.describes(file.path()), "an index written with the file");
        for (ListingIndex.Folder f : index.folders().values()) {
            byte[] all = Files.readAllBytes(file.path());
            RemoteTree.Folder at = RemoteTreeFile.readFolderJson(java.util.Arrays.copyOfRange(all, (int) f.offset(),
                    (int) f.end()));
            assertEquals(file.load("root").folders().get(f.id()), at, "the index's extent of " + f.id());
        }
        org.oxisync.core.plan.RemoteSnapshot viaIndex = CachedListing.read(file.path(), "root").orElseThrow()
                .snapshot(file.path(), SharedStrings.none()).orElseThrow();
        assertEquals(RemoteScanner.snapshotOf(file.load("root")).entries().stream().map(Object::toString).sorted()
                .toList(), viaIndex.entries().stream().map(Object::toString).sorted().toList());
    }

    @Test
    void aFolderRenamedWithoutANewTreeEtagIsWrittenUnderItsNewNameWithItsRowsCopied() throws IOException {
        RemoteTreeFile file = cached();
        server.folders.get("d2")[0] = "renamed"; // its parent's listing changes, its own tree ETag does not
        server.bump("root", "e2");
        splice(file);
        assertEquals("renamed", file.load("root").folders().get("d2").name());
        assertSameListing(listedWhole(), file.load("root"));
    }

    @Test
    void staleMarksAreListedAgainAndGoWithTheSave() throws IOException {
        RemoteTreeFile file = cached();
        file.markStale(List.of("d4s"));
        server.bump("d1", "e3");
        server.listings.set(0);
        splice(file);
        assertEquals(4, server.listings.get(), "the root, dir1, and the subfolder of dir4 marked stale with dir4");
        assertSameListing(listedWhole(), file.load("root"));
        assertFalse(Files.exists(tmp.resolve("remote-tree-1.json.stale")));
    }

    @Test
    void withoutAnIndexTheCallerLoadsTheWholeListing() throws IOException {
        RemoteTreeFile file = cached();
        Files.delete(ListingIndex.pathFor(file.path()));
        assertTrue(SplicedListing.relist(scanner, file, "root", server.dto("root")).isEmpty());
    }

    @Test
    void anUnchangedRootListsNothing() throws IOException {
        RemoteTreeFile file = cached();
        server.listings.set(0);
        assertTrue(SplicedListing.relist(scanner, file, "root", server.dto("root")).orElseThrow().unchanged());
        assertEquals(0, server.listings.get());
    }
}
