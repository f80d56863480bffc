package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.testing.ApiSeam;
import org.oxisync.emulator.EndpointStats;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.protocol.ApiListener;
import org.oxisync.protocol.DeltaBudget;
import org.oxisync.store.hash.Blake3;

/**
 * Issue 20 item 2: small updates the account's delta budget has no room for are replaced by plain uploads in groups
 * ({@link org.oxisync.core.transfer.SmallUpdates}, {@code transfer.PlainReplaces}): uploads beside and renames sent
 * a few at once, one check and one trash request for every few files, one check after the group: about two requests
 * an edit instead of five, with the single path's outcome (the old versions in the server's trash, a conflict copy
 * when another device changed a file, the refused ones sent alone). The budget here is spent before the run and
 * its quiet gap is long, so no delta request may go out at all, or only as many as it has room for.
 */
class PlainReplacesEngineTest {
    private static final int FILES = 24;
    private static final Duration LONG_GAP = Duration.ofMinutes(10);

    @TempDir
    Path tmp;

    private OxiCloudEmulator server;
    private SyncHarness ours;
    private SyncHarness theirs;
    private final AtomicInteger refused = new AtomicInteger();

    @AfterEach
    void close() {
        if (ours != null) {
            ours.close();
        }
        if (theirs != null) {
            theirs.close();
        }
        if (server != null) {
            server.close();
        }
    }

    /** 24 small files synced, then edited locally; the client's delta budget has {@code room} requests left. */
    private void synced(int room, ApiSeam.Hook hook) throws Exception {
        server = SyncHarness.newServer();
        DeltaBudget.MemoryStore spent = new DeltaBudget.MemoryStore();
        DeltaBudget budget = new DeltaBudget(DeltaBudget.SERVER_LIMIT, 0, LONG_GAP, spent);
        spent.save(new DeltaBudget.State(DeltaBudget.SERVER_LIMIT - room, Instant.now()));
        ours = new SyncHarness(server, Files.createDirectories(tmp.resolve("ours")), false, Clock.systemUTC(),
                b -> b.deltaBudget(budget).listener(new ApiListener() {
                    @Override
                    public void requestFinished(String method, String path, int status, Duration elapsed) {
                        if (status == 429) {
                            refused.incrementAndGet();
                        }
                    }
                }), api -> ApiSeam.wrap(api, hook));
        for (int i = 0; i < FILES; i++) {
            ours.write(path(i), "base " + i); // new small files: multipart, no delta request
        }
        ours.syncOk();
        for (int i = 0; i < FILES; i++) {
            ours.write(path(i), "edited " + i);
        }
        server.resetStats();
    }

    private static String path(int i) {
        return "d" + (i % 6) + "/f" + i + ".txt";
    }

    @Test
    void twentyFourPlainReplacementsOfOneRunSendAtMostTwoAndAHalfRequestsEachAndNoDeltaRequest() throws Exception {
        synced(0, (method, args, after) -> { });
        Map<String, String> idsBefore = new HashMap<>();
        for (int i = 0; i < FILES; i++) {
            idsBefore.put(path(i), server.remote(SyncHarness.USER).fileId("/" + path(i)));
        }

        SyncReport r = ours.syncOk();

        assertEquals(FILES, r.uploaded(), r::toString);
        assertEquals(0, r.conflicts());
        Map<String, EndpointStats> stats = server.stats();
        // 4 workers: groups of 6 files, one part each: 6 uploads, one check, one trash, 6 renames, one check after
        assertEquals(FILES, requests(stats, "POST /api/files/upload"), stats::toString);
        assertEquals(FILES, requests(stats, "PUT /api/files/{id}/rename"), stats::toString);
        assertEquals(4, requests(stats, "POST /api/batch/trash"), stats::toString);
        assertEquals(8, requests(stats, "POST /api/batch/files/get"), stats::toString);
        assertEquals(0, deltaRequests(stats), stats::toString);
        long transfers = requests(stats, "POST /api/files/upload") + requests(stats, "PUT /api/files/{id}/rename")
                + requests(stats, "POST /api/batch/trash") + requests(stats, "POST /api/batch/files/get");
        assertTrue(transfers <= FILES * 5 / 2, () -> "at most 2.5 requests an edit: " + stats);
        Set<String> trashed = server.remote(SyncHarness.USER).trashedContentHashes();
        for (int i = 0; i < FILES; i++) {
            assertEquals(hash("edited " + i), ours.remoteTree().get(path(i)));
            assertTrue(trashed.contains(hash("base " + i)), "the old version stays in the trash: " + path(i));
            assertNotEquals(idsBefore.get(path(i)), server.remote(SyncHarness.USER).fileId("/" + path(i)));
        }
        ours.assertInSync(); // no temporary upload left on either side
        SyncReport again = ours.syncOk();
        assertEquals(0, again.uploaded() + again.downloaded() + again.conflicts(), again::toString);
    }

