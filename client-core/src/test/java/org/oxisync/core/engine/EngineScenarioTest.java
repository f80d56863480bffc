package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.oxisync.emulator.EndpointStats;
import org.oxisync.store.versions.VersionInfo;

/** Two-way sync scenarios against the emulator: one test per case of the reconcile list and the engine rules. */
class EngineScenarioTest extends HarnessTest {

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private long totalRequests() {
        return h.server.stats().values().stream().mapToLong(EndpointStats::requests).sum();
    }

    @Test
    void firstSyncUploadsLocalFilesAndDownloadsRemoteOnes() {
        h.write("a.txt", "local a");
        h.write("docs/b.txt", "local b");
        h.remote().putFile("/r/c.txt", utf8("remote c"));
        SyncReport r = h.syncOk();
        assertEquals(2, r.uploaded());
        assertEquals(1, r.downloaded());
        assertEquals("remote c", h.read("r/c.txt"));
        h.assertInSync();
    }

    @Test
    void secondRunAgainstAnIdleServerCostsOneRequestAndChangesNothing() {
        h.write("a.txt", "a");
        h.write("d/e/f.txt", "f");
        h.syncOk();
        h.server.resetStats();
        SyncReport r = h.syncOk();
        assertEquals(0, r.uploaded() + r.downloaded() + r.deletedLocal() + r.deletedRemote() + r.moved());
        assertEquals(1, totalRequests(), () -> "requests: " + h.server.stats());
    }

    @Test
    void localEditIsUploadedAsAnUpdateOfTheSameRemoteFile() {
        h.write("a.txt", "one");
        h.syncOk();
        String id = h.remote().fileId("/a.txt");
        h.write("a.txt", "two, longer");
        SyncReport r = h.syncOk();
        assertEquals(1, r.uploaded());
        assertEquals(id, h.remote().fileId("/a.txt"));
        assertEquals("two, longer", new String(h.remote().read("/a.txt"), StandardCharsets.UTF_8));
    }

    @Test
    void remoteEditIsDownloadedAndTheReplacedLocalContentIsKeptAsAVersion() {
        h.write("a.txt", "original");
        h.syncOk();
        h.remote().putFile("/a.txt", utf8("edited on the web"));
        SyncReport r = h.syncOk();
        assertEquals(1, r.downloaded());
        assertEquals("edited on the web", h.read("a.txt"));
        List<VersionInfo> versions = h.store.versions().listVersions(h.pair.id(), "a.txt");
        assertEquals(1, versions.size());
        assertEquals("original".length(), versions.get(0).size());
    }

    @Test
    void bothSidesEditedDifferentlyKeepsBothVersions() throws Exception {
        h.write("notes.txt", "base");
        h.syncOk();
        h.write("notes.txt", "local edit");
        h.remote().putFile("/notes.txt", utf8("remote edit"));
        SyncReport r = h.syncOk();
        assertEquals(1, r.conflicts());
        assertEquals("remote edit", h.read("notes.txt"));
        try (var s = Files.list(h.local)) {
            Path copy = s.filter(p -> p.getFileName().toString().startsWith("notes (conflicted copy ")).findFirst()
                    .orElseThrow();
            assertEquals("local edit", Files.readString(copy));
            assertTrue(copy.getFileName().toString().contains("testhost"));
        }
        h.assertInSync();
        assertEquals(1, h.store.conflicts().unresolved(h.pair.id()).size());
    }

    @Test
    void bothSidesEditedIdenticallyOnlyRecordsTheAgreement() {
        h.write("same.txt", "base");
        h.syncOk();
        h.write("same.txt", "identical edit");
        h.remote().putFile("/same.txt", utf8("identical edit"));
        SyncReport r = h.syncOk();
        assertEquals(0, r.conflicts());
        assertEquals(0, r.uploaded() + r.downloaded());
        h.assertInSync();
    }

    @Test
    void localDeleteMovesTheRemoteFileToTheTrash() throws Exception {
        h.write("gone.txt", "bye");
        h.syncOk();
        Files.delete(h.local.resolve("gone.txt"));
        SyncReport r = h.syncOk();
        assertEquals(1, r.deletedRemote());
        assertFalse(h.remote().exists("/gone.txt"));
        h.assertInSync();
    }

    @Test
    void remoteDeleteRemovesTheLocalFileAfterKeepingAVersion() {
        h.write("gone.txt", "keep me somewhere");
        h.syncOk();
        h.remote().delete("/gone.txt");
        SyncReport r = h.syncOk();
        assertEquals(1, r.deletedLocal());
        assertFalse(h.exists("gone.txt"));
        assertEquals(1, h.store.versions().listVersions(h.pair.id(), "gone.txt").size());
    }

    @Test
    void remoteDeleteOfALocallyChangedFileKeepsTheChangeAndUploadsIt() {
        h.write("x.txt", "v1");
        h.syncOk();
        h.write("x.txt", "v2 local change");
        h.remote().delete("/x.txt");
        h.syncOk();
        assertEquals("v2 local change", new String(h.remote().read("/x.txt"), StandardCharsets.UTF_8));
        h.assertInSync();
    }

