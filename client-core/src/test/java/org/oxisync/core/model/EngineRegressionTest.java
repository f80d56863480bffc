package org.oxisync.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.engine.SyncOptions;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;
import org.oxisync.core.transfer.TransferOptions;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.emulator.RemoteClient;

/** Regression tests for engine bugs the model-based test found (each names the seed that found it). */
class EngineRegressionTest {
    private static final SyncOptions OPTIONS = SyncOptions.defaults("testhost");

    @TempDir Path tmp;
    OxiCloudEmulator server;
    SeedClient c;
    RemoteClient remote;

    @BeforeEach
    void start() {
        server = OxiCloudEmulator.start(EmulatorConfig.builder().build());
        server.addUser("alice", "pw", null);
        c = new SeedClient(server, "alice", "pw", tmp, TransferOptions.defaults());
        remote = server.remote("alice");
    }

    @AfterEach
    void stop() {
        c.close();
        server.close();
    }

    private SyncReport syncOk() {
        SyncReport r = c.sync(OPTIONS);
        assertEquals(SyncStatus.OK, r.status(), () -> r.message() + " " + r.errors());
        return r;
    }

    private String journalRemoteId(String path) {
        return c.store.journal().get(c.pairId, path).orElseThrow().remoteId();
    }

    /** Seeds 6 and 22: the local mkdir ran before the remote rename of its parent and was journaled without an id. */
    @Test
    void aFolderCreatedRemotelyInsideAFolderRenamedLocallyIsJournaledWithItsRemoteId() throws Exception {
        Files.createDirectories(c.local.resolve("A"));
        Files.writeString(c.local.resolve("A/keep.txt"), "keep");
        syncOk();
        remote.putFile("/A/sub/new.txt", "new".getBytes(StandardCharsets.UTF_8));
        Files.move(c.local.resolve("A"), c.local.resolve("B"));
        syncOk();
        assertEquals("new", Files.readString(c.local.resolve("B/sub/new.txt")));
        assertEquals(remote.folderId("/B/sub"), journalRemoteId("B/sub"));
        assertEquals(remote.folderId("/B"), journalRemoteId("B"));
    }

    /** Seed 51: a local move into a folder that holds the old name on the server failed on every run. */
    @Test
    void aLocalMoveAndRenameWhoseOldNameIsTakenInTheTargetFolderIsCarriedOut() throws Exception {
        Files.createDirectories(c.local.resolve("e"));
        Files.writeString(c.local.resolve("e/inside.txt"), "inside");
        Files.createDirectories(c.local.resolve("d/e"));
        Files.writeString(c.local.resolve("d/e/other.txt"), "other");
        syncOk();
        String id = remote.folderId("/e");
        Files.move(c.local.resolve("e"), c.local.resolve("d/d"));
        syncOk();
        assertEquals(id, remote.folderId("/d/d"));
        assertEquals("inside", new String(remote.read("/d/d/inside.txt"), StandardCharsets.UTF_8));
        assertEquals("other", new String(remote.read("/d/e/other.txt"), StandardCharsets.UTF_8));
    }

    /** Seed 58: a folder kept locally (a change inside) lost its name to a remote file and was skipped forever. */
    @Test
    void aFolderKeptForALocalChangeYieldsItsNameToAFileThatReplacedItRemotely() throws Exception {
        Files.createDirectories(c.local.resolve("X"));
        Files.writeString(c.local.resolve("X/a.txt"), "a");
        syncOk();
        Files.writeString(c.local.resolve("X/new.txt"), "new locally");
        remote.delete("/X");
        remote.putFile("/X", "a file now".getBytes(StandardCharsets.UTF_8));
        SyncReport r = syncOk();
        assertEquals(1, r.conflicts());
        assertEquals("a file now", Files.readString(c.local.resolve("X")));
        try (var s = Files.list(c.local)) {
            Path copy = s.filter(p -> p.getFileName().toString().startsWith("X (conflicted copy ")).findFirst()
                    .orElseThrow();
            assertEquals("new locally", Files.readString(copy.resolve("new.txt")));
            assertEquals("new locally", new String(remote.read("/" + copy.getFileName() + "/new.txt"),
                    StandardCharsets.UTF_8));
        }
        assertEquals(SyncStatus.OK, syncOk().status());
    }

