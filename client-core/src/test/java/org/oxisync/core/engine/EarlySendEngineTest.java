package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.plan.PairRights;
import org.oxisync.core.plan.SyncMode;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.core.transfer.TransferOptions;
import org.oxisync.emulator.EndpointStats;
import org.oxisync.protocol.Role;
import org.oxisync.store.hash.FileChunker;

/** A run that may upload sends a large new file while its scan hashes it (issue 20 item 3); other runs only hash. */
class EarlySendEngineTest {
    private static final String PUT = "PUT /api/files/delta/chunks";
    private static final String NEGOTIATE = "POST /api/files/delta/negotiate";
    /** Above the delta threshold (new files below it go by multipart) and the early-send size of these tests. */
    private static final int SIZE = 10 << 20;
    private static final TransferOptions OPTIONS = TransferOptions.defaults().withEarlySendBytes(SIZE);

    @TempDir
    Path tmp;
    SyncHarness h;

    @BeforeEach
    void start() {
        h = SyncHarness.start(tmp);
    }

    @AfterEach
    void stop() {
        h.close();
    }

    private long requests(String endpoint) {
        EndpointStats s = h.server.stats().get(endpoint);
        return s == null ? 0 : s.requests();
    }

    private long bytesIn(String endpoint) {
        EndpointStats s = h.server.stats().get(endpoint);
        return s == null ? 0 : s.bytesReceived();
    }

    private static byte[] random(int n) {
        byte[] b = new byte[n];
        new Random(20).nextBytes(b);
        return b;
    }

    private SyncReport run(SyncListener listener, SyncOptions options) {
        SyncEngine engine = new SyncEngine(h.api, h.store, new LocalScanner(FileChunker::digest, 2), OPTIONS, h.clock,
                listener);
        h.server.flushTreeEtags();
        SyncReport r = engine.runOnce(h.store.accounts().pair(h.pair.id()).orElseThrow(), options);
        assertEquals(SyncStatus.OK, r.status(), r::message);
        return r;
    }

    @Test
    void aLargeNewFileIsOnTheServerBeforeTheRunPlansAndEveryByteIsSentOnce() {
        h.write("big.bin", random(SIZE));
        Map<String, Long> putBytesAtPhase = new ConcurrentHashMap<>();
        SyncListener phases = new SyncListener() {
            @Override
            public void phase(String pair, String phase) {
                putBytesAtPhase.putIfAbsent(phase, bytesIn(PUT));
            }
        };
        SyncReport r = run(phases, SyncOptions.defaults("testhost"));

        assertEquals(1, r.uploaded());
        assertTrue(putBytesAtPhase.get("planning") >= SIZE, () -> "sent before planning: " + putBytesAtPhase);
        assertTrue(bytesIn(PUT) < SIZE + SIZE / 100, () -> "each byte once (frame headers aside): " + bytesIn(PUT));
        assertEquals(SIZE, r.bytesSent());
        assertEquals(1, requests(NEGOTIATE), "one group while hashing, none at upload");
        h.assertInSync();
    }

    @Test
    void aDryRunAndADownloadOnlyPairOnlyHashTheLargeFile() {
        h.write("big.bin", random(SIZE));
        run(SyncListener.NONE, SyncOptions.defaults("testhost").withDryRun(true));
        h.store.accounts().savePair(PairRightsSettings.write(h.store.accounts().pair(h.pair.id()).orElseThrow(),
                new PairRights(SyncMode.DOWNLOAD_ONLY, Role.OWNER, false, Map.of())));
        run(SyncListener.NONE, SyncOptions.defaults("testhost"));
        assertEquals(0, requests(NEGOTIATE) + requests(PUT));
        assertFalse(h.remote().exists("/big.bin"));
    }
}
