package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oxisync.core.remote.RemoteRoot;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.core.transfer.TransferOptions;
import org.oxisync.emulator.EndpointStats;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.hash.FileChunker;

/**
 * The engine against the real OxiCloud 0.8.7's behaviour, as the emulator doubles it (audit
 * {@code shared/reference/oxicloud-0.8.7-source-audit.md}; the finding each test covers is in its comment).
 */
class ServerFidelityEngineTest extends HarnessTest {

    /** #9: a trashed remote root answers 500 on GET; the run says the folder was deleted, exit 2, nothing local lost. */
    @Test
    void aTrashedRemoteRootIsReportedAsDeletedNotAsTheServerBeingOffline() throws Exception {
        h.remote().mkdirs("/Docs");
        h.remote().putFile("/Docs/a.txt", "hello".getBytes());
        Path dir = Files.createDirectories(tmp.resolve("docs"));
        FolderPair docs = h.store.accounts().savePair(
                FolderPair.create("docs", dir.toString(), h.remote().folderId("/Docs"), "/Docs"));
        SyncEngine engine = h.newEngine();
        assertEquals(SyncStatus.OK, engine.runOnce(docs, SyncOptions.defaults("testhost")).status());
        assertEquals("hello", Files.readString(dir.resolve("a.txt")));

        h.remote().delete("/Docs"); // to the trash, as the web interface does
        SyncReport r = engine.runOnce(docs, SyncOptions.defaults("testhost"));

        assertEquals(SyncStatus.FAILED, r.status(), r.message());
        assertEquals(2, r.exitCode());
        assertTrue(r.message().startsWith(RemoteRoot.GONE), r.message());
        assertEquals(org.oxisync.core.reason.ReasonCode.REMOTE_FOLDER_GONE, r.problem().code());
        assertEquals("hello", Files.readString(dir.resolve("a.txt")), "nothing local is touched");
    }

    /** #10: after a run that wrote, the relisting waits for the tree-ETag flush, so the next idle run costs one request. */
    @Test
    void anIdleRunAfterAWritingRunCostsOneRequestDespiteTheDelayedEtagFlush() {
        h.write("a/b/one.txt", "1");
        h.write("a/two.txt", "2");
        h.syncOk();
        h.write("a/b/three.txt", "3");
        h.syncOk();
        h.server.resetStats();
        SyncReport idle = h.syncOk();
        assertEquals(0, idle.uploaded() + idle.downloaded());
        long requests = h.server.stats().values().stream().mapToLong(EndpointStats::requests).sum();
        assertEquals(1, requests, () -> "requests of an idle run: " + describe(h.server.stats()));
    }

    /** #2: a local delete trashes through POST /api/batch/trash (trash-only), never a DELETE; the copy stays in the trash. */
    @Test
    void localDeletesGoToTheServerTrashThroughTheTrashOnlyBatch() {
        h.write("keep/a.txt", "a");
        h.write("keep/b.txt", "b");
        h.write("gone/c.txt", "c");
        h.syncOk();
        String hashB = org.oxisync.store.hash.Blake3.hashHex("b".getBytes());
        h.server.resetStats();
        h.delete("keep/b.txt");
        h.delete("gone");
        SyncReport r = h.syncOk();
        assertEquals(2, r.deletedRemote());
        Map<String, EndpointStats> stats = h.server.stats();
        assertEquals(1, stats.get("POST /api/batch/trash").requests(), describe(stats));
        assertTrue(stats.keySet().stream().noneMatch(k -> k.startsWith("DELETE ")), describe(stats));
        assertTrue(h.remote().trashedContentHashes().contains(hashB), "the server's trash keeps b.txt");
        h.assertInSync();
    }