    /** Seed 165: a folder moved differently on both sides left its old journal rows behind, naming the same ids. */
    @Test
    void aFolderMovedDifferentlyOnBothSidesKeepsOneJournalRowPerRemoteEntry() throws Exception {
        Files.createDirectories(c.local.resolve("D/e"));
        Files.writeString(c.local.resolve("D/e/n.md"), "n");
        syncOk();
        String id = remote.folderId("/D/e");
        remote.mkdirs("/r");
        remote.move("/D/e", "/r/remote-name");
        Files.createDirectories(c.local.resolve("l"));
        Files.move(c.local.resolve("D/e"), c.local.resolve("l/local-name"));
        syncOk();
        assertEquals("n", Files.readString(c.local.resolve("r/remote-name/n.md")));
        var rows = c.store.journal().all(c.pairId);
        assertEquals(1, rows.stream().filter(j -> id.equals(j.remoteId())).count(), rows::toString);
        assertEquals(id, journalRemoteId("r/remote-name"));
        assertEquals(0, rows.stream().filter(j -> j.path().startsWith("D/e")).count(), rows::toString);
        SyncReport again = syncOk();
        assertEquals(0, again.downloaded() + again.uploaded() + again.moved() + again.deletedLocal()
                + again.deletedRemote());
    }

    /** Seed 44: a file deleted locally and moved remotely was downloaded to its new path; its old row stayed. */
    @Test
    void aFileDeletedLocallyAndMovedRemotelyIsDownloadedAndLeavesNoRowAtItsOldPath() throws Exception {
        Files.createDirectories(c.local.resolve("d/e"));
        Files.writeString(c.local.resolve("d/e/a.txt"), "a");
        syncOk();
        String id = journalRemoteId("d/e/a.txt");
        Files.delete(c.local.resolve("d/e/a.txt"));
        remote.mkdirs("/e");
        remote.move("/d/e/a.txt", "/e/a.txt");
        syncOk();
        assertEquals("a", Files.readString(c.local.resolve("e/a.txt")));
        var rows = c.store.journal().all(c.pairId);
        assertEquals(1, rows.stream().filter(j -> id.equals(j.remoteId())).count(), rows::toString);
        assertEquals(id, journalRemoteId("e/a.txt"));
        assertEquals(0, rows.stream().filter(j -> j.path().equals("d/e/a.txt")).count(), rows::toString);
    }

    /**
     * A file moved remotely and edited locally is updated at its new path; a remote change made meanwhile (before the
     * commit) must be caught by the re-check, though the journal row was at the old path when the run began.
     */
    @Test
    void aRemoteChangeDuringTheUpdateOfAFileMovedRemotelyInTheSameRunIsKeptAsAConflict() throws Exception {
        Files.writeString(c.local.resolve("a.txt"), "base");
        syncOk();
        remote.mkdirs("/n");
        remote.move("/a.txt", "/n/a.txt");
        Files.writeString(c.local.resolve("a.txt"), "local edit");
        c.listener = new org.oxisync.core.engine.SyncListener() {
            @Override
            public void itemDone(String pair, String description, String error) {
                if (description.startsWith("move      local")) {
                    remote.putFile("/n/a.txt", "remote edit".getBytes(StandardCharsets.UTF_8));
                }
            }
        };
        c.sync(OPTIONS);
        c.listener = org.oxisync.core.engine.SyncListener.NONE;
        syncOk();
        syncOk();
        java.util.Set<String> contents = new java.util.HashSet<>();
        try (var s = Files.walk(c.local)) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                contents.add(Files.readString(p));
            }
        }
        assertEquals(java.util.Set.of("local edit", "remote edit"), contents);
    }
}
