package org.oxisync.app.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.engine.SyncStatus;
import org.oxisync.core.undo.RunRecord;
import org.oxisync.core.undo.UndoRun;

/**
 * The running service undoes a run (the desktop app's "Undo this run…") in the pair's own worker, in place of its next
 * run: what the run downloaded is put back on both sides and the future completes with what was done.
 */
class UndoServiceTest {
    @TempDir Path tmp;
    ServiceHarness h;

    @AfterEach
    void tearDown() {
        if (h != null) {
            h.close();
        }
    }

    @Test
    void theServiceUndoesARunInThePairsWorker() throws Exception {
        h = new ServiceHarness(tmp);
        h.write("a.txt", "one");
        h.start(new ServiceHarness.HandWatch(), false);
        assertTrue(h.remote().exists("/a.txt"));

        h.remote().putFile("/a.txt", "two".getBytes(StandardCharsets.UTF_8));
        h.remote().putFile("/new.txt", "new".getBytes(StandardCharsets.UTF_8));
        h.service.syncNow(ServiceHarness.PAIR);
        h.scheduler.advance(Duration.ofSeconds(1));
        h.scheduler.awaitLaneIdle(30);
        assertEquals("two", Files.readString(h.local.resolve("a.txt")));
        RunRecord run = RunRecord.recent(h.ctx.store().activity(), null, 1).get(0);
        assertEquals(2, run.changes().size(), run.toString());

        CompletableFuture<UndoRun.Result> undone = h.service.undo(ServiceHarness.PAIR, run);
        h.scheduler.advance(Duration.ofSeconds(1));
        h.scheduler.awaitLaneIdle(30);
        UndoRun.Result r = undone.get();
        assertTrue(r.failed().isEmpty(), r.failed().toString());
        assertEquals(SyncStatus.OK, r.after().status(), r.after().message());
        assertEquals("one", Files.readString(h.local.resolve("a.txt")));
        assertEquals("one", new String(h.remote().read("/a.txt"), StandardCharsets.UTF_8));
        assertFalse(Files.exists(h.local.resolve("new.txt")));
        assertFalse(h.remote().exists("/new.txt"));
    }
}
