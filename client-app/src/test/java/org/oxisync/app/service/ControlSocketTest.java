package org.oxisync.app.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.app.control.DaemonClient;

/** The daemon's control socket, in process. */
class ControlSocketTest {
    @TempDir
    Path tmp;
    ServiceHarness h;

    @AfterEach
    void tearDown() {
        if (h != null) {
            h.close();
        }
    }

    @Test
    void statusPauseResumeAndErrorsOverTheSocket() throws Exception {
        h = new ServiceHarness(tmp);
        h.start(new ServiceHarness.HandWatch(), false);
        Path home = tmp.resolve("ctl");
        try (ControlSocket socket = ControlSocket.open(home, h.service, "alice@test")) {
            JsonNode s = DaemonClient.request(home, "status").orElseThrow();
            assertEquals("alice@test", s.path("account").asText());
            assertEquals("idle", s.path("pairs").get(0).path("state").asText());
            assertEquals("ok", s.path("pairs").get(0).path("last_result").path("status").asText());

            assertTrue(DaemonClient.request(home, "pause").orElseThrow().path("ok").asBoolean());
            assertTrue(h.service.globallyPaused());
            assertEquals("paused", DaemonClient.request(home, "status").orElseThrow()
                    .path("pairs").get(0).path("state").asText());
            assertTrue(DaemonClient.request(home, "resume docs").orElseThrow().path("ok").asBoolean());

            JsonNode bad = DaemonClient.request(home, "pause no-such-pair").orElseThrow();
            assertFalse(bad.path("ok").asBoolean());
            assertTrue(bad.path("error").asText().contains("no-such-pair"));
            assertFalse(DaemonClient.request(home, "format-disk").orElseThrow().path("ok").asBoolean());

            IOException twice = assertThrows(IOException.class, () -> ControlSocket.open(home, h.service, "x"));
            assertTrue(twice.getMessage().contains("already running"));
        }
        assertFalse(Files.exists(home.resolve(ControlSocket.FILE_NAME)));
        assertTrue(DaemonClient.request(home, "status").isEmpty(), "no daemon: empty, not an error");
    }

    @Test
    void staleSocketFileOfAKilledDaemonIsReplaced() throws Exception {
        h = new ServiceHarness(tmp);
        h.start(new ServiceHarness.HandWatch(), false);
        Path home = Files.createDirectories(tmp.resolve("ctl"));
        Files.writeString(home.resolve(ControlSocket.FILE_NAME), "");
        assertTrue(DaemonClient.request(home, "status").isEmpty());
        try (ControlSocket socket = ControlSocket.open(home, h.service, "a")) {
            assertTrue(DaemonClient.ping(home));
        }
    }
}
