package org.oxisync.core.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.oxisync.protocol.BatchFailureDto;
import org.oxisync.protocol.BatchFoldersDto;
import org.oxisync.protocol.BatchStatsDto;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.Resource;

/**
 * Discovery lists the changed folders {@value FolderLister#AT_ONCE} at a time ({@link FolderLister}) and builds the
 * same listing as one folder after the other would.
 */
class FolderListerTest {
    private static final int FOLDERS = 12;

    /** A root with {@value #FOLDERS} folders of two files each; the first listings wait until four are in flight. */
    private static final class FakeServer {
        final Map<String, List<Resource>> listings = new ConcurrentHashMap<>();
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger most = new AtomicInteger();
        final AtomicInteger listed = new AtomicInteger();
        final CountDownLatch fourTogether = new CountDownLatch(FolderLister.AT_ONCE);
        final AtomicInteger batchGets = new AtomicInteger();
        volatile String failing;

        FakeServer() {
            this(0);
        }

        /** With {@code subfolders} empty folders in each folder of the root, after its two files. */
        FakeServer(int subfolders) {
            List<Resource> root = new ArrayList<>();
            for (int i = 0; i < FOLDERS; i++) {
                String id = "d" + i;
                root.add(folder(id, "root"));
                List<Resource> rows = new ArrayList<>(List.of(file(id + "a", id), file(id + "b", id)));
                for (int k = 0; k < subfolders; k++) {
                    rows.add(folder(id + "s" + k, id));
                    listings.put(id + "s" + k, List.of());
                }
                listings.put(id, rows);
            }
            listings.put("root", root);
        }

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
                        case "allResources" -> list((String) args[0]);
                        case "folders" -> {
                            batchGets.incrementAndGet();
                            List<FolderDto> ok = new ArrayList<>();
                            @SuppressWarnings("unchecked") List<String> ids = (List<String>) args[0];
                            ids.forEach(id -> ok.add(folder(id, null)));
                            yield new BatchFoldersDto(ok, List.<BatchFailureDto>of(),
                                    new BatchStatsDto(ids.size(), ids.size(), 0, 0));
                        }
                        default -> throw new UnsupportedOperationException(m.getName());
                    });
        }

        private java.util.Iterator<Resource> list(String id) throws InterruptedException {
            listed.incrementAndGet();
            int now = inFlight.incrementAndGet();
            most.accumulateAndGet(now, Math::max);
            try {
                if (!id.equals("root")) {
                    fourTogether.countDown();
                    fourTogether.await(10, TimeUnit.SECONDS); // one at a time: the first waits 10 s, then most = 1
                }
                if (id.equals(failing)) {
                    throw new OxiCloudException.ServerError(503, "listing of " + id + " failed");
                }
                return new ArrayList<>(listings.get(id)).iterator();
            } finally {
                inFlight.decrementAndGet();
            }
        }
    }

    @Test
    void twelveChangedFoldersAreListedFourAtATimeIntoTheSameListingAsOneByOne() {
        FakeServer s = new FakeServer();

        RemoteScan scan = new RemoteScanner(s.api()).scan(RemoteTree.empty("root"));

        assertEquals(FolderLister.AT_ONCE, s.most.get(), "four listings in flight at once, never more");
        assertEquals(1 + FOLDERS, s.listed.get(), "each folder listed once");
        List<String> paths = new ArrayList<>();
        scan.snapshot().entries().forEach(e -> paths.add(e.path()));
        List<String> expected = new ArrayList<>();
        for (int i = 0; i < FOLDERS; i++) {
            expected.add("nd" + i);
            expected.add("nd" + i + "/fd" + i + "a.txt");
            expected.add("nd" + i + "/fd" + i + "b.txt");
        }
        assertEquals(expected, paths, "the folders in the server's order, each with its files");
    }

    @Test
    void theSubfoldersOfAWindowOfListedFoldersAreAskedForTheirTreeEtagsInOneBatchGet() {
        FakeServer s = new FakeServer(3);

        RemoteScan scan = new RemoteScanner(s.api()).scan(RemoteTree.empty("root"));

        assertEquals(2, s.batchGets.get(), "the root's folders, then the 36 subfolders of the 12 listed together"
                + " (one batch get per listed folder before: 13)");
        assertEquals(1 + FOLDERS + 3 * FOLDERS, s.listed.get(), "each folder listed once");
        assertEquals(FOLDERS * (3 + 3), scan.snapshot().entries().size(), "each folder with its files and subfolders");
    }

    @Test
    void aListingThatFailsInFlightFailsTheDiscoveryAsOneAtATimeWould() {
        FakeServer s = new FakeServer();
        s.failing = "d5";

        OxiCloudException.ServerError e = assertThrows(OxiCloudException.ServerError.class,
                () -> new RemoteScanner(s.api()).scan(RemoteTree.empty("root")));

        assertEquals(503, e.status());
    }
}
