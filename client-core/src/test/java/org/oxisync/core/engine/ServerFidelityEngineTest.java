package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oxisync.core.remote.RemoteRoot;
import org.oxisync.emulator.EndpointStats;
import org.oxisync.store.account.FolderPair;

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
        assertTrue(RemoteRoot.isGoneMessage(r.message()), r.message());
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

    private static String describe(Map<String, EndpointStats> stats) {
        StringBuilder b = new StringBuilder();
        stats.forEach((k, v) -> b.append(k).append('=').append(v.requests()).append(' '));
        return b.toString();
    }
}
