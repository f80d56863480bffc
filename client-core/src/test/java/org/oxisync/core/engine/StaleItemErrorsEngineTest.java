package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.scan.LocalHint;
import org.oxisync.store.status.ItemError;

/** A failing item's record lasts only as long as the item still needs syncing. */
class StaleItemErrorsEngineTest {
    @TempDir Path tmp;
    private SyncHarness h;

    @BeforeEach
    void setUp() {
        h = SyncHarness.start(tmp);
    }

    @AfterEach
    void tearDown() {
        h.close();
    }

    private List<String> failing() {
        return h.store.errors().list(h.pair.id()).stream().map(ItemError::path).toList();
    }

    /** big.bin fails over quota and its failure is stored. */
    private void failOverQuota(String path) {
        h.server.setQuota(SyncHarness.USER, 3000);
        h.write("small.txt", "fits");
        h.syncOk();
        h.write(path, new byte[10_000]);
        h.sync();
        assertEquals(List.of(path), failing());
    }

    @Test
    void aFailingFileDeletedSinceIsClearedByTheNextRun() {
        failOverQuota("big.bin");
        h.delete("big.bin");
        h.syncOk();
        assertEquals(List.of(), failing());
    }

    @Test
    void aFailingFileRenamedSinceIsFailingOnlyUnderItsNewName() throws Exception {
        failOverQuota("big.bin");
        Files.move(h.local.resolve("big.bin"), h.local.resolve("renamed.bin"));
        h.sync();
        assertEquals(List.of("renamed.bin"), failing());
    }

    @Test
    void aRunStartedByTheWatcherClearsAFailureUnderItsPathsAndKeepsTheOthers() {
        failOverQuota("a/big.bin");
        h.write("b/big.bin", new byte[10_000]);
        h.sync();
        assertEquals(List.of("a/big.bin", "b/big.bin"), failing());
        h.delete("a");
        h.delete("b/big.bin");
        // the watcher saw only the folder a go: b/big.bin was not looked at, its record stays
        h.options(SyncOptions.defaults("testhost").withLocalHint(LocalHint.of(List.of("a"))));
        h.sync();
        assertEquals(List.of("b/big.bin"), failing());
    }

    @Test
    void aFailureStillFailingIsKept() {
        failOverQuota("big.bin");
        h.sync();
        ItemError e = h.store.errors().list(h.pair.id()).getFirst();
        assertEquals("big.bin", e.path());
        assertTrue(e.attempts() >= 2, () -> "attempts " + e.attempts());
    }

    @Test
    void aQuietRunClearsARecordWhoseItemNoLongerDiffers() {
        h.write("a.txt", "a");
        h.syncOk();
        h.syncOk(); // plans nothing: seals
        // a record left by a run that kept the seal (the item since gone on both sides)
        h.store.errors().recordFailure(h.pair.id(), "gone.bin", "storage full");
        h.syncOk();
        assertEquals(List.of(), failing());
    }
}
