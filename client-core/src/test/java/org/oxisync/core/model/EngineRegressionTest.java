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
import org.oxisync.emulator.EmulatorConfig;
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
        server = OxiCloudEmulator.start(EmulatorConfig.builder().deltaRateLimitPerMinute(0).build());
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
}
