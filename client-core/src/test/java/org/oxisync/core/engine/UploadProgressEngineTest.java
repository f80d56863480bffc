package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.core.transfer.TransferOptions;
import org.oxisync.store.hash.FileChunker;

/**
 * A large upload's bytes count as they go out: one PUT batch may carry the whole file (64 MiB), and its progress
 * stayed at 0 until the server acknowledged all of it ("bytes_done: 0 of 30,000,000" for the whole upload).
 */
class UploadProgressEngineTest {
    @TempDir Path tmp;

    @Test
    void aLargeUploadReportsItsBytesWhileTheyAreSent() {
        try (SyncHarness h = SyncHarness.start(tmp)) {
            int size = 30_000_000;
            byte[] data = new byte[size];
            new SplittableRandom(4).nextBytes(data);
            h.write("big.bin", data);
            List<ProgressSnapshot> seen = new CopyOnWriteArrayList<>();
            SyncEngine engine = new SyncEngine(h.api, h.store, new LocalScanner(FileChunker::digest, 2),
                    TransferOptions.defaults(), h.clock, new SyncListener() {
                        @Override
                        public void progress(String pair, ProgressSnapshot s) {
                            seen.add(s);
                        }
                    });
            SyncReport r = engine.runOnce(h.pair, SyncOptions.defaults("testhost"));
            assertEquals(SyncStatus.OK, r.status(), r::message);
            assertEquals(1, r.uploaded());
            TreeSet<Long> between = new TreeSet<>();
            for (ProgressSnapshot s : seen) {
                if (s.bytesTotal() == size && s.bytesDone() > 0 && s.bytesDone() < size) {
                    between.add(s.bytesDone());
                }
            }
            // a 256 KiB read at a time: dozens of steps on the way, not one jump from 0 to all
            assertTrue(between.size() >= 20, () -> "progress on the way: " + between);
        }
    }
}
