package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.core.transfer.TransferOptions;
import org.oxisync.store.hash.FileChunker;

/** What a listener (the UI, the daemon's status) learns of a run's progress. */
class ProgressEventsTest {
    @TempDir
    Path tmp;

    @Test
    void everyFinishedItemIsReportedAtOnceSoTheLastSnapshotCountsThemAll() {
        try (SyncHarness h = SyncHarness.start(tmp)) {
            for (int i = 0; i < 5; i++) {
                h.write("f" + i + ".txt", "content " + i);
            }
            h.remote().putFile("/r.txt", "remote".getBytes(java.nio.charset.StandardCharsets.UTF_8));
            List<ProgressSnapshot> seen = new CopyOnWriteArrayList<>();
            SyncEngine engine = new SyncEngine(h.api, h.store, new LocalScanner(FileChunker::digest, 2),
                    TransferOptions.defaults(), h.clock, new SyncListener() {
                        @Override
                        public void progress(String pair, ProgressSnapshot s) {
                            seen.add(s);
                        }
                    });
            SyncReport r = engine.runOnce(h.store.accounts().pair(h.pair.id()).orElseThrow(),
                    SyncOptions.defaults("testhost").withWorkers(1));
            assertEquals(SyncStatus.OK, r.status(), r.message());
            assertTrue(!seen.isEmpty());
            ProgressSnapshot last = seen.get(seen.size() - 1);
            assertEquals(6, last.itemsTotal());
            assertEquals(6, last.itemsDone(), "the last snapshot counts every finished transfer");
            assertEquals(1.0, last.fraction());
            assertEquals(List.of(), last.active(), "no transfer is shown as running once all are done");
        }
    }
}
