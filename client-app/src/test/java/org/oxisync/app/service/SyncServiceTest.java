package org.oxisync.app.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.app.service.ServiceHarness.PAIR;
import static org.oxisync.app.service.ServiceHarness.ms;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;
import org.oxisync.app.testing.Await;
import org.oxisync.app.state.PairState;
import org.oxisync.app.state.PairStatus;

/** The continuous sync against the emulator, with a hand-moved clock and real watcher, runs and bus. */
class SyncServiceTest {
    @TempDir
    Path tmp;
    ServiceHarness h;

    @AfterEach
    void tearDown() {
        if (h != null) {
            h.close();
        }
    }

    @Test
    void localSaveReachesTheServerWhenTheQuietPeriodEndsAndNotBefore() throws Exception {
        h = new ServiceHarness(tmp);
        ServiceHarness.CountingWatch watch = new ServiceHarness.CountingWatch();
        h.start(watch, false);
        long runsBefore = h.runs();

        h.write("notes.txt", "hello");
        Await.until("the watcher to report the write", 10, () -> watch.events.get() > 0);
        // A write is several watcher events (create, modify); each restarts the quiet period from the test clock's
        // now. Under load the last of them came after the clock had moved 900 ms, and the run fell due at 1,900 ms:
        // the clock is moved only once the watcher has been quiet for a while (in real time).
        awaitWatcherQuiet(watch);
        h.scheduler.advance(ms(900));
        h.scheduler.awaitLaneIdle(10);
        assertFalse(h.remote().exists("/notes.txt"), "no run before the quiet period is over");

        h.scheduler.advance(ms(100));
        h.scheduler.awaitLaneIdle(30);
        assertTrue(h.remote().exists("/notes.txt"));
        assertEquals("hello", new String(h.remote().read("/notes.txt"), StandardCharsets.UTF_8));
        assertEquals(runsBefore + 1, h.runs());
        assertEquals(PairState.IDLE, h.service.status().get(PAIR).state());
    }

    @Test
    void aRunThatLeftAnItemFailedIsRetriedOnItsOwnWithoutAnyNewEvent() throws Exception {
        h = new ServiceHarness(tmp);
        ServiceHarness.HandWatch watch = new ServiceHarness.HandWatch();
        h.start(watch, false);
        h.server.faults().failNext(100, "POST", "/api/files/upload", 500);
        h.write("new.txt", "made while the server fails uploads");
        watch.sink.changed(h.local.resolve("new.txt"), false);
        h.scheduler.advance(Duration.ofSeconds(2));
        h.scheduler.awaitLaneIdle(60);
        assertFalse(h.remote().exists("/new.txt"));
        assertEquals(org.oxisync.core.engine.SyncStatus.PARTIAL, h.service.status().get(PAIR).lastReport().status());
        h.server.faults().clear(); // the server recovers; nothing else happens on either side

        h.scheduler.advance(Duration.ofSeconds(8));
        h.scheduler.awaitLaneIdle(30);
        assertFalse(h.remote().exists("/new.txt"), "not before the first retry (10 s)");
        h.scheduler.advance(Duration.ofSeconds(2));
        h.scheduler.awaitLaneIdle(60);
        assertTrue(h.remote().exists("/new.txt"), "the retry run uploads it");
        assertEquals(org.oxisync.core.engine.SyncStatus.OK, h.service.status().get(PAIR).lastReport().status());
    }

    @Test
    void remoteChangeArrivesWithinOnePollInterval() throws Exception {
        h = new ServiceHarness(tmp);
        h.start(new ServiceHarness.HandWatch(), false);
        h.remote().putFile("/from-web.txt", "remote".getBytes(StandardCharsets.UTF_8));

        h.scheduler.advance(Duration.ofSeconds(29));
        h.scheduler.awaitLaneIdle(10);
        assertFalse(Files.exists(h.local.resolve("from-web.txt")), "not before the poll");
        h.scheduler.advance(Duration.ofSeconds(1));
        h.scheduler.awaitLaneIdle(30);
        assertEquals("remote", Files.readString(h.local.resolve("from-web.txt")));
    }

