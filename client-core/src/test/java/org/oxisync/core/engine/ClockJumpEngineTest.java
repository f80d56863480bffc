package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.testing.ManualClock;
import org.oxisync.core.transfer.TransferOptions;
import org.oxisync.store.StoreOptions;
import org.oxisync.store.hash.Blake3;
import org.oxisync.store.hash.FileChunker;
import org.oxisync.store.versions.VersionInfo;

/**
 * The engine's wall clock (the injected {@link Clock} of the engine and the store) jumps backwards between and during
 * runs (docs/local-faults.md, "The clock jumps backwards"). The files' mtimes come from the real file system, so after
 * a jump they lie "in the future", and the journal's times are later than now. No change may be missed, no version
 * pruned early, no time reported negative. (The API client keeps the real clock: its token expiry follows the server.)
 */
class ClockJumpEngineTest {
    @TempDir Path tmp;
    private final ManualClock clock = new ManualClock(Instant.now().truncatedTo(ChronoUnit.MILLIS));
    private SyncHarness h;

    @BeforeEach
    void start() {
        h = new SyncHarness(SyncHarness.newServer(), tmp, true, clock, b -> b.clock(Clock.systemUTC()),
                StoreOptions.DEFAULT, FileChunker::digest);
    }

    @AfterEach
    void stop() {
        h.close();
    }

    private void setMtime(String rel, Instant t) throws Exception {
        Files.setLastModifiedTime(h.local.resolve(rel), FileTime.from(t));
    }

    private Instant mtime(String rel) throws Exception {
        return Files.getLastModifiedTime(h.local.resolve(rel)).toInstant();
    }

    @Test
    void noLocalOrRemoteChangeIsMissedAfterTheClockJumpedBack() throws Exception {
        h.write("a.txt", "aaaa");
        h.write("b.txt", "bbbb");
        h.remote().putFile("/c.txt", "cccc".getBytes());
        h.syncOk();
        h.syncOk(); // nothing to do: this run leaves the quiet seal
        clock.jumpBack(Duration.ofHours(3));

        Instant aBefore = mtime("a.txt");
        h.write("a.txt", "AAAA"); // same size, and its mtime goes back in time: only "different" tells
        setMtime("a.txt", aBefore.minus(Duration.ofHours(2)));
        h.write("d.txt", "new, stamped hours after the engine's now");
        h.remote().putFile("/c.txt", "CCCC".getBytes());
        SyncReport r = h.syncOk();

        assertEquals(2, r.uploaded(), r::toString);
        assertEquals(1, r.downloaded(), r::toString);
        assertEquals("AAAA", new String(h.remote().read("/a.txt")));
        assertEquals("CCCC", h.read("c.txt"));
        assertEquals(List.of(Blake3.hashHex("cccc".getBytes())), h.store.versions().listVersions(h.pair.id(), "c.txt")
                .stream().map(VersionInfo::fileHash).toList(), "the replaced content was versioned at the earlier time");
        h.assertInSync();

        h.syncOk();
        h.syncOk(); // sealed again; the next run may end in the quiet check
        clock.jumpBack(Duration.ofDays(1));
        Instant bBefore = mtime("b.txt");
        h.write("b.txt", "BBBB");
        setMtime("b.txt", bBefore.minus(Duration.ofDays(1)));
        SyncReport quietOrNot = h.syncOk();
        assertEquals(1, quietOrNot.uploaded(), "the quiet check compares, it does not order: an older mtime is a change");
        assertEquals("BBBB", new String(h.remote().read("/b.txt")));
        h.assertInSync();
    }

    @Test
    void aVersionSavedAfterTheClockJumpedBackIsNotPrunedEarlyWhenTheClockIsCorrected() throws Exception {
        h.remote().putFile("/doc.txt", "one".getBytes());
        h.syncOk();
        h.remote().putFile("/doc.txt", "two".getBytes());
        h.syncOk(); // "one" is a version, stamped now
        clock.jumpBack(Duration.ofDays(40));
        h.remote().putFile("/doc.txt", "three".getBytes());
        h.syncOk(); // "two" is a version, stamped 40 days before "one"
        clock.advance(Duration.ofDays(45)); // corrected, and five days pass: "two" is five days old, not 45

        h.syncOk(); // every run applies the retention policy (30 days)

        List<String> kept = h.store.versions().listVersions(h.pair.id(), "doc.txt").stream()
                .map(VersionInfo::fileHash).toList();
        assertTrue(kept.contains(Blake3.hashHex("two".getBytes())), "the version saved after the jump is kept: " + kept);
        assertTrue(kept.contains(Blake3.hashHex("one".getBytes())), "and so is the one saved before it");
    }

    @Test
    void aRunDuringWhichTheClockGoesBackFinishesAndReportsNoNegativeTime() {
        h.write("x.txt", "x");
        h.remote().putFile("/y.txt", "y".getBytes());
        SyncEngine engine = new SyncEngine(h.api, h.store, new LocalScanner(FileChunker::digest, 2),
                TransferOptions.defaults(), clock, new SyncListener() {
                    @Override
                    public void phase(String pair, String phase) {
                        if ("syncing".equals(phase)) {
                            clock.jumpBack(Duration.ofHours(1));
                        }
                    }
                });
        h.server.flushTreeEtags();
        SyncReport r = engine.runOnce(h.pair, SyncOptions.defaults("testhost"));

        assertEquals(SyncStatus.OK, r.status(), r::toString);
        assertFalse(r.elapsed().isNegative(), "elapsed " + r.elapsed());
        assertEquals(1, r.uploaded());
        assertEquals(1, r.downloaded());
        h.assertInSync();
    }
}
