package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.testing.ApiSeam;
import org.oxisync.emulator.EndpointStats;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.store.hash.Blake3;

/**
 * Issue 21, point 5: two devices of one user commit the same file at once. OxiCloud's delta commit has no
 * precondition, so the client checks the file right before its commit and right after it; whichever device sees the
 * other's content keeps its own version as a conflict copy on the server too. The other device's commit is put into
 * the exact window through {@link ApiSeam} (no timing): before our check-then-commit, and between our commit and our
 * check after it.
 */
class CommitRaceTest {
    private static final long WAIT_SECONDS = 60;

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

    private void devices(ApiSeam.Hook ourHook, ApiSeam.Hook theirHook) throws Exception {
        server = SyncHarness.newServer();
        ours = new SyncHarness(server, Files.createDirectories(tmp.resolve("ours")), false, Clock.systemUTC(),
                b -> b, api -> ApiSeam.wrap(api, ourHook));
        theirs = new SyncHarness(server, Files.createDirectories(tmp.resolve("theirs")), false, Clock.systemUTC(),
                b -> b, api -> ApiSeam.wrap(api, theirHook)).options(SyncOptions.defaults("laptop-b"));
        ours.write("doc.txt", "base version");
        ours.syncOk();
        theirs.syncOk();
        assertEquals("base version", theirs.read("doc.txt"));
        ours.write("doc.txt", "our edit");
        theirs.write("doc.txt", "their edit, made at the same time");
    }

    @Test
    void anotherDevicesCommitJustBeforeOursMakesOursAConflictCopyOnBothSidesAndOverwritesNothing() throws Exception {
        AtomicBoolean armed = new AtomicBoolean();
        AtomicBoolean theirTurn = new AtomicBoolean();
        AtomicInteger ourCommits = new AtomicInteger();
        devices((method, args, after) -> {
            if (method.equals("commit") && !after && armed.get()) {
                ourCommits.incrementAndGet();
            }
            // the check right before our commit: the other device's whole run (its check, commit, check) goes first
            if (method.equals("files") && !after && theirTurn.compareAndSet(true, false)) {
                assertEquals(SyncStatus.OK, theirs.sync().status());
            }
        }, (method, args, after) -> { });
        armed.set(true);
        theirTurn.set(true);

        SyncReport r = ours.sync();

        assertEquals(SyncStatus.OK, r.status(), () -> r.message() + " " + r.errors());
        assertEquals(1, r.conflicts());
        assertEquals(0, ourCommits.get(), "our update was never committed over theirs");
        String copy = onlyConflictCopy(ours.remoteTree());
        assertTrue(copy.startsWith("doc (conflicted copy ") && copy.endsWith(" testhost).txt"), copy);
        assertEquals(hash("their edit, made at the same time"), ours.remoteTree().get("doc.txt"),
                "the other device's version stays where it was");
        assertEquals(hash("our edit"), ours.remoteTree().get(copy), "ours is on the server beside it");
        assertEquals("their edit, made at the same time", ours.read("doc.txt"));
        assertEquals("our edit", ours.read(copy));
        convergesWithNothingMoreToDo();
    }

    @Test
    void anotherDevicesBlindCommitRightAfterOursIsFoundByTheCheckAfterOursAndBothStayOnTheServer() throws Exception {
        CountDownLatch theirsAtCommit = new CountDownLatch(1);
        CountDownLatch releaseTheirs = new CountDownLatch(1);
        CountDownLatch theirsCommitted = new CountDownLatch(1);
        AtomicBoolean ourFirst = new AtomicBoolean();
        AtomicBoolean theirFirst = new AtomicBoolean();
        devices((method, args, after) -> {
            // our commit has landed: now theirs (its check ran before ours) lands before our check after the commit
            if (method.equals("commit") && after && ourFirst.compareAndSet(true, false)) {
                releaseTheirs.countDown();
                await(theirsCommitted);
            }
        }, (method, args, after) -> {
            if (method.equals("commit") && theirFirst.get()) {
                if (!after) {
                    theirsAtCommit.countDown(); // its check before the commit saw the base version
                    await(releaseTheirs);
                } else {
                    theirFirst.set(false);
                    theirsCommitted.countDown();
                }
            }
        });
        ourFirst.set(true); // armed for the updates, after the setup's runs
        theirFirst.set(true);
        // its own thread, not the common pool: the scan of our run forks there
        ExecutorService other = Executors.newSingleThreadExecutor();
        SyncReport r;
        SyncReport t;
        try {
            Future<SyncReport> theirRun = other.submit(() -> theirs.sync());
            await(theirsAtCommit);

            r = ours.sync();
            t = theirRun.get(WAIT_SECONDS, TimeUnit.SECONDS);
        } finally {
            other.shutdownNow();
        }

        assertEquals(SyncStatus.OK, r.status(), () -> r.message() + " " + r.errors());
        assertEquals(SyncStatus.OK, t.status(), () -> t.message() + " " + t.errors());
        assertEquals(0, t.conflicts(), "the other device saw only its own content after its commit");
        assertEquals(1, r.conflicts(), "our check after the commit found theirs");
        Map<String, String> remote = ours.remoteTree();
        String copy = onlyConflictCopy(remote);
        assertEquals(hash("their edit, made at the same time"), remote.get("doc.txt"));
        assertEquals(hash("our edit"), remote.get(copy), "our overwritten commit is back on the server as a copy");
        assertEquals("their edit, made at the same time", ours.read("doc.txt"));
        assertEquals("our edit", ours.read(copy));
        convergesWithNothingMoreToDo();
    }