    @Test
    void rightAfterARunThatChangedSomethingARemoteChangeArrivesWithinAFifthOfThePollInterval() throws Exception {
        h = new ServiceHarness(tmp);
        h.start(new ServiceHarness.HandWatch(), false);
        h.remote().putFile("/first.txt", "one".getBytes(StandardCharsets.UTF_8));
        h.scheduler.advance(Duration.ofSeconds(30)); // the idle poll: this run downloads, so the pair gets busy
        h.scheduler.awaitLaneIdle(30);
        assertTrue(Files.exists(h.local.resolve("first.txt")));

        h.remote().putFile("/second.txt", "two".getBytes(StandardCharsets.UTF_8));
        h.scheduler.advance(Duration.ofSeconds(5));
        h.scheduler.awaitLaneIdle(10);
        assertFalse(Files.exists(h.local.resolve("second.txt")), "not before the busy poll");
        h.scheduler.advance(Duration.ofSeconds(1));
        h.scheduler.awaitLaneIdle(30);
        assertEquals("two", Files.readString(h.local.resolve("second.txt")), "6 s: a fifth of the 30 s interval");

        // a minute later, with nothing changed meanwhile, the pair is back at the configured interval
        for (int i = 0; i < 12; i++) {
            h.scheduler.advance(Duration.ofSeconds(6));
            h.scheduler.awaitLaneIdle(30);
        }
        h.remote().putFile("/third.txt", "three".getBytes(StandardCharsets.UTF_8));
        h.scheduler.advance(Duration.ofSeconds(12));
        h.scheduler.awaitLaneIdle(10);
        assertFalse(Files.exists(h.local.resolve("third.txt")), "idle again: no poll within 12 s");
        h.scheduler.advance(Duration.ofSeconds(18));
        h.scheduler.awaitLaneIdle(30);
        assertEquals("three", Files.readString(h.local.resolve("third.txt")));
    }

    @Test
    void remoteChangeArrivesAtOnceThroughTheBus() throws Exception {
        h = new ServiceHarness(tmp);
        h.remote().mkdirs("/sub");
        h.server.startMessageBus();
        SyncService s = h.start(new ServiceHarness.HandWatch(), true);
        Await.until("the bus to connect and subscribe", 10, () -> s.busConnected() && s.busSettled());

        h.remote().putFile("/sub/live.txt", "pushed".getBytes(StandardCharsets.UTF_8));
        // no clock movement at all: the bus event alone starts the run
        Await.until("the file to arrive", 20, () -> Files.exists(h.local.resolve("sub/live.txt")));
        h.scheduler.awaitLaneIdle(30);
        assertEquals("pushed", Files.readString(h.local.resolve("sub/live.txt")));
        // while the bus is up, polling is only the 5-minute safety net
        h.scheduler.advance(Duration.ZERO);
        h.scheduler.awaitLaneIdle(30);
        assertEquals(0, h.scheduler.timersDueWithin(Duration.ofSeconds(31)));
    }

    @Test
    void busReconnectsAfterTheServerDropsIt() throws Exception {
        h = new ServiceHarness(tmp);
        h.server.startMessageBus();
        SyncService s = h.start(new ServiceHarness.HandWatch(), true);
        Await.until("the bus to connect", 10, s::busConnected);
        h.server.messageBus().disconnectAll();
        Await.until("the client to notice", 10, () -> !s.busConnected());
        // the reconnect waits 1 s of (test) time
        for (int i = 0; i < 50 && !s.busConnected(); i++) {
            h.scheduler.advance(Duration.ofSeconds(1));
            Thread.sleep(20);
        }
        Await.until("the bus to reconnect", 10, s::busConnected);
        h.scheduler.awaitLaneIdle(30);
        Await.until("the subscriptions", 10, s::busSettled);
        h.remote().putFile("/after.txt", "x".getBytes(StandardCharsets.UTF_8));
        Await.until("the file to arrive", 20, () -> Files.exists(h.local.resolve("after.txt")));
    }

