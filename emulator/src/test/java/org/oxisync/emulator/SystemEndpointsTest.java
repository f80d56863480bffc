package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.oxisync.emulator.config.EmulatorConfig;

class SystemEndpointsTest {
    private final OxiCloudEmulator emu = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "secret").build());
    private final Http http = new Http(emu.baseUrl());

    @AfterEach
    void close() {
        emu.close();
    }

    @Test
    void baseUrlIsLoopbackWithoutTrailingSlash() {
        assertTrue(emu.baseUrl().matches("http://127\\.0\\.0\\.1:\\d+"), emu.baseUrl());
    }

    @Test
    void versionIsPublicAndReports087() {
        Http.Res r = http.get("/api/version");
        assertEquals(200, r.status());
        assertEquals("{\"name\":\"OxiCloud\",\"version\":\"0.8.7\"}", r.text());
        assertNotNull(r.header("X-Request-Id"));
    }

    @Test
    void healthAndReadyAnswerOk() {
        assertEquals("{\"status\":\"ok\"}", http.get("/health").text());
        assertEquals("{\"status\":\"ok\",\"db\":\"ok\"}", http.get("/ready").text());
    }

    @Test
    void unknownApiPathIs401WithoutCredentialsAnd404WithThem() {
        assertEquals(401, new Http(emu.baseUrl()).get("/api/nope/nothing").status(), "the /api nest is auth-protected");
        Http h = new Http(emu.baseUrl());
        h.login("alice", "secret");
        Http.Res r = h.get("/api/nope/nothing");
        assertEquals(404, r.status());
        assertEquals(0, r.body().length);
    }

    @Test
    void protectedEndpointWithoutTokenIs401WithErrorField() {
        Http.Res r = http.get("/api/drives");
        assertEquals(401, r.status());
        assertTrue(r.json().has("error"));
    }

    @Test
    void requestIdIsPropagated() {
        Http.Res r = http.get("/health", "X-Request-Id", "abc-123");
        assertEquals("abc-123", r.header("X-Request-Id"));
    }
}
