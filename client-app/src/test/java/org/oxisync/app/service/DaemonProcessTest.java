package org.oxisync.app.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.oxisync.core.naming.TempNames;
import org.oxisync.app.testing.AliceCliTest;
import org.oxisync.app.testing.Await;
import org.oxisync.app.testing.DaemonProcess;

/** {@code oxisync daemon} as a real child process: status over its socket, SIGTERM mid-run, then the next run. */
@DisabledOnOs(OS.WINDOWS) // Process.destroy() is not SIGTERM there
class DaemonProcessTest extends AliceCliTest {
    static final int FILES = 40;
    DaemonProcess daemon;

    @BeforeEach
    void setUp() throws Exception {
        loginAndPair();
        byte[] body = new byte[64 * 1024];
        for (int i = 0; i < FILES; i++) {
            body[0] = (byte) i;
            server.remote("alice").putFile("/Sync/f" + i + ".bin", body.clone());
        }
    }

    @AfterEach
    void stopDaemon() throws InterruptedException {
        if (daemon != null) {
            daemon.close();
        }
    }

    private long localFiles() {
        try (Stream<Path> s = Files.list(local)) {
            return s.filter(p -> p.getFileName().toString().startsWith("f")).count();
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    @Test
    void sigtermMidRunLeavesAConsistentStateThatTheNextRunCompletes() throws Exception {
        // slow downloads down so that the signal arrives while the first run is transferring
        server.faults().slowNext(FILES, "GET", "/api/files/[^/]+", 256 * 1024);
        daemon = DaemonProcess.start(home, tmp.resolve("daemon.log")).awaitSocket();

        assertEquals(0, run("status", "--home", home.toString()), () -> err);
        assertTrue(out.contains("daemon:  running"), out);
        assertTrue(out.contains("Sync: "), out);
        assertEquals(0, run("status", "--json", "--home", home.toString()), () -> err);
        JsonNode json = new ObjectMapper().readTree(out);
        assertEquals("Sync", json.path("pairs").get(0).path("name").asText());
        assertEquals(daemon.process().pid(), json.path("daemon_pid").asLong());

        // a one-shot run does not compete with the daemon: it says one is running (configuration error, 2)
        assertEquals(2, run("sync-once", "--home", home.toString()));
        assertTrue(err.contains("daemon"), err);

        Await.until("a few downloads", 60, () -> localFiles() >= 3);
        long before = localFiles();
        assertTrue(before < FILES, "the run should still be going: " + before);
        assertTrue(daemon.process().isAlive(), () -> "the daemon died early: " + daemon.output());
        long t0 = System.nanoTime();
        daemon.process().destroy(); // SIGTERM
        assertTrue(daemon.process().waitFor(60, TimeUnit.SECONDS), "the daemon stops within the grace period");
        double seconds = (System.nanoTime() - t0) / 1e9;
        String log = daemon.output();
        assertEquals(143, daemon.process().exitValue(), log);
        assertTrue(log.contains("oxisync daemon: stopping\n") && log.contains("oxisync daemon: stopped\n"), log);
        // the run ended through its stop signal (its report was written) before the store was closed
        int stoppingAt = log.indexOf("oxisync daemon: stopping\n");
        int runStopped = log.indexOf("Sync: stopped: ", stoppingAt);
        assertTrue(runStopped > stoppingAt && runStopped < log.indexOf("oxisync daemon: stopped\n"), log);
        assertTrue(log.contains("stopped at a safe point"), log);
        assertTrue(seconds < 20, "SIGTERM -> exit took " + seconds + " s");
        assertFalse(Files.exists(home.resolve(ControlSocket.FILE_NAME)), "the socket is removed");
        assertTrue(localFiles() < FILES, "stopped before the end of the run");

        // the next start completes the work: nothing is lost, duplicated or conflicted
        assertEquals(0, run("sync-once", "--json", "--home", home.toString()), () -> err + out);
        assertEquals(0, new ObjectMapper().readTree(out).path("conflicts").asInt());
        assertEquals(FILES, localFiles());
        try (Stream<Path> s = Files.list(local)) {
            assertTrue(s.noneMatch(p -> TempNames.isOwnTemp(p.getFileName().toString())), "no temp files left");
        }
        for (int i = 0; i < FILES; i++) {
            assertEquals(i, Files.readAllBytes(local.resolve("f" + i + ".bin"))[0]);
        }
        assertEquals(0, run("sync-once", "--json", "--home", home.toString()), () -> err + out);
        JsonNode again = new ObjectMapper().readTree(out);
        assertEquals(0, again.path("downloaded").asInt() + again.path("uploaded").asInt(), out);
        assertEquals(FILES, server.remote("alice").list("/Sync").size(), "nothing was uploaded back or duplicated");
    }

    @Test
    void statusWithoutADaemonReadsTheStore() {
        assertEquals(0, run("status", "--home", home.toString()), () -> err);
        assertTrue(out.contains("daemon:  not running"), out);
        assertEquals(2, run("status", "--json", "--home", home.toString()));
    }
}