    @Test
    void burstOfAThousandWritesCausesAtMostThreeRuns() throws Exception {
        h = new ServiceHarness(tmp);
        ServiceHarness.CountingWatch watch = new ServiceHarness.CountingWatch();
        h.start(watch, false);
        long runsBefore = h.runs();
        // 1,000 files over 18 s of test time, in batches 900 ms apart: never quiet for 1 s, so only the 10 s
        // maximum delay and the final quiet period start runs
        for (int batch = 0; batch < 20; batch++) {
            for (int i = 0; i < 50; i++) {
                h.write("burst/b" + batch + "/f" + i + ".txt", "content " + batch + "/" + i);
            }
            int expected = (batch + 1) * 50;
            Await.until("the watcher to report batch " + batch, 20, () -> watch.events.get() >= expected);
            h.scheduler.advance(ms(900));
        }
        h.scheduler.awaitLaneIdle(120);
        for (int i = 0; i < 30 && countRemote(h) < 1000; i++) {
            h.scheduler.advance(Duration.ofSeconds(1));
            h.scheduler.awaitLaneIdle(120);
        }
        assertEquals(1000, countRemote(h));
        // past the next remote poll too (it sees the tree ETag our uploads changed: one cheap run at most)
        h.scheduler.advance(Duration.ofSeconds(31));
        h.scheduler.awaitLaneIdle(30);
        long runs = h.runs() - runsBefore;
        assertTrue(runs >= 1 && runs <= 3, "runs: " + runs);
    }

    private static int countRemote(ServiceHarness h) {
        if (!h.remote().exists("/burst")) {
            return 0;
        }
        int n = 0;
        for (String b : h.remote().list("/burst")) {
            n += h.remote().list("/burst/" + b).size();
        }
        return n;
    }

    @Test
    void downloadsOfTheEngineDoNotStartAnotherRun() throws Exception {
        h = new ServiceHarness(tmp);
        ServiceHarness.CountingWatch watch = new ServiceHarness.CountingWatch();
        h.start(watch, false);
        for (int i = 0; i < 20; i++) {
            h.remote().putFile("/in/f" + i + ".txt", ("remote " + i).getBytes(StandardCharsets.UTF_8));
        }
        h.server.flushTreeEtags(); // the server's 500 ms ETag flush of the changes above
        h.service.syncNow(PAIR);
        h.scheduler.awaitLaneIdle(30);
        long runs = h.runs();
        Await.until("the watcher to see the downloads", 10, () -> watch.events.get() >= 20);
        Thread.sleep(200); // let the last OS events arrive
        h.scheduler.advance(Duration.ofSeconds(11));
        h.scheduler.awaitLaneIdle(30);
        assertEquals(runs, h.runs(), "the engine's own downloads must not start a run");
    }

    @Test
    void pauseStopsTheRunBetweenItemsAndResumeContinuesIt() throws Exception {
        h = new ServiceHarness(tmp);
        h.start(new ServiceHarness.HandWatch(), false);
        for (int i = 0; i < 40; i++) {
            h.remote().putFile("/many/f" + i + ".txt", ("remote " + i).getBytes(StandardCharsets.UTF_8));
        }
        int reportsBefore = h.events.reports.size();
        h.events.onItem = () -> h.service.pause(PAIR);
        h.server.flushTreeEtags(); // the server's 500 ms ETag flush of the changes above
        h.service.syncNow(PAIR);
        Await.until("the run to stop", 20, () -> h.events.reports.size() > reportsBefore);
        h.scheduler.awaitLaneIdle(20);
        SyncReport stopped = h.events.reports.get(h.events.reports.size() - 1);
        assertEquals(SyncStatus.STOPPED, stopped.status(), stopped.message());
        int done = h.events.completed.get();
        assertTrue(done > 0 && done < 40, "work stopped between items, not at the end: " + done);
        PairStatus st = h.service.status().get(PAIR);
        assertEquals(PairState.PAUSED, st.state(), "a run stopped by a pause is shown as paused, not as an error");
        assertEquals("paused", st.detail());
        assertTrue(h.events.errors.isEmpty(), "stopping on request is no error: " + h.events.errors);
        assertFalse(h.events.states.stream().anyMatch(s -> s.startsWith("ERROR")), h.events.states.toString());

        h.scheduler.advance(Duration.ofMinutes(2)); // polls and debounces fire: a paused pair starts no run
        h.scheduler.awaitLaneIdle(10);
        assertEquals(done, h.events.completed.get(), "nothing more while paused");
        assertEquals(reportsBefore + 1, h.events.reports.size(), "no run while paused");

        h.events.onItem = () -> {};
        h.service.resume(PAIR); // schedules the rest at once: no trigger needed
        h.scheduler.awaitLaneIdle(60);
        assertEquals(40, Files.list(h.local.resolve("many")).count());
        assertEquals(SyncStatus.OK, h.events.reports.get(h.events.reports.size() - 1).status());
        assertEquals(40 - stopped.downloaded(), h.events.reports.get(h.events.reports.size() - 1).downloaded(),
                "the resumed run continues where the stopped one ended");
        assertEquals(PairState.IDLE, h.service.status().get(PAIR).state());
    }

