package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.core.scan.QuietDiff;
import org.oxisync.core.naming.TempNames;
import org.oxisync.core.transfer.TransferOptions;
import org.oxisync.emulator.EndpointStats;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.hash.FileChunker;

/**
 * The quiet check (see {@link QuietSeal}): after a run that found all three sides in agreement, a run that finds the
 * disk and the server's root ETag unchanged ends without planning; every change since, on either side, still leads
 * to a full run that syncs it.
 */
class QuietCheckTest extends HarnessTest {
    private final List<String> phases = new ArrayList<>();
    private SyncEngine engine;

    @BeforeEach
    void engineWithPhaseLog() {
        engine = new SyncEngine(h.api, h.store, new LocalScanner(FileChunker::digest, 2), TransferOptions.defaults(),
                h.clock, new SyncListener() {
                    @Override
                    public void phase(String pair, String phase) {
                        phases.add(phase);
                    }
                });
    }

    private SyncReport run() {
        phases.clear();
        h.server.flushTreeEtags(); // the other device's change is older than the server's 500 ms ETag flush
        SyncReport r = engine.runOnce(h.store.accounts().pair(h.pair.id()).orElseThrow(),
                SyncOptions.defaults("testhost"));
        assertEquals(SyncStatus.OK, r.status(), () -> "run not ok: " + r.message() + " " + r.errors());
        return r;
    }

    private boolean wasQuiet() {
        return !phases.contains("planning");
    }

    private Path seal() {
        return QuietSeal.forPair(h.store.directory(), h.pair.id()).path();
    }

    private static int changes(SyncReport r) {
        return r.uploaded() + r.downloaded() + r.deletedLocal() + r.deletedRemote() + r.moved() + r.conflicts();
    }

    /** Writes files, syncs them up, then runs once more so that an agreeing run leaves its seal. */
    private void sealedTree() {
        h.write("a.txt", "alpha");
        h.write("docs/b.txt", "bravo");
        h.write("docs/deep/c.txt", "charlie");
        run();
        run();
        assertTrue(Files.exists(seal()), "an agreeing full run leaves a seal");
    }

    @Test
    void noChangeRunAfterAnAgreeingRunEndsWithoutPlanningAndCostsOneRequest() {
        sealedTree();
        h.server.resetStats();
        SyncReport r = run();
        assertTrue(wasQuiet(), "phases: " + phases);
        assertEquals(0, changes(r));
        assertEquals("in sync", r.message());
        assertEquals(1, h.server.stats().values().stream().mapToLong(EndpointStats::requests).sum(),
                () -> "requests: " + h.server.stats());
        h.assertInSync();
    }

    @Test
    void runFromTheSealThatChangesSomethingKeepsTheSealWithItsJournalPathsAndTheNextAgreeingRunRenewsIt()
            throws IOException {
        sealedTree();
        byte[] before = Files.readAllBytes(seal());
        h.write("new.txt", "new");
        SyncReport r = run();
        assertFalse(wasQuiet());
        assertEquals(1, r.uploaded());
        assertTrue(java.util.Arrays.equals(before, Files.readAllBytes(seal())), "the seal is kept as it was");
        Path touched = SealTouches.forPair(h.store.directory(), h.pair.id()).path();
        assertTrue(Files.readAllLines(touched).contains("new.txt"), "the journal path it changed is listed");
        run();
        assertFalse(wasQuiet(), "the disk and the server differ from the seal");
        assertFalse(java.util.Arrays.equals(before, Files.readAllBytes(seal())), "renewed: it planned nothing");
        assertFalse(Files.exists(touched), "the renewed seal covers the listed paths");
        run();
        assertTrue(wasQuiet());
    }

