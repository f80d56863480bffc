package org.oxisync.app.service;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Continuous sync and the folder's {@code .oxisyncignore}: an edit changes what the whole tree holds. */
class IgnoreFileServiceTest {
    @TempDir Path tmp;
    ServiceHarness h;

    @AfterEach
    void tearDown() {
        if (h != null) {
            h.close();
        }
    }

    @Test
    void editingTheIgnoreFileMakesTheNextRunLookAtTheWholeFolder() throws Exception {
        h = new ServiceHarness(tmp);
        // it ignores itself too: the watcher's filter must not swallow its own change
        h.write(".oxisyncignore", ".oxisyncignore\n*.iso\n");
        h.write("old/a.iso", "iso");
        ServiceHarness.HandWatch watch = new ServiceHarness.HandWatch();
        h.start(watch, false);
        assertFalse(h.remote().exists("/old/a.iso"));

        h.write(".oxisyncignore", ".oxisyncignore\n");
        watch.sink.changed(h.local.resolve(".oxisyncignore"), false); // the only event: a.iso itself did not change
        h.scheduler.advance(Duration.ofSeconds(1));
        h.scheduler.awaitLaneIdle(30);
        assertTrue(h.remote().exists("/old/a.iso"), "the run scanned everything under the new rules");
    }
}
