package org.oxisync.core.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.oxisync.core.plan.RemoteSnapshot;
import org.oxisync.protocol.BatchFailureDto;
import org.oxisync.protocol.BatchFoldersDto;
import org.oxisync.protocol.BatchStatsDto;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.Resource;

/**
 * Discovery against a server that lies about its tree (issue "hard to break" #2): a folder listed inside itself, its
 * parent or the root, a folder id listed twice per level, and an honest tree 10,000 levels deep. Every run ends, with
 * each folder listed once.
 */
class HostileDiscoveryTest {

    /** A fake server: folder id → its listing; every folder's tree ETag is "e-" + id. */
    private static final class FakeServer {
        final Map<String, List<Resource>> listings = new HashMap<>();
        final AtomicInteger listed = new AtomicInteger();

        static FolderDto folder(String id, String parent) {
            return new FolderDto(id, "n" + id, "", parent, "drive", 0, 0, parent == null, "e-" + id, "", "", "", "",
                    false, false);
        }

        static FileDto file(String id, String folder) {
            return new FileDto(id, "f" + id + ".txt", "", 1, "text/plain", folder, 0, 0, "0".repeat(64),
                    "etag-" + id, "", "", "", "1 B", null, "", "", false, false);
        }

        OxiCloudApi api() {
            return (OxiCloudApi) Proxy.newProxyInstance(OxiCloudApi.class.getClassLoader(),
                    new Class<?>[] {OxiCloudApi.class}, (proxy, m, args) -> switch (m.getName()) {
                        case "folder" -> folder((String) args[0], null);
                        case "allResources" -> {
                            listed.incrementAndGet();
                            yield new ArrayList<>(listings.getOrDefault((String) args[0], List.of())).iterator();
                        }
                        case "folders" -> {
                            List<FolderDto> ok = new ArrayList<>();
                            @SuppressWarnings("unchecked") List<String> ids = (List<String>) args[0];
                            ids.forEach(id -> ok.add(folder(id, null)));
                            yield new BatchFoldersDto(ok, List.<BatchFailureDto>of(),
                                    new BatchStatsDto(ids.size(), ids.size(), 0, 0));
                        }
                        default -> throw new UnsupportedOperationException(m.getName());
                    });
        }
    }

    @Test
    void aFolderListedInsideItselfItsParentOrTheRootIsTakenOnceAndTheRunEnds() {
        FakeServer s = new FakeServer();
        s.listings.put("root", List.of(FakeServer.folder("a", "root"), FakeServer.file("1", "root")));
        s.listings.put("a", List.of(FakeServer.folder("b", "a"), FakeServer.folder("a", "a"),
                FakeServer.folder("root", "a"), FakeServer.file("2", "a")));
        s.listings.put("b", List.of(FakeServer.folder("a", "b"), FakeServer.folder("root", "b"),
                FakeServer.file("3", "b")));

        RemoteScan scan = assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> new RemoteScanner(s.api()).scan(RemoteTree.empty("root")));

        assertEquals(3, s.listed.get(), "each folder listed once");
        RemoteSnapshot snap = scan.snapshot();
        assertEquals(List.of("f1.txt", "na", "na/f2.txt", "na/nb", "na/nb/f3.txt"),
                snap.entries().stream().map(e -> e.path()).toList());
        assertEquals(List.of("a", "root"), scan.skipped().stream().map(r -> r.id()).sorted().toList(),
                "each folder met twice is one skipped item");
        assertTrue(scan.skipped().stream().allMatch(r -> RemoteScanner.LISTED_TWICE.equals(r.reason())));
        assertEquals("", scan.tree().rootEtag().orElseThrow(), "the inconsistent listings are read again next run");
    }

    @Test
    void aFolderIdListedTwicePerLevelDoesNotMultiplyTheWork() {
        FakeServer s = new FakeServer();
        String parent = "root";
        for (int level = 0; level < 14; level++) {
            String child = "c" + level;
            s.listings.put(parent, List.of(FakeServer.folder(child, parent), FakeServer.folder(child, parent)));
            parent = child;
        }
        RemoteScan scan = assertTimeoutPreemptively(Duration.ofSeconds(10),
                () -> new RemoteScanner(s.api()).scan(RemoteTree.empty("root")));
        assertEquals(15, s.listed.get(), "14 levels and the root, each once (not 2^14)");
        assertEquals(14, scan.skipped().size(), "one skipped item per folder listed twice");
    }

    @Test
    void anHonestTreeTenThousandLevelsDeepIsDiscoveredWithoutRecursion() {
        FakeServer s = new FakeServer();
        String parent = "root";
        for (int level = 0; level < 10_000; level++) {
            String child = "d" + level;
            s.listings.put(parent, List.of(FakeServer.folder(child, parent)));
            parent = child;
        }
        s.listings.put(parent, List.of(FakeServer.file("deep", parent)));
        RemoteScan scan = assertTimeoutPreemptively(Duration.ofSeconds(30),
                () -> new RemoteScanner(s.api()).scan(RemoteTree.empty("root")));
        assertEquals(10_001, scan.snapshot().entries().size());
        assertTrue(scan.snapshot().entries().get(10_000).path().endsWith("/fdeep.txt"));
        // and again from the cache with every ETag unchanged: the copy is iterative too
        RemoteScan again = new RemoteScanner(s.api()).scan(scan.tree().withStale(List.of("root")));
        assertEquals(10_001, again.snapshot().entries().size());
    }
}
