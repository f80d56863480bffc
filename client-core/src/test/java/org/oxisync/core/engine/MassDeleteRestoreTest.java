package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.oxisync.core.plan.MassDeleteGuard;

/** The desktop app's "Keep them" after the mass-delete guard stopped a run: the files come back, none is deleted. */
class MassDeleteRestoreTest extends HarnessTest {

    private void syncTenFiles() {
        for (int i = 0; i < 10; i++) {
            h.write("docs/f" + i + ".txt", "file " + i);
        }
        h.syncOk();
    }

    @Test
    void aLocalFolderReplacedByAnEmptyOneIsDownloadedAgainInsteadOfEmptyingTheServer() throws Exception {
        syncTenFiles();
        try (Stream<Path> s = Files.walk(h.local.resolve("docs"))) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
        SyncReport stopped = h.sync();
        assertEquals(SyncStatus.STOPPED, stopped.status());
        MassDeleteGuard.Verdict v = MassDeleteGuard.Verdict.fromReason(stopped.problem()).orElseThrow();
        assertEquals(0, v.localFileDeletes());
        assertEquals(10, v.remoteFileDeletes());

        h.options(SyncOptions.defaults("testhost").withRestoreMassDelete(true));
        SyncReport kept = h.syncOk();
        assertEquals(10, kept.downloaded());
        assertEquals(0, kept.deletedRemote() + kept.deletedLocal());
        assertEquals("file 7", h.read("docs/f7.txt"));
        assertTrue(h.remote().exists("/docs/f7.txt"));
        h.options(SyncOptions.defaults("testhost"));
        h.syncOk(); // the journal is whole again: the next run plans nothing and the guard is quiet
        h.assertInSync();
    }

    @Test
    void filesTheServerLostAreUploadedAgainInsteadOfDeletedHere() {
        syncTenFiles();
        h.remote().delete("/docs");
        SyncReport stopped = h.sync();
        assertEquals(SyncStatus.STOPPED, stopped.status());
        assertEquals(10, MassDeleteGuard.Verdict.fromReason(stopped.problem()).orElseThrow().localFileDeletes());

        h.options(SyncOptions.defaults("testhost").withRestoreMassDelete(true));
        SyncReport kept = h.syncOk();
        assertEquals(10, kept.uploaded());
        assertEquals("file 3", new String(h.remote().read("/docs/f3.txt"), java.nio.charset.StandardCharsets.UTF_8));
        assertTrue(h.exists("docs/f3.txt"));
        h.options(SyncOptions.defaults("testhost"));
        h.syncOk();
        h.assertInSync();
    }

    @Test
    void theStopReasonIsReadBackByItsCodeAndOtherReasonsAreNot() {
        MassDeleteGuard.Verdict v = new MassDeleteGuard.Verdict(3, 140, 150, true);
        assertEquals(v, MassDeleteGuard.Verdict.fromReason(v.stopReason()).orElseThrow());
        assertEquals(org.oxisync.core.reason.ReasonCode.MASS_DELETE_STOPPED, v.stopReason().code());
        assertTrue(MassDeleteGuard.Verdict.fromReason(org.oxisync.core.reason.Reason.of(
                org.oxisync.core.reason.ReasonCode.NETWORK, v.stopMessage())).isEmpty()); // the words are not read
        assertTrue(MassDeleteGuard.Verdict.fromReason(null).isEmpty());
    }
}