    /**
     * The window that remains (docs/architecture.md): the other device checked before our commit and commits only
     * after our check after it. Neither device can see the other; the server keeps the later commit, and our version
     * is kept where it was before this change: our version store, when our next run downloads theirs.
     */
    @Test
    void anotherCommitSpanningBothOurChecksIsNotSeenAndOurVersionStaysInOurVersionStore() throws Exception {
        CountDownLatch theirsAtCommit = new CountDownLatch(1);
        CountDownLatch releaseTheirs = new CountDownLatch(1);
        CountDownLatch theirsCommitted = new CountDownLatch(1);
        AtomicInteger ourFilesAfterCommit = new AtomicInteger(-1);
        AtomicBoolean theirFirst = new AtomicBoolean();
        devices((method, args, after) -> {
            if (method.equals("commit") && after && ourFilesAfterCommit.compareAndSet(-1, 0)) {
                return;
            }
            // our check after the commit has answered: only now does theirs land
            if (method.equals("files") && after && ourFilesAfterCommit.compareAndSet(0, 1)) {
                releaseTheirs.countDown();
                await(theirsCommitted);
            }
        }, (method, args, after) -> {
            if (method.equals("commit") && theirFirst.get()) {
                if (!after) {
                    theirsAtCommit.countDown();
                    await(releaseTheirs);
                } else {
                    theirFirst.set(false);
                    theirsCommitted.countDown();
                }
            }
        });
        theirFirst.set(true);
        ExecutorService other = Executors.newSingleThreadExecutor();
        SyncReport r;
        try {
            Future<SyncReport> theirRun = other.submit(() -> theirs.sync());
            await(theirsAtCommit);
            r = ours.sync();
            assertEquals(SyncStatus.OK, theirRun.get(WAIT_SECONDS, TimeUnit.SECONDS).status());
        } finally {
            other.shutdownNow();
        }

        assertEquals(0, r.conflicts(), "neither check could see the other commit");
        assertEquals(Map.of("doc.txt", hash("their edit, made at the same time")), ours.remoteTree());
        SyncReport next = ours.syncOk();
        assertEquals(1, next.downloaded());
        assertEquals("their edit, made at the same time", ours.read("doc.txt"));
        assertTrue(ours.store.versions().listVersions(ours.pair.id(), "doc.txt").stream()
                .anyMatch(v -> v.fileHash().equals(hash("our edit"))), "our version is in our version store");
    }

    @Test
    void aSingleDeviceUpdateCostsOneCheckBeforeAndOneAfterItsCommitAndMakesNoConflictCopy() throws Exception {
        AtomicInteger batchReads = new AtomicInteger();
        server = SyncHarness.newServer();
        ours = new SyncHarness(server, Files.createDirectories(tmp.resolve("ours")), false, Clock.systemUTC(),
                b -> b, api -> ApiSeam.wrap(api, (method, args, after) -> {
                    if (method.equals("files") && !after) {
                        batchReads.incrementAndGet();
                    }
                }));
        ours.write("doc.txt", "base version");
        ours.syncOk();
        ours.write("doc.txt", "our edit");
        batchReads.set(0);
        server.resetStats();

        SyncReport r = ours.syncOk();

        assertEquals(1, r.uploaded());
        assertEquals(0, r.conflicts());
        assertEquals(2, batchReads.get(), "the check before and the check after the commit");
        Map<String, EndpointStats> stats = server.stats();
        assertEquals(2, requests(stats, "POST /api/batch/files/get"), stats::toString);
        assertEquals(1, requests(stats, "PUT /api/files/delta/chunks"), stats::toString);
        assertEquals(1, requests(stats, "POST /api/files/delta/commit"), stats::toString);
        assertEquals(0, requests(stats, "POST /api/files/delta/negotiate"), stats::toString);
        assertEquals(0, requests(stats, "GET /api/files/{id}/manifest"), "the checks spend no delta budget");
        assertEquals(0, requests(stats, "POST /api/files/upload"), "no conflict copy was uploaded");
        assertEquals(Map.of("doc.txt", hash("our edit")), ours.remoteTree());
        ours.assertInSync();
    }

    /** Both devices sync until neither has anything to do: same tree everywhere, the copy on both, no new copies. */
    private void convergesWithNothingMoreToDo() {
        theirs.syncOk();
        ours.syncOk();
        SyncReport a = ours.syncOk();
        SyncReport b = theirs.syncOk();
        for (SyncReport x : List.of(a, b)) {
            assertEquals(0, x.uploaded() + x.downloaded() + x.conflicts() + x.deletedLocal() + x.deletedRemote(),
                    x::toString);
        }
        ours.assertInSync();
        theirs.assertInSync();
        assertEquals(ours.remoteTree(), theirs.localTree());
        assertEquals(2, ours.remoteTree().size(), () -> "the file and one conflict copy: " + ours.remoteTree());
    }

    private static String onlyConflictCopy(Map<String, String> tree) {
        List<String> copies = tree.keySet().stream().filter(k -> k.contains("(conflicted copy "))
                .collect(Collectors.toList());
        assertEquals(1, copies.size(), tree::toString);
        return copies.get(0);
    }

    private static long requests(Map<String, EndpointStats> stats, String key) {
        EndpointStats s = stats.get(key);
        return s == null ? 0 : s.requests();
    }

    private static String hash(String text) {
        return Blake3.hashHex(text.getBytes(StandardCharsets.UTF_8));
    }

    private static void await(CountDownLatch latch) throws InterruptedException {
        if (!latch.await(WAIT_SECONDS, TimeUnit.SECONDS)) {
            throw new AssertionError("the other device never reached the expected point");
        }
    }

}