    @Test
    void fullRunRemovesTheSealBeforeChangingAnythingAndTheNextAgreeingRunWritesItAgain() throws IOException {
        sealedTree();
        SealTouches touches = SealTouches.forPair(h.store.directory(), h.pair.id());
        Files.writeString(touches.path(), "not a list of paths\n"); // unknown: only a full run can tell
        h.write("new.txt", "new");
        SyncReport r = run();
        assertEquals(1, r.uploaded());
        assertFalse(Files.exists(seal()), "a full run that changed something must not leave a seal");
        assertFalse(Files.exists(touches.path()));
        run();
        assertFalse(wasQuiet());
        assertTrue(Files.exists(seal()));
        run();
        assertTrue(wasQuiet());
    }

    @Test
    void localEditNewFileDeletionAndNewFolderAfterTheSealAreAllSynced() throws IOException {
        sealedTree();
        h.write("a.txt", "ALPHA!");
        h.write("docs/new.txt", "new");
        Files.delete(h.local.resolve("docs/deep/c.txt"));
        Files.createDirectories(h.local.resolve("empty"));
        SyncReport r = run();
        assertFalse(wasQuiet());
        assertEquals(2, r.uploaded());
        assertEquals(1, r.deletedRemote());
        h.assertInSync();
        assertTrue(h.remote().folderId("/empty") != null, "the new empty folder reached the server");
    }

    @Test
    void fileReplacedBySameSizeSameMtimeContentIsStillSeenThroughItsFileKey() throws IOException {
        sealedTree();
        Path a = h.local.resolve("a.txt");
        FileTime mtime = Files.getLastModifiedTime(a);
        Path other = h.local.resolve("other");
        Files.writeString(other, "ALPHA", StandardCharsets.UTF_8); // same size as "alpha"
        Files.setLastModifiedTime(other, mtime);
        Files.move(other, a, StandardCopyOption.REPLACE_EXISTING); // a new inode under the old name
        SyncReport r = run();
        assertFalse(wasQuiet(), "a new file key must end the quiet check");
        assertEquals(1, r.uploaded());
        assertEquals("ALPHA", new String(h.remote().read("/a.txt"), StandardCharsets.UTF_8));
    }

    @Test
    void remoteChangeAfterTheSealIsDownloaded() {
        sealedTree();
        h.remote().putFile("/docs/from-server.txt", "server".getBytes(StandardCharsets.UTF_8));
        SyncReport r = run();
        assertFalse(wasQuiet());
        assertEquals(1, r.downloaded());
        assertEquals("server", h.read("docs/from-server.txt"));
    }

    @Test
    void changeOfAnIgnoredFileLeavesTheRunQuietAndUploadsNothing() {
        sealedTree();
        h.write("docs/scratch.tmp", "ignored by default");
        SyncReport r = run();
        assertTrue(wasQuiet(), "phases: " + phases);
        assertEquals(0, changes(r));
        assertFalse(h.remoteTree().containsKey("docs/scratch.tmp"));
    }

    @Test
    void newIgnorePatternMakesTheNextRunAFullOne() {
        sealedTree();
        FolderPair p = h.store.accounts().pair(h.pair.id()).orElseThrow();
        h.store.accounts().savePair(p.withIgnorePatterns(List.of("*.md")));
        run();
        assertFalse(wasQuiet(), "a seal made under other ignore rules must not be used");
    }

    @Test
    void leftoverTempFileOfTheClientEndsTheQuietCheckAndIsRemoved() throws IOException {
        sealedTree();
        Path temp = h.local.resolve("docs/" + TempNames.tempFor(h.store.ownNamesKey(), "b.txt", 42));
        Files.writeString(temp, "half a download");
        run();
        assertFalse(wasQuiet());
        assertFalse(Files.exists(temp), "the full run removes the client's leftover temp file");
    }