    /** #3: a file created in a folder another device trashes during the run stays here and is uploaded again. */
    @Test
    void aFileUploadedIntoAFolderTrashedMeanwhileIsKeptAndUploadedAgain() throws Exception {
        h.write("docs/a.txt", "a");
        h.syncOk();
        h.write("docs/new.txt", "written while the folder was trashed elsewhere");
        SyncListener trashOnSync = new SyncListener() {
            @Override
            public void phase(String pair, String phase) {
                if (phase.equals("syncing")) {
                    h.remote().trash("/docs"); // another device, between this run's listing and its upload
                }
            }
        };
        SyncEngine engine = new SyncEngine(h.api, h.store, new LocalScanner(FileChunker::digest, 2),
                TransferOptions.defaults(), h.clock, trashOnSync);
        SyncReport r = engine.runOnce(h.pair, SyncOptions.defaults("testhost"));

        assertEquals(SyncStatus.PARTIAL, r.status(), r.message());
        assertEquals(List.of(new ItemError("docs/new.txt", org.oxisync.core.reason.Reason.of(
                org.oxisync.core.reason.ReasonCode.PARENT_DELETED_ON_SERVER, TrashedParents.REASON))), r.errors());
        assertEquals("written while the folder was trashed elsewhere", h.read("docs/new.txt"));

        h.syncOk(); // the folder is re-created on the server and the new file uploaded into it
        assertEquals("written while the folder was trashed elsewhere",
                new String(h.remote().read("/docs/new.txt"), StandardCharsets.UTF_8));
        assertEquals("written while the folder was trashed elsewhere", h.read("docs/new.txt"));
        h.assertInSync();
    }

    /**
     * #3 for a new folder of new files (uploaded after the plan, {@link NewUploads}): another device trashes the folder
     * this run created before its files go up; they stay here, the folder is reported, and the next run creates it
     * again and uploads them.
     */
    @Test
    void newFilesUploadedIntoTheirNewFolderTrashedMeanwhileAreKeptAndUploadedAgain() throws Exception {
        h.write("keep.txt", "k");
        h.syncOk();
        h.write("fresh/one.txt", "one");
        h.write("fresh/two.txt", "two");
        SyncListener trashOnCreate = new SyncListener() {
            @Override
            public void itemDone(String pair, String description, String error) {
                if (description.contains("fresh") && h.remote().exists("/fresh")
                        && h.remote().list("/fresh").isEmpty()) {
                    h.remote().trash("/fresh"); // another device, once the folder is made, before its files go up
                }
            }
        };
        SyncEngine engine = new SyncEngine(h.api, h.store, new LocalScanner(FileChunker::digest, 2),
                TransferOptions.defaults(), h.clock, trashOnCreate);
        SyncReport r = engine.runOnce(h.pair, SyncOptions.defaults("testhost"));

        assertEquals(SyncStatus.PARTIAL, r.status(), r.message());
        assertEquals(List.of(new ItemError("fresh", org.oxisync.core.reason.Reason.of(
                org.oxisync.core.reason.ReasonCode.PARENT_DELETED_ON_SERVER, TrashedParents.REASON))), r.errors());
        assertEquals("one", h.read("fresh/one.txt"));

        h.syncOk(); // the folder is re-created on the server and its files uploaded into it
        assertEquals("two", new String(h.remote().read("/fresh/two.txt"), StandardCharsets.UTF_8));
        h.assertInSync();
    }

    /** #5, #6: every name the server accepts arrives unchanged on another device and comes back unchanged. */
    @Test
    void namesTheServerAcceptsRoundTripUnchangedThroughAnotherDevice() throws Exception {
        List<String> names = List.of("quote\"d.txt", "line\nbreak.txt", "carriage\rreturn.txt", " leading.txt",
                "trailing.txt ", "a:b", "Q: notes.txt", "100% done.txt", "%22 literal.txt", "caf\u00e9 \u00fc.txt");
        for (String n : names) {
            h.write(n, "content of " + n);
        }
        h.syncOk();
        List<String> remote = h.remote().list("/");
        for (String n : names) {
            assertTrue(remote.contains(n), () -> "the server lost the name '" + n + "': " + remote);
        }
        assertEquals(names.size(), remote.size(), remote::toString);

        try (SyncHarness other = new SyncHarness(h.server, Files.createDirectories(tmp.resolve("other")), false,
                h.clock)) {
            other.syncOk();
            for (String n : names) {
                assertEquals("content of " + n, other.read(n), n);
                other.write(n, "edited on the other device: " + n);
            }
            other.syncOk();
        }
        SyncReport back = h.syncOk();
        assertEquals(names.size(), back.downloaded());
        for (String n : names) {
            assertEquals("edited on the other device: " + n, h.read(n), n);
        }
        h.assertInSync();
    }

    private static String describe(Map<String, EndpointStats> stats) {
        StringBuilder b = new StringBuilder();
        stats.forEach((k, v) -> b.append(k).append('=').append(v.requests()).append(' '));
        return b.toString();
    }
}
