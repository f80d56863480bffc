package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.scan.LocalHint;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;

/**
 * The server's listings are live while its tree ETags move only at the next delayed flush, so a run can meet a file
 * that another device has just moved twice: in the fresh listing of the folder it went to (whose ETag an earlier
 * flush had moved) and in the cached listing of the folder it left (whose ETag has not moved yet). Found by the
 * many-clients runner (seed 2): the run downloaded the file again at its new place and dropped the journal row of
 * the old place, leaving the old copy unrecorded; a daemon never looked at it again, a full run uploaded it as a
 * duplicate. Here the emulator flushes only when told, which makes the window exact.
 */
class ListedTwiceEngineTest {
    @TempDir
    Path tmp;
    private OxiCloudEmulator server;
    private SyncHarness h;

    private SyncHarness start() {
        server = OxiCloudEmulator.start(EmulatorConfig.builder().user(SyncHarness.USER, SyncHarness.PASSWORD)
                .treeEtagFlushDelay(Duration.ofHours(1)).build());
        h = new SyncHarness(server, tmp, true, Clock.systemUTC());
        return h;
    }

    @AfterEach
    void close() {
        if (h != null) {
            h.close();
        }
    }

    /** Synced s/d/f.txt; then another device adds a root file (flushed) and moves f.txt to the root (not flushed). */
    private void moveSeenInTwoListings() {
        h.remote().mkdirs("/s/d");
        h.remote().putFile("/s/d/f.txt", "the content".getBytes());
        h.syncOk();
        assertTrue(Files.exists(h.local.resolve("s/d/f.txt")));

        h.remote().putFile("/other.txt", "another device's file".getBytes());
        server.flushTreeEtags(); // the root's ETag moves: the next run lists the root again
        h.remote().move("/s/d/f.txt", "/f.txt"); // s and s/d keep their ETags until the next flush
    }

    @Test
    void aFileListedInTwoFoldersAtOnceIsLeftAsItWasAndMovedOnceTheListingsAgree() throws Exception {
        start();
        moveSeenInTwoListings();

        SyncReport seenTwice = h.syncUnflushed();
        assertEquals(SyncStatus.OK, seenTwice.status(), () -> seenTwice.message() + " " + seenTwice.errors());
        assertEquals(1, seenTwice.downloaded(), "only other.txt comes down");
        assertTrue(Files.exists(h.local.resolve("other.txt")));
        assertFalse(Files.exists(h.local.resolve("f.txt")), "not downloaded again at its new place");
        assertTrue(Files.exists(h.local.resolve("s/d/f.txt")), "left where the journal has it");
        assertTrue(h.store.journal().get(h.pair.id(), "s/d/f.txt").isPresent(), "its journal row is kept");

        server.flushTreeEtags();
        SyncReport settled = h.syncOk();
        assertEquals(0, settled.downloaded(), "the next run sees one place: a move, nothing to download");
        assertEquals(0, settled.uploaded());
        assertEquals("the content", Files.readString(h.local.resolve("f.txt")));
        assertFalse(Files.exists(h.local.resolve("s/d/f.txt")));
        assertEquals(List.of(), h.remote().list("/s/d"), "no copy was uploaded back to the old place");
        assertEquals(0, h.syncOk().uploaded(), "and nothing is left to do");
    }

    @Test
    void anIncrementalRunThatMeetsAFileInTwoListingsLeavesNoLocalCopyUnrecorded() throws Exception {
        start();
        moveSeenInTwoListings();

        h.options(SyncOptions.defaults("testhost").withLocalHint(LocalHint.of(java.util.Set.of())));
        assertEquals(SyncStatus.OK, h.syncUnflushed().status());
        server.flushTreeEtags();
        SyncReport settled = h.syncOk(); // still incremental, as a daemon's runs are
        assertEquals(0, settled.uploaded());
        assertEquals("the content", Files.readString(h.local.resolve("f.txt")));
        assertFalse(Files.exists(h.local.resolve("s/d/f.txt")), "the old copy is moved, not left behind unrecorded");
        assertEquals(List.of(), h.remote().list("/s/d"));
    }
}