    @Test
    void anotherDevicesChangeBeforeTheGroupsCheckMakesThatFileAConflictCopyAndTheOthersGoThrough() throws Exception {
        AtomicBoolean theirTurn = new AtomicBoolean();
        synced(0, (method, args, after) -> {
            // our first check before a trash (one worker: the first part, d0/f0 among it, uploaded beside already):
            // the other device's whole run goes first
            if (method.equals("files") && !after && theirTurn.compareAndSet(true, false)) {
                theirs.write("d0/f0.txt", "their edit of f0");
                assertEquals(SyncStatus.OK, theirs.sync().status());
            }
        });
        theirs = new SyncHarness(server, Files.createDirectories(tmp.resolve("theirs")), false, Clock.systemUTC(),
                b -> b, api -> api).options(SyncOptions.defaults("laptop-b"));
        theirs.syncOk();
        ours.options(SyncOptions.defaults("testhost").withWorkers(1));
        theirTurn.set(true);

        SyncReport r = ours.sync();

        assertEquals(SyncStatus.OK, r.status(), () -> r.message() + " " + r.errors());
        assertEquals(1, r.conflicts(), r::toString);
        Map<String, String> remote = ours.remoteTree();
        assertEquals(hash("their edit of f0"), remote.get("d0/f0.txt"), "the other device's version stays");
        assertTrue(remote.entrySet().stream().anyMatch(e -> e.getKey().startsWith("d0/f0 (conflicted copy ")
                && e.getValue().equals(hash("edited 0"))), remote::toString);
        for (int i = 1; i < FILES; i++) {
            assertEquals(hash("edited " + i), remote.get(path(i)));
        }
        ours.syncOk();
        ours.assertInSync();
    }

    @Test
    void aRefusedUploadInAGroupSendsThatFileAloneAndAllArrive() throws Exception {
        synced(0, (method, args, after) -> { });
        server.faults().failNext(1, "POST", "/api/files/upload", 400, "{\"error\":\"refused once\"}");

        SyncReport r = ours.syncOk();

        assertEquals(FILES, r.uploaded(), r::toString);
        assertEquals(0, r.errors().size(), r.errors()::toString);
        assertEquals(FILES + 1, requests(server.stats(), "POST /api/files/upload"), server.stats()::toString);
        for (int i = 0; i < FILES; i++) {
            assertEquals(hash("edited " + i), ours.remoteTree().get(path(i)));
        }
        ours.assertInSync();
    }

    @Test
    void aBudgetWithRoomForTenSendsAtMostTenDeltaRequestsAndTheRestPlainWithoutWaitingOrARefusal() throws Exception {
        synced(10, (method, args, after) -> { });
        long start = System.nanoTime();

        SyncReport r = ours.syncOk();

        Duration took = Duration.ofNanos(System.nanoTime() - start);
        assertEquals(FILES, r.uploaded(), r::toString);
        assertEquals(0, r.errors().size(), r.errors()::toString);
        Map<String, EndpointStats> stats = server.stats();
        long delta = deltaRequests(stats);
        assertTrue(delta >= 3 && delta <= 10, () -> "a PUT and at least two commits, within the room: " + stats);
        assertEquals(FILES, requests(stats, "POST /api/files/delta/commit") + requests(stats, "POST /api/files/upload"),
                stats::toString);
        assertEquals(0, refused.get());
        // a commit that waited in the budget would wait its quiet gap (10 minutes)
        assertTrue(took.compareTo(LONG_GAP.dividedBy(2)) < 0, "the run waited for the budget: " + took);
        ours.assertInSync();
    }

    private static long deltaRequests(Map<String, EndpointStats> stats) {
        return stats.entrySet().stream()
                .filter(e -> e.getKey().contains("/delta/") || e.getKey().endsWith("/manifest"))
                .mapToLong(e -> e.getValue().requests()).sum();
    }

    private static long requests(Map<String, EndpointStats> stats, String key) {
        EndpointStats s = stats.get(key);
        return s == null ? 0 : s.requests();
    }

    private static String hash(String text) {
        return Blake3.hashHex(text.getBytes(StandardCharsets.UTF_8));
    }
}