    @Test
    void globalPauseStopsTheRunningRunAndResumeContinuesIt() throws Exception {
        h = new ServiceHarness(tmp);
        h.start(new ServiceHarness.HandWatch(), false);
        for (int i = 0; i < 30; i++) {
            h.remote().putFile("/all/f" + i + ".txt", ("remote " + i).getBytes(StandardCharsets.UTF_8));
        }
        int reportsBefore = h.events.reports.size();
        h.events.onItem = () -> h.service.pause(null);
        h.server.flushTreeEtags(); // the server's 500 ms ETag flush of the changes above
        h.service.syncNow(PAIR);
        Await.until("the run to stop", 20, () -> h.events.reports.size() > reportsBefore);
        h.scheduler.awaitLaneIdle(20);
        assertEquals(SyncStatus.STOPPED, h.events.reports.get(h.events.reports.size() - 1).status());
        assertEquals(PairState.PAUSED, h.service.status().get(PAIR).state());
        assertTrue(Files.list(h.local.resolve("all")).count() < 30);

        h.events.onItem = () -> {};
        h.service.resume(null);
        h.scheduler.awaitLaneIdle(60);
        assertEquals(30, Files.list(h.local.resolve("all")).count());
        assertEquals(PairState.IDLE, h.service.status().get(PAIR).state());
    }

