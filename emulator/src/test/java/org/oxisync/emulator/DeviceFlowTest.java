package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oxisync.emulator.config.EmulatorConfig;

class DeviceFlowTest extends EmulatorTestBase {
    static final String GRANT = "urn:ietf:params:oauth:grant-type:device_code";

    @Override
    EmulatorConfig.Builder config() {
        return super.config().deviceCodeTtl(Duration.ofSeconds(120)).refreshTokenTtl(Duration.ofDays(3));
    }

    private JsonNode authorize(Http h) {
        Http.Res r = h.post("/api/auth/device/authorize", Map.of("client_name", "OxiSync test"));
        assertEquals(200, r.status());
        return r.json();
    }

    private Http.Res poll(Http h, String deviceCode) {
        return h.post("/api/auth/device/token", Map.of("device_code", deviceCode, "grant_type", GRANT));
    }

    @Test
    void authorizeReturnsCodesUriAndInterval() {
        JsonNode a = authorize(new Http(emu.baseUrl()));
        assertTrue(a.get("user_code").asText().matches("[A-Z]{4}-[A-Z]{4}"));
        assertEquals(emu.baseUrl() + "/device", a.get("verification_uri").asText());
        assertEquals(emu.baseUrl() + "/device?code=" + a.get("user_code").asText(), a.get("verification_uri_complete").asText());
        assertEquals(120, a.get("expires_in").asInt());
        assertEquals(5, a.get("interval").asInt());
    }

    @Test
    void pollingGoesPendingThenSlowDownThenTokensAfterApproval() {
        Http h = new Http(emu.baseUrl());
        JsonNode a = authorize(h);
        String code = a.get("device_code").asText();
        Http.Res pending = poll(h, code);
        assertEquals(400, pending.status());
        assertEquals("authorization_pending", pending.json().get("error").asText());
        assertTrue(pending.json().has("error_description"));
        Http.Res tooFast = poll(h, code);
        assertEquals("slow_down", tooFast.json().get("error").asText());
        clock.advance(Duration.ofSeconds(4));
        assertEquals("slow_down", poll(h, code).json().get("error").asText(), "4 whole s < 5 s; not recorded as a poll");
        clock.advance(Duration.ofSeconds(1));
        assertEquals("authorization_pending", poll(h, code).json().get("error").asText(),
                "5 s after the last recorded poll: the interval was not raised");
        clock.advance(Duration.ofSeconds(5));
        emu.approveDevice(a.get("user_code").asText(), "alice");
        Http.Res ok = poll(h, code);
        assertEquals(200, ok.status());
        assertEquals("Bearer", ok.json().get("token_type").asText());
        assertEquals(Duration.ofDays(3).toSeconds(), ok.json().get("expires_in").asLong(), "refresh lifetime quirk");
        Http user = new Http(emu.baseUrl()).bearer(ok.json().get("access_token").asText());
        assertEquals("alice", user.get("/api/auth/me").json().get("username").asText());
        assertEquals(200, h.post("/api/auth/refresh", Map.of("refresh_token", ok.json().get("refresh_token").asText())).status());
        clock.advance(Duration.ofSeconds(11));
        assertEquals("invalid_grant", poll(h, code).json().get("error").asText(), "a code is single-use");
    }

    @Test
    void deniedCodeAnswersAccessDenied() {
        Http h = new Http(emu.baseUrl());
        JsonNode a = authorize(h);
        emu.denyDevice(a.get("user_code").asText());
        Http.Res denied = poll(h, a.get("device_code").asText());
        assertEquals(403, denied.status());
        assertEquals("access_denied", denied.json().get("error").asText());
    }

    @Test
    void codeExpiresAfterItsLifetime() {
        Http h = new Http(emu.baseUrl());
        JsonNode a = authorize(h);
        clock.advance(Duration.ofSeconds(121));
        assertEquals("expired_token", poll(h, a.get("device_code").asText()).json().get("error").asText());
    }

    @Test
    void otherGrantTypeIsUnsupported() {
        Http h = new Http(emu.baseUrl());
        JsonNode a = authorize(h);
        Http.Res r = h.post("/api/auth/device/token", Map.of("device_code", a.get("device_code").asText(), "grant_type", "password"));
        assertEquals(400, r.status());
        assertEquals("unsupported_grant_type", r.json().get("error").asText());
    }

    @Test
    void unknownDeviceCodeIsInvalidGrant() {
        assertEquals("invalid_grant", poll(new Http(emu.baseUrl()), "nope").json().get("error").asText());
    }

    @Test
    void signedInUserCanApproveThroughTheVerifyEndpoint() {
        Http h = new Http(emu.baseUrl());
        JsonNode a = authorize(h);
        assertEquals(200, http.post("/api/auth/device/verify", Map.of("user_code", a.get("user_code").asText(), "action", "approve")).status());
        assertEquals(200, poll(h, a.get("device_code").asText()).status());
    }

    @Test
    void controlEndpointApprovesAPendingCode() {
        Http h = new Http(emu.baseUrl());
        JsonNode a = authorize(h);
        assertEquals(200, h.post("/_emulator/device/approve", Map.of("user_code", a.get("user_code").asText(), "username", "bob")).status());
        Http.Res ok = poll(h, a.get("device_code").asText());
        assertEquals("bob", new Http(emu.baseUrl()).bearer(ok.json().get("access_token").asText()).get("/api/auth/me").json().get("username").asText());
    }
}