    @Test
    void localDeleteOfARemotelyChangedFileBringsTheChangeBack() throws Exception {
        h.write("x.txt", "v1");
        h.syncOk();
        Files.delete(h.local.resolve("x.txt"));
        h.remote().putFile("/x.txt", utf8("v2 remote change"));
        h.syncOk();
        assertEquals("v2 remote change", h.read("x.txt"));
        h.assertInSync();
    }

    @Test
    void localRenameBecomesARemoteRenameOfTheSameFile() throws Exception {
        h.write("old.txt", "content");
        h.syncOk();
        String id = h.remote().fileId("/old.txt");
        Files.move(h.local.resolve("old.txt"), h.local.resolve("new.txt"));
        h.server.resetStats();
        SyncReport r = h.syncOk();
        assertEquals(1, r.moved());
        assertEquals(0, r.uploaded());
        assertEquals(id, h.remote().fileId("/new.txt"));
        h.assertInSync();
    }

    @Test
    void remoteMoveIntoAnotherFolderBecomesALocalMove() {
        h.write("a/file.txt", "content");
        h.write("b/keep.txt", "k");
        h.syncOk();
        h.remote().move("/a/file.txt", "/b/file.txt");
        SyncReport r = h.syncOk();
        assertEquals(1, r.moved());
        assertEquals(0, r.downloaded());
        assertTrue(h.exists("b/file.txt"));
        assertFalse(h.exists("a/file.txt"));
        h.assertInSync();
    }

    @Test
    void localFolderRenameIsOneRemoteFolderRename() throws Exception {
        for (int i = 0; i < 5; i++) {
            h.write("photos/p" + i + ".txt", "photo " + i);
        }
        h.syncOk();
        String folderId = h.remote().folderId("/photos");
        Files.move(h.local.resolve("photos"), h.local.resolve("pictures"));
        SyncReport r = h.syncOk();
        assertEquals(1, r.moved());
        assertEquals(0, r.uploaded() + r.deletedRemote());
        assertEquals(folderId, h.remote().folderId("/pictures"));
        h.assertInSync();
    }

    @Test
    void fileReplacedByAFolderLocallyIsMirroredOnTheServer() throws Exception {
        h.write("thing", "was a file");
        h.syncOk();
        Files.delete(h.local.resolve("thing"));
        h.write("thing/inside.txt", "now a folder");
        h.syncOk();
        assertNotNull(h.remote().folderId("/thing"));
        h.assertInSync();
    }

    @Test
    void caseOnlyRenameIsCarriedOut() throws Exception {
        h.write("readme.txt", "r");
        h.syncOk();
        String id = h.remote().fileId("/readme.txt");
        Files.move(h.local.resolve("readme.txt"), h.local.resolve("README.txt"));
        h.syncOk();
        assertEquals(id, h.remote().fileId("/README.txt"));
        h.assertInSync();
    }

    @Test
    void emptyFilesSyncBothWaysAndAZeroByteFileMayGrow() {
        h.write("empty-local.txt", new byte[0]);
        h.remote().putFile("/empty-remote.txt", new byte[0]);
        h.syncOk();
        assertTrue(h.exists("empty-remote.txt"));
        h.write("empty-local.txt", "grown");
        h.syncOk();
        assertEquals("grown", new String(h.remote().read("/empty-local.txt"), StandardCharsets.UTF_8));
        h.assertInSync();
    }

    @Test
    void deepTreesSyncWholly() {
        StringBuilder p = new StringBuilder();
        for (int i = 0; i < 200; i++) { // 1,000 levels also synced (15 s); 200 keeps the suite quick
            p.append("l").append('/');
        }
        h.write(p + "deep.txt", "deep");
        h.remote().putFile("/" + p + "remote-deep.txt", utf8("deep remote"));
        h.syncOk();
        h.assertInSync();
    }

    @Test
    void anNfdNameOnDiskMatchesItsNfcNameOnTheServer() throws Exception {
        String nfc = "caf\u00e9.txt";
        String nfd = Normalizer.normalize(nfc, Normalizer.Form.NFD);
        Files.writeString(h.local.resolve(nfd), "coffee");
        h.syncOk();
        assertTrue(h.remote().exists("/" + nfc));
        h.server.resetStats();
        SyncReport second = h.syncOk();
        assertEquals(0, second.uploaded() + second.downloaded());
        h.remote().putFile("/" + nfc, utf8("tea"));
        h.syncOk();
        assertEquals("tea", Files.readString(h.local.resolve(nfd)));
        try (var s = Files.list(h.local)) {
            assertEquals(1, s.count(), "no second spelling of the name appeared");
        }
    }

    @Test
    void folderDeletedRemotelyKeepsAFileChangedInsideItLocally() {
        h.write("project/a.txt", "a");
        h.write("project/b.txt", "b");
        h.syncOk();
        h.write("project/a.txt", "a changed locally");
        h.remote().delete("/project");
        h.sync();
        h.sync();
        assertEquals("a changed locally", h.read("project/a.txt"));
        assertEquals("a changed locally", new String(h.remote().read("/project/a.txt"), StandardCharsets.UTF_8));
        assertFalse(h.exists("project/b.txt"));
        h.assertInSync();
    }

