package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.testing.ApiSeam;
import org.oxisync.emulator.EndpointStats;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.store.hash.Blake3;

/**
 * Issue 20 item 2: a run after many scattered edits of small files sends them together
 * ({@link org.oxisync.core.transfer.SmallUpdates}, {@link TransferGroups}): one PUT for a group's chunks, one check
 * before every few commits sent at once, one check after the group, so about one request per edit, and the same
 * outcome as one by one (contents, conflict copies when another device came first, fallbacks).
 */
class SmallUpdatesEngineTest {
    private static final int FILES = 24;

    @TempDir
    Path tmp;

    private OxiCloudEmulator server;
    private SyncHarness ours;
    private SyncHarness theirs;

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

    private void synced(ApiSeam.Hook hook) throws Exception {
        server = SyncHarness.newServer();
        ours = new SyncHarness(server, Files.createDirectories(tmp.resolve("ours")), false, Clock.systemUTC(),
                b -> b, api -> ApiSeam.wrap(api, hook));
        for (int i = 0; i < FILES; i++) {
            ours.write("d" + (i % 6) + "/f" + i + ".txt", "base " + i);
        }
        ours.syncOk();
        for (int i = 0; i < FILES; i++) {
            ours.write("d" + (i % 6) + "/f" + i + ".txt", "edited " + i);
        }
        server.resetStats();
    }

    @Test
    void twentyFourEditedSmallFilesAreSentInFourGroupsWithOnePutAndTwoChecksEachAndOneCommitPerFile() throws Exception {
        synced((method, args, after) -> { });

        SyncReport r = ours.syncOk();

        assertEquals(FILES, r.uploaded());
        assertEquals(0, r.conflicts());
        Map<String, EndpointStats> stats = server.stats();
        // 4 workers: groups of 6 files; each group: one PUT, one check before its commits (<= 8), one check after
        assertEquals(4, requests(stats, "PUT /api/files/delta/chunks"), stats::toString);
        assertEquals(FILES, requests(stats, "POST /api/files/delta/commit"), stats::toString);
        assertEquals(8, requests(stats, "POST /api/batch/files/get"), stats::toString);
        assertEquals(0, requests(stats, "POST /api/files/delta/negotiate"), stats::toString);
        long transfers = requests(stats, "PUT /api/files/delta/chunks") + requests(stats, "POST /api/files/delta/commit")
                + requests(stats, "POST /api/batch/files/get");
        assertTrue(transfers <= FILES * 3 / 2, () -> "at most 1.5 requests an edit for the transfers: " + stats);
        for (int i = 0; i < FILES; i++) {
            assertEquals(hash("edited " + i), ours.remoteTree().get("d" + (i % 6) + "/f" + i + ".txt"));
        }
        ours.assertInSync();
        SyncReport again = ours.syncOk();
        assertEquals(0, again.uploaded() + again.downloaded() + again.conflicts(), again::toString);
    }

    @Test
    void aSingleEditedSmallFileIsStillSentAloneWithItsTwoChecks() throws Exception {
        server = SyncHarness.newServer();
        ours = new SyncHarness(server, Files.createDirectories(tmp.resolve("ours")), false, Clock.systemUTC());
        ours.write("a.txt", "base");
        ours.write("b.txt", "base");
        ours.syncOk();
        ours.write("a.txt", "edited");
        server.resetStats();

        assertEquals(1, ours.syncOk().uploaded());

        Map<String, EndpointStats> stats = server.stats();
        assertEquals(1, requests(stats, "PUT /api/files/delta/chunks"), stats::toString);
        assertEquals(1, requests(stats, "POST /api/files/delta/commit"), stats::toString);
        assertEquals(2, requests(stats, "POST /api/batch/files/get"), stats::toString);
        assertEquals(hash("edited"), ours.remoteTree().get("a.txt"));
    }

    @Test
    void anotherDevicesCommitBeforeTheGroupsCheckMakesThatFileAConflictCopyAndTheOthersGoThrough() throws Exception {
        AtomicBoolean theirTurn = new AtomicBoolean();
        synced((method, args, after) -> {
            // our first check before commits (one worker: the group's first 8 files in path order, d0/f0 among
            // them): the other device's whole run goes first
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
            assertEquals(hash("edited " + i), remote.get("d" + (i % 6) + "/f" + i + ".txt"));
        }
        ours.syncOk();
        ours.assertInSync();
    }

    @Test
    void aRefusedPutOfTheGroupsChunksSendsEachFileAloneAndAllArrive() throws Exception {
        synced((method, args, after) -> { });
        server.faults().failNext(1, "PUT", "/api/files/delta/chunks", 400, "{\"error\":\"malformed frame\"}");

        SyncReport r = ours.syncOk();

        assertEquals(FILES, r.uploaded());
        assertEquals(0, r.errors().size(), r.errors()::toString);
        for (int i = 0; i < FILES; i++) {
            assertEquals(hash("edited " + i), ours.remoteTree().get("d" + (i % 6) + "/f" + i + ".txt"));
        }
        ours.assertInSync();
    }

    private static long requests(Map<String, EndpointStats> stats, String key) {
        EndpointStats s = stats.get(key);
        return s == null ? 0 : s.requests();
    }

    private static String hash(String text) {
        return Blake3.hashHex(text.getBytes(StandardCharsets.UTF_8));
    }
}
