package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.emulator.Fault;

/** A step that makes room for another must succeed before that other step runs (seed 1152 of the model test). */
class PlanOrderEngineTest {
    @TempDir
    Path tmp;

    @Test
    void aFileReplacedByAFolderLocallyIsNotJoinedByAFolderOnTheServerWhileTheFileCannotBeTrashed() throws Exception {
        try (SyncHarness h = SyncHarness.start(tmp)) {
            h.write("d/b.txt", "a file");
            h.syncOk();
            Files.delete(h.local.resolve("d/b.txt"));
            h.write("d/b.txt/inner.txt", "now a folder");
            h.server.faults().add("POST", "/api/batch/trash", 5, new Fault.Fail(503, null));

            SyncReport failed = h.sync();
            assertEquals(SyncStatus.PARTIAL, failed.status(), failed.message());
            assertNull(h.remote().folderId("/d/b.txt"),
                    "no folder beside the file the server still holds: " + h.remoteTree());

            h.server.faults().clear();
            h.syncOk();
            assertFalse(h.remote().list("/d").isEmpty());
            h.assertInSync();
        }
    }
}
