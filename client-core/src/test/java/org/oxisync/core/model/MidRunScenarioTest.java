package org.oxisync.core.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.engine.SyncListener;
import org.oxisync.core.engine.SyncOptions;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.core.naming.TempNames;
import org.oxisync.testing.ManualClock;
import org.oxisync.core.transfer.TransferOptions;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.EndpointStats;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.store.hash.Blake3;

/**
 * Things that change while a run is under way: the session expiring, a file being edited while it is uploaded, the
 * account's quota filling up. Each is triggered from the engine's own listener at a known point of the run.
 */
class MidRunScenarioTest {
    private static final SyncOptions ONE_WORKER = SyncOptions.defaults("testhost").withWorkers(1);

    @TempDir Path tmp;
    OxiCloudEmulator server;
    SeedClient c;

    @AfterEach
    void stop() {
        if (c != null) {
            c.close();
        }
        server.close();
    }

    private void start(EmulatorConfig.Builder cfg, TransferOptions transfers, Clock clock) {
        server = OxiCloudEmulator.start(cfg.build());
        server.addUser("alice", "pw", null);
        c = new SeedClient(server, "alice", "pw", tmp, transfers, clock);
    }

    private void write(String rel, byte[] data) {
        try {
            Path p = c.local.resolve(rel);
            Files.createDirectories(p.getParent());
            Files.write(p, data);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static byte[] bytes(int size, int seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    private long requests(String endpoint) {
        EndpointStats s = server.stats().get(endpoint);
        return s == null ? 0 : s.requests();
    }

    private void assertInSync() {
        Map<String, String> local = Trees.local(c.local);
        local.keySet().forEach(k -> assertFalse(TempNames.isOwnTemp(k.substring(k.lastIndexOf('/') + 1)), k));
        assertEquals(Trees.remote(server.remote("alice")), local);
    }

    // ---- expired tokens -------------------------------------------------------------------------------------------

    @Test
    void anAccessTokenExpiringMidRunIsRefreshedAndTheRunCompletes() {
        ManualClock clock = new ManualClock(Instant.parse("2030-01-01T00:00:00Z"));
        start(EmulatorConfig.builder().clock(clock).accessTokenTtl(Duration.ofMinutes(5))
                .refreshTokenTtl(Duration.ofDays(1)), TransferOptions.defaults(), clock);
        for (int i = 0; i < 6; i++) {
            write("f" + i + ".txt", ("file " + i).getBytes(StandardCharsets.UTF_8));
        }
        AtomicInteger done = new AtomicInteger();
        c.listener = new SyncListener() {
            @Override
            public void itemDone(String pair, String description, String error) {
                if (done.incrementAndGet() == 2) {
                    clock.advance(Duration.ofMinutes(30)); // the access token is long dead, the refresh token is not
                }
            }
        };
        server.resetStats();
        SyncReport r = c.sync(ONE_WORKER);
        assertEquals(SyncStatus.OK, r.status(), () -> r.message() + " " + r.errors());
        assertEquals(6, r.uploaded());
        assertTrue(requests("POST /api/auth/refresh") >= 1, () -> "no refresh: " + server.stats().keySet());
        assertInSync();
    }

    @Test
    void aSessionExpiringMidRunStopsTheRunAsAnAuthFailureLosingNothingAndALoginResumesIt() {
        ManualClock clock = new ManualClock(Instant.parse("2030-01-01T00:00:00Z"));
        start(EmulatorConfig.builder().clock(clock).accessTokenTtl(Duration.ofMinutes(5))
                .refreshTokenTtl(Duration.ofHours(1)), TransferOptions.defaults(), clock);
        for (int i = 0; i < 6; i++) {
            write("f" + i + ".txt", ("file " + i).getBytes(StandardCharsets.UTF_8));
        }
        AtomicInteger done = new AtomicInteger();
        c.listener = new SyncListener() {
            @Override
            public void itemDone(String pair, String description, String error) {
                if (done.incrementAndGet() == 2) {
                    clock.advance(Duration.ofDays(2)); // both tokens expire: only a new login helps
                }
            }
        };
        SyncReport r = c.sync(ONE_WORKER);
        assertEquals(SyncStatus.FAILED, r.status(), r::toString);
        assertEquals(2, r.exitCode());
        assertTrue(r.message().contains("sign in again"), r.message());
        assertTrue(r.uploaded() < 6);
        for (int i = 0; i < 6; i++) {
            assertTrue(Files.exists(c.local.resolve("f" + i + ".txt")));
        }
        c.listener = SyncListener.NONE;
        c.relogin("pw");
        SyncReport again = c.sync(ONE_WORKER);
        assertEquals(SyncStatus.OK, again.status(), () -> again.message() + " " + again.errors());
        assertInSync();
    }

    // ---- a file modified during its upload ------------------------------------------------------------------------

    @Test
    void aSmallFileModifiedWhileItIsUploadedIsNotKeptAndItsNewContentGoesUpNextRun() throws Exception {
        start(EmulatorConfig.builder(), TransferOptions.defaults(), Clock.systemUTC());
        checkModifiedDuringUpload(bytes(5_000, 1), bytes(7_000, 2));
    }

    @Test
    void aLargeFileModifiedWhileItsChunksAreSentIsNotCommittedAndItsNewContentGoesUpNextRun() throws Exception {
        start(EmulatorConfig.builder(), TransferOptions.defaults().withDeltaThreshold(64 << 10), Clock.systemUTC());
        checkModifiedDuringUpload(bytes(600_000, 3), bytes(650_000, 4));
    }

    private void checkModifiedDuringUpload(byte[] before, byte[] after) throws Exception {
        write("doc.bin", before);
        AtomicBoolean edited = new AtomicBoolean();
        c.listener = new SyncListener() {
            @Override
            public void progress(String pair, ProgressSnapshot snapshot) {
                if (edited.compareAndSet(false, true)) {
                    write("doc.bin", after); // the user saves while the upload reads the file
                }
            }
        };
        SyncReport r = c.sync(ONE_WORKER);
        assertTrue(edited.get(), "the upload reported no progress");
        assertEquals(SyncStatus.PARTIAL, r.status(), r::toString);
        assertTrue(r.errors().stream().anyMatch(e -> e.path().equals("doc.bin")), r.errors()::toString);
        var remote = server.remote("alice");
        assertFalse(remote.exists("/doc.bin"), "a file whose bytes changed while they were sent was kept");
        c.listener = SyncListener.NONE;
        SyncReport next = c.sync(ONE_WORKER);
        assertEquals(SyncStatus.OK, next.status(), () -> next.message() + " " + next.errors());
        assertEquals(Blake3.hashHex(after), Blake3.hashHex(remote.read("/doc.bin")));
        assertInSync();
    }

    // ---- quota ----------------------------------------------------------------------------------------------------

    @Test
    void theQuotaFillingUpMidRunFailsOnlyTheUploadsThatNoLongerFitAndTheNextRunCompletes() {
        start(EmulatorConfig.builder(), TransferOptions.defaults(), Clock.systemUTC());
        for (int i = 0; i < 8; i++) {
            write("up/f" + i + ".bin", bytes(10_000, 10 + i));
        }
        server.remote("alice").putFile("/down/remote.txt", "comes down anyway".getBytes(StandardCharsets.UTF_8));
        AtomicInteger uploads = new AtomicInteger();
        c.listener = new SyncListener() {
            @Override
            public void itemDone(String pair, String description, String error) {
                if (description.startsWith("upload") && error == null && uploads.incrementAndGet() == 3) {
                    server.setQuota("alice", c.observer.me().storageUsedBytes() + 1_000);
                }
            }
        };
        SyncReport r = c.sync(ONE_WORKER);
        assertEquals(SyncStatus.PARTIAL, r.status(), r::toString);
        assertEquals(3, r.uploaded(), r::toString);
        assertEquals(5, r.errors().size(), r.errors()::toString);
        assertTrue(r.errors().stream().allMatch(e -> e.path().startsWith("up/")), r.errors()::toString);
        assertEquals("comes down anyway", readLocal("down/remote.txt"));
        var remote = server.remote("alice");
        for (int i = 0; i < 8; i++) {
            assertTrue(Files.exists(c.local.resolve("up/f" + i + ".bin")), "local file kept");
            if (remote.exists("/up/f" + i + ".bin")) {
                assertEquals(Blake3.hashHex(bytes(10_000, 10 + i)), Blake3.hashHex(remote.read("/up/f" + i + ".bin")));
            }
        }
        c.listener = SyncListener.NONE;
        server.setQuota("alice", 0);
        SyncReport next = c.sync(ONE_WORKER);
        assertEquals(SyncStatus.OK, next.status(), () -> next.message() + " " + next.errors());
        assertEquals(5, next.uploaded());
        assertInSync();
    }

    private String readLocal(String rel) {
        try {
            return Files.readString(c.local.resolve(rel));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