    @Test
    void closeReturnsAsSoonAsTheRunHasStoppedAtASafePoint() throws Exception {
        h = new ServiceHarness(tmp);
        java.util.concurrent.CountDownLatch stopping = new java.util.concurrent.CountDownLatch(1);
        // close() sets the stop flag, then closes the watcher: that is the moment the held items may go on
        LocalWatch watch = (root, sink) -> stopping::countDown;
        h.start(watch, false);
        for (int i = 0; i < 40; i++) {
            h.remote().putFile("/slow/f" + i + ".txt", ("remote " + i).getBytes(StandardCharsets.UTF_8));
        }
        java.util.concurrent.CountDownLatch firstItem = new java.util.concurrent.CountDownLatch(1);
        h.events.onItem = () -> {
            firstItem.countDown();
            try { // every finished item waits until the service is closing: no item can start meanwhile
                stopping.await(20, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        int reportsBefore = h.events.reports.size();
        h.server.flushTreeEtags(); // the server's 500 ms ETag flush of the changes above
        h.service.syncNow(PAIR);
        assertTrue(firstItem.await(30, java.util.concurrent.TimeUnit.SECONDS));
        long t0 = System.nanoTime();
        h.service.close();
        double seconds = (System.nanoTime() - t0) / 1e9;
        assertEquals(reportsBefore + 1, h.events.reports.size(), "close() returned after the run had ended");
        SyncReport last = h.events.reports.get(h.events.reports.size() - 1);
        assertEquals(SyncStatus.STOPPED, last.status(), last.message());
        assertTrue(last.downloaded() < 40, "the run stopped before its end: " + last.downloaded());
        // the old service waited for 3 s of silence; a stop at the next item boundary takes a fraction of that
        assertTrue(seconds < 2.5, "close() took " + seconds + " s");
    }

    @Test
    void progressHeldBackByTheTenPerSecondLimitIsSentWhenTheIntervalEnds() throws Exception {
        h = new ServiceHarness(tmp);
        h.start(new ServiceHarness.HandWatch(), false);
        h.scheduler.awaitLaneIdle(30);
        for (int i = 0; i < 3; i++) {
            h.remote().putFile("/held" + i + ".txt", ("remote " + i).getBytes(StandardCharsets.UTF_8));
        }
        java.util.concurrent.CountDownLatch firstItem = new java.util.concurrent.CountDownLatch(1);
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        h.events.onItem = () -> {
            firstItem.countDown();
            try {
                release.await(20, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        };
        h.scheduler.advance(Duration.ofSeconds(1)); // the first run's last progress is long past
        h.events.progress.clear();
        h.server.flushTreeEtags(); // the server's 500 ms ETag flush of the changes above
        h.service.syncNow(PAIR);
        assertTrue(firstItem.await(30, java.util.concurrent.TimeUnit.SECONDS));
        // the test clock stands still: every update after the first falls inside the 100 ms interval
        assertEquals(0, h.events.progress.get(h.events.progress.size() - 1).itemsDone(),
                "the completion of the first item is held back");
        h.scheduler.advance(Duration.ofMillis(100));
        // other workers may have finished more items meanwhile; at least the held-back completion is now sent
        assertTrue(h.events.progress.get(h.events.progress.size() - 1).itemsDone() >= 1,
                "and sent when the interval ends");
        h.events.onItem = () -> {};
        release.countDown();
        h.scheduler.awaitLaneIdle(30);
    }

    @Test
    void pausedPairDoesNotRunOnLocalChangesUntilResumed() throws Exception {
        h = new ServiceHarness(tmp);
        ServiceHarness.HandWatch watch = new ServiceHarness.HandWatch();
        h.start(watch, false);
        h.service.pause(null);
        h.write("while-paused.txt", "x");
        watch.sink.changed(h.local.resolve("while-paused.txt"), false);
        h.scheduler.advance(Duration.ofSeconds(2));
        h.scheduler.awaitLaneIdle(10);
        assertFalse(h.remote().exists("/while-paused.txt"));
        assertEquals(PairState.PAUSED, h.service.status().get(PAIR).state());
        h.service.resume(null);
        h.scheduler.awaitLaneIdle(30);
        assertTrue(h.remote().exists("/while-paused.txt"));
    }

    @Test
    void watcherOverflowFallsBackToAScan() throws Exception {
        h = new ServiceHarness(tmp);
        ServiceHarness.HandWatch watch = new ServiceHarness.HandWatch();
        h.start(watch, false);
        h.write("unseen.txt", "the watcher missed this");
        h.scheduler.advance(Duration.ofSeconds(11));
        h.scheduler.awaitLaneIdle(10);
        assertFalse(h.remote().exists("/unseen.txt"), "no event, no run");

        watch.sink.overflow("test overflow");
        h.scheduler.advance(Duration.ofSeconds(1));
        h.scheduler.awaitLaneIdle(30);
        assertTrue(h.remote().exists("/unseen.txt"));
    }

    @Test
    void localEventsStartIncrementalRunsWhileOverflowAndSyncNowScanEverything() throws Exception {
        h = new ServiceHarness(tmp);
        h.write("a/keep.txt", "a");
        h.write("b/keep.txt", "b");
        ServiceHarness.HandWatch watch = new ServiceHarness.HandWatch();
        h.start(watch, false); // the first run after start scans everything
        assertTrue(h.remote().exists("/a/keep.txt") && h.remote().exists("/b/keep.txt"));

        h.write("a/seen.txt", "reported");
        h.write("b/unseen.txt", "not reported");
        watch.sink.changed(h.local.resolve("a/seen.txt"), false);
        h.scheduler.advance(Duration.ofSeconds(1));
        h.scheduler.awaitLaneIdle(30);
        assertTrue(h.remote().exists("/a/seen.txt"));
        assertFalse(h.remote().exists("/b/unseen.txt"), "a run after a local event reads only the dirty folders");

        watch.sink.overflow("test overflow");
        h.scheduler.advance(Duration.ofSeconds(1));
        h.scheduler.awaitLaneIdle(30);
        assertTrue(h.remote().exists("/b/unseen.txt"), "an overflow falls back to a full scan");

        h.write("b/unseen-2.txt", "not reported either");
        h.server.flushTreeEtags(); // the server's 500 ms ETag flush of the changes above
        h.service.syncNow(PAIR);
        h.scheduler.awaitLaneIdle(30);
        assertTrue(h.remote().exists("/b/unseen-2.txt"), "sync now from the user scans everything");
    }

    @Test
    void ownTempFilesAndIgnoredNamesDoNotStartRuns() throws Exception {
        h = new ServiceHarness(tmp);
        ServiceHarness.HandWatch watch = new ServiceHarness.HandWatch();
        h.start(watch, false);
        long runs = h.runs();
        watch.sink.changed(h.local.resolve(org.oxisync.core.naming.TempNames.tempFor("a.txt", 0x1234)), false);
        watch.sink.changed(h.local.resolve(".oxisync-restore-99-big.bin.tmp"), false);
        assertEquals(0, h.scheduler.timersDueWithin(Duration.ofSeconds(2)));
        h.scheduler.advance(Duration.ofSeconds(11));
        h.scheduler.awaitLaneIdle(10);
        assertEquals(runs, h.runs());
    }

    @Test
    void readonlyServerMakesThePairOfflineUntilItReturns() throws Exception {
        h = new ServiceHarness(tmp);
        h.start(new ServiceHarness.HandWatch(), false);
        h.server.setReadonly(true);
        h.scheduler.advance(Duration.ofSeconds(30));
        h.scheduler.awaitLaneIdle(10);
        assertEquals(PairState.OFFLINE, h.service.status().get(PAIR).state());
        assertTrue(h.service.status().get(PAIR).detail().contains("read-only"));

        h.server.setReadonly(false);
        h.remote().putFile("/back.txt", "x".getBytes(StandardCharsets.UTF_8));
        h.scheduler.advance(Duration.ofSeconds(5));
        h.scheduler.awaitLaneIdle(30);
        assertEquals(PairState.IDLE, h.service.status().get(PAIR).state());
        assertTrue(Files.exists(h.local.resolve("back.txt")));
    }

    @Test
    void unreachableServerBacksOffAndRecovers() throws Exception {
        h = new ServiceHarness(tmp);
        h.start(new ServiceHarness.HandWatch(), false);
        h.server.faults().failNext(100, "GET", "/api/folders/.*", 503);
        h.server.flushTreeEtags(); // the server's 500 ms ETag flush of the changes above
        h.service.syncNow(PAIR);
        h.scheduler.awaitLaneIdle(60);
        assertEquals(PairState.OFFLINE, h.service.status().get(PAIR).state());
        h.server.faults().clear();
        h.scheduler.advance(Duration.ofSeconds(10));
        h.scheduler.awaitLaneIdle(30);
        assertEquals(PairState.IDLE, h.service.status().get(PAIR).state());
    }

    @Test
    void pairsAddedLaterAreStartedAndRemovedOnesStopped() throws Exception {
        h = new ServiceHarness(tmp);
        h.start(new ServiceHarness.HandWatch(), false);
        Path other = Files.createDirectories(tmp.resolve("other"));
        Files.writeString(other.resolve("o.txt"), "o");
        String folder = h.remote().mkdirs("/other");
        h.ctx.store().accounts().savePair(org.oxisync.store.account.FolderPair.create("other", other.toString(),
                folder, "/other"));
        h.service.pairsChanged();
        h.scheduler.awaitLaneIdle(30);
        assertTrue(h.service.status().containsKey("other"));
        assertTrue(h.remote().exists("/other/o.txt"));
        h.ctx.store().accounts().removePair(h.ctx.store().accounts().pairByName("other").orElseThrow().id());
        h.service.pairsChanged();
        assertFalse(h.service.status().containsKey("other"));
    }

    /** Waits until the watcher has reported nothing new for 300 ms of real time (10 s at most). */
    private static void awaitWatcherQuiet(ServiceHarness.CountingWatch watch) throws InterruptedException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(10);
        int seen = watch.events.get();
        long quietSince = System.nanoTime();
        while (System.nanoTime() - quietSince < java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(300)
                && System.nanoTime() < deadline) {
            Thread.sleep(20);
            int now = watch.events.get();
            if (now != seen) {
                seen = now;
                quietSince = System.nanoTime();
            }
        }
    }
}