    @Test
    void aNameTheServerRefusesIsParkedAsSkippedWhileTheRestSyncs() {
        h.write("back\\slash.txt", "the server forbids backslashes");
        h.write("fine.txt", "fine");
        SyncReport r = h.sync();
        assertEquals(SyncStatus.OK, r.status(), "a parked item is no failure to retry: " + r.errors());
        assertTrue(r.skipped().stream().anyMatch(e -> e.path().contains("slash") && e.reason().startsWith("parked")),
                () -> r.skipped().toString());
        assertTrue(r.skipped().stream().anyMatch(e -> e.path().contains("slash")
                && e.code() == org.oxisync.core.reason.ReasonCode.NAME_REFUSED_BY_SERVER), "by kind, for the desktop app");
        assertTrue(h.remote().exists("/fine.txt"));
        SyncReport again = h.sync();
        assertEquals(SyncStatus.OK, again.status());
        assertTrue(again.skipped().stream().anyMatch(e -> e.path().contains("slash")), "still reported");
    }

    @Test
    void symbolicLinksAreReportedAndNotFollowed() throws Exception {
        Path outside = Files.createDirectories(tmp.resolve("outside"));
        Files.writeString(outside.resolve("secret.txt"), "outside the root");
        Files.createSymbolicLink(h.local.resolve("link"), outside);
        h.write("real.txt", "real");
        SyncReport r = h.syncOk();
        assertTrue(r.skipped().stream().anyMatch(e -> e.path().equals("link")
                && e.code() == org.oxisync.core.reason.ReasonCode.LINK_OR_SPECIAL_FILE), r.skipped()::toString);
        assertFalse(h.remote().exists("/link"));
        assertTrue(h.remote().exists("/real.txt"));
    }

    @Test
    void massDeleteGuardStopsBeforeDeletingAndTheFlagGoesOn() throws Exception {
        for (int i = 0; i < 120; i++) {
            h.write("many/f" + i + ".txt", "f" + i);
        }
        h.syncOk();
        try (var s = Files.list(h.local.resolve("many"))) {
            for (Path p : s.toList()) {
                Files.delete(p);
            }
        }
        SyncReport stopped = h.sync();
        assertEquals(SyncStatus.STOPPED, stopped.status());
        assertEquals(3, stopped.exitCode());
        assertTrue(h.remote().exists("/many/f0.txt"));
        h.options(SyncOptions.defaults("testhost").withAllowMassDelete(true));
        h.syncOk();
        assertFalse(h.remote().exists("/many/f0.txt"));
    }

    @Test
    void dryRunPrintsThePlanAndChangesNothing() {
        h.write("a.txt", "a");
        h.remote().putFile("/b.txt", utf8("b"));
        h.options(SyncOptions.defaults("testhost").withDryRun(true));
        SyncReport r = h.syncOk();
        assertTrue(r.plan().stream().anyMatch(l -> l.contains("a.txt")), () -> r.plan().toString());
        assertFalse(h.remote().exists("/a.txt"));
        assertFalse(h.exists("b.txt"));
    }

    @Test
    void aReadOnlyServerStopsWritesAndTheNextRunCompletes() {
        h.write("a.txt", "a");
        h.server.setReadonly(true);
        SyncReport r = h.sync();
        assertNotEquals(SyncStatus.OK, r.status());
        assertTrue(h.exists("a.txt"));
        h.server.setReadonly(false);
        h.syncOk();
        h.assertInSync();
    }

    @Test
    void quotaExceededFailsTheUploadsThatDoNotFitAndKeepsTheFiles() {
        h.server.setQuota(SyncHarness.USER, 3000);
        h.write("small.txt", "fits");
        h.syncOk();
        // after a 507 the run stops sending uploads (they would all fail); what did not fit stays local, reported
        h.write("big.bin", new byte[10_000]);
        SyncReport r = h.sync();
        assertEquals(SyncStatus.PARTIAL, r.status());
        assertTrue(h.remote().exists("/small.txt"));
        assertTrue(h.exists("big.bin"));
        assertFalse(h.remote().exists("/big.bin"));
        assertTrue(r.errors().stream().anyMatch(e -> e.path().equals("big.bin")), () -> r.errors().toString());
        h.server.setQuota(SyncHarness.USER, 0);
        h.syncOk();
        h.assertInSync();
    }

    @Test
    void aLargeFileGoesUpByDeltaAndAnEditInTheMiddleSendsLittle() throws Exception {
        byte[] data = new byte[64 << 20];
        new Random(1).nextBytes(data);
        h.write("big.bin", data);
        h.syncOk();
        assertEquals(Files.size(h.local.resolve("big.bin")), h.remote().read("/big.bin").length);
        byte[] patch = new byte[1 << 20];
        new Random(2).nextBytes(patch);
        System.arraycopy(patch, 0, data, 30 << 20, patch.length);
        h.write("big.bin", data);
        SyncReport r = h.syncOk();
        assertTrue(r.bytesSent() <= 3L << 20, () -> "sent " + r.bytesSent());
        h.assertInSync();
    }
}