    @Test
    void earlyWalkAnswersOnlyForTheSealFileItReadAndTheCurrentPairSettings() throws IOException {
        sealedTree();
        QuietSeal seal = QuietSeal.forPair(h.store.directory(), h.pair.id());
        FolderPair pair = h.store.accounts().pair(h.pair.id()).orElseThrow();
        LocalScanner scanner = new LocalScanner(FileChunker::digest, 2);
        assertTrue(QuietPrefetch.start(h.store.directory(), scanner, p -> true).early(seal, pair)
                .flatMap(QuietPrefetch.Early::outcome).orElseThrow() instanceof QuietDiff.Same);
        assertTrue(QuietPrefetch.start(h.store.directory(), scanner, p -> false).early(seal, pair).isEmpty(),
                "a pair not wanted is not walked early");
        assertTrue(QuietPrefetch.start(h.store.directory(), scanner, p -> true)
                .early(seal, pair.withIgnorePatterns(List.of("*.md"))).isEmpty(), "settings changed since");

        QuietPrefetch beforeReplace = QuietPrefetch.start(h.store.directory(), scanner, p -> true);
        QuietSeal.Sealed s = seal.read(pair).orElseThrow();
        seal.write(pair, "another-etag", s.record());
        assertTrue(beforeReplace.early(seal, pair).isEmpty(), "the seal file was replaced after the early read");

        h.write("a.txt", "ALPHA, longer");
        QuietDiff.Outcome changed = QuietPrefetch.start(h.store.directory(), scanner, p -> true).early(seal, pair)
                .flatMap(QuietPrefetch.Early::outcome).orElseThrow();
        assertEquals(java.util.Set.of("a.txt"), ((QuietDiff.Differs) changed).paths(), "the disk changed there");
    }

    /** The seal's record (about 90 bytes a file) is not carried through the run that follows the quiet check. */
    @Test
    void aSealReadEarlyIsHandedToTheEngineOnceAndThenLetGo() throws IOException {
        sealedTree();
        QuietSeal seal = QuietSeal.forPair(h.store.directory(), h.pair.id());
        FolderPair pair = h.store.accounts().pair(h.pair.id()).orElseThrow();
        QuietPrefetch prefetch = QuietPrefetch.start(h.store.directory(), new LocalScanner(FileChunker::digest, 2),
                p -> true);
        assertTrue(prefetch.early(seal, pair).flatMap(QuietPrefetch.Early::outcome).orElseThrow()
                instanceof QuietDiff.Same);
        assertTrue(prefetch.early(seal, pair).isEmpty(), "taken once: the prefetch holds the seal no longer");
    }

    @Test
    void runWithAnEarlyWalkIsQuietWhenNothingChangedAndSyncsWhenSomethingDid() throws IOException {
        sealedTree();
        LocalScanner scanner = new LocalScanner(FileChunker::digest, 2);
        SyncEngine early = new SyncEngine(h.api, h.store, scanner, TransferOptions.defaults(), h.clock,
                new SyncListener() {
                    @Override
                    public void phase(String pair, String phase) {
                        phases.add(phase);
                    }
                }, QuietPrefetch.start(h.store.directory(), scanner, p -> true));
        phases.clear();
        SyncReport quietRun = early.runOnce(h.store.accounts().pair(h.pair.id()).orElseThrow(),
                SyncOptions.defaults("testhost"));
        assertEquals(SyncStatus.OK, quietRun.status());
        assertTrue(wasQuiet(), "phases: " + phases);

        h.write("docs/late.txt", "written before the early walk");
        SyncEngine early2 = new SyncEngine(h.api, h.store, scanner, TransferOptions.defaults(), h.clock,
                SyncListener.NONE, QuietPrefetch.start(h.store.directory(), scanner, p -> true));
        SyncReport changed = early2.runOnce(h.store.accounts().pair(h.pair.id()).orElseThrow(),
                SyncOptions.defaults("testhost"));
        assertEquals(1, changed.uploaded());
        h.assertInSync();
    }

    @Test
    void damagedSealMeansAFullRunThatStillFindsNothingToDo() throws IOException {
        sealedTree();
        byte[] b = Files.readAllBytes(seal());
        b[b.length / 2] ^= 1;
        Files.write(seal(), b);
        SyncReport r = run();
        assertFalse(wasQuiet());
        assertEquals(0, changes(r));
        run();
        assertTrue(wasQuiet(), "the full run wrote a good seal again");
    }
}
