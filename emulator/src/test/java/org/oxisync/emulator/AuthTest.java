package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oxisync.emulator.config.EmulatorConfig;

class AuthTest extends EmulatorTestBase {
    @Override
    EmulatorConfig.Builder config() {
        return super.config().accessTokenTtl(Duration.ofSeconds(60)).refreshTokenTtl(Duration.ofSeconds(600));
    }

    @Test
    void loginByUsernameReturnsTheAuthResponseShape() {
        JsonNode r = new Http(emu.baseUrl()).login("alice", "secret");
        assertEquals("Bearer", r.get("token_type").asText());
        assertEquals(60, r.get("expires_in").asLong());
        assertFalse(r.get("force_password_change").asBoolean());
        assertEquals("alice", r.get("user").get("username").asText());
        assertEquals(3, r.get("access_token").asText().split("\\.").length, "an HS256 JWT");
        assertTrue(r.get("refresh_token").asText().matches("[0-9a-f-]{36}"));
    }

    @Test
    void loginByEmailFindsTheUser() {
        JsonNode r = new Http(emu.baseUrl()).login("alice@oxisync.test", "secret");
        assertEquals("alice", r.get("user").get("username").asText());
    }

    @Test
    void aWrongPasswordOrAnUnknownUserIs403AccessDeniedWithTheRestErrorBody() {
        Http.Res r = new Http(emu.baseUrl()).post("/api/auth/login", Map.of("username", "alice", "password", "nope"));
        assertEquals(403, r.status());
        assertEquals("403 Forbidden", r.json().get("status").asText());
        assertEquals("Access Denied", r.json().get("error_type").asText());
        assertEquals("Invalid credentials", r.json().get("message").asText());
        assertEquals(403, new Http(emu.baseUrl()).post("/api/auth/login", Map.of("username", "nobody", "password", "x"))
                .status());
    }

    @Test
    void fiveFailedLoginsLockTheAccountFor900Seconds() {
        Http h = new Http(emu.baseUrl());
        for (int i = 0; i < 5; i++) {
            assertEquals(403, h.post("/api/auth/login", Map.of("username", "bob", "password", "x")).status());
        }
        Http.Res locked = h.post("/api/auth/login", Map.of("username", "bob", "password", "hunter2"));
        assertEquals(429, locked.status());
        assertEquals("AccountLocked", locked.json().get("error_type").asText());
        clock.advance(Duration.ofSeconds(901));
        assertEquals(200, h.post("/api/auth/login", Map.of("username", "bob", "password", "hunter2")).status());
    }

    @Test
    void jsonEndpointsRequireAJsonContentType() {
        Http h = new Http(emu.baseUrl());
        Http.Res r = h.send(h.req("/api/auth/login").header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("{\"username\":\"alice\",\"password\":\"secret\"}")));
        assertEquals(415, r.status());
    }

    @Test
    void refreshRotatesTheTokenAndReplayOfTheOldOneRevokesTheWholeFamily() {
        Http h = new Http(emu.baseUrl());
        String r0 = h.login("alice", "secret").get("refresh_token").asText();
        Http.Res first = h.post("/api/auth/refresh", Map.of("refresh_token", r0));
        assertEquals(200, first.status());
        String r1 = first.json().get("refresh_token").asText();
        assertNotEquals(r0, r1);
        // replaying r0 (already rotated) kills the family, including the fresh r1
        assertEquals(403, h.post("/api/auth/refresh", Map.of("refresh_token", r0)).status());
        assertEquals(403, h.post("/api/auth/refresh", Map.of("refresh_token", r1)).status());
    }

    @Test
    void familyRevocationLeavesOtherSessionsAlone() {
        Http h = new Http(emu.baseUrl());
        String a = h.login("alice", "secret").get("refresh_token").asText();
        String other = new Http(emu.baseUrl()).login("alice", "secret").get("refresh_token").asText();
        h.post("/api/auth/refresh", Map.of("refresh_token", a));
        h.post("/api/auth/refresh", Map.of("refresh_token", a));
        assertEquals(200, h.post("/api/auth/refresh", Map.of("refresh_token", other)).status());
    }

    @Test
    void expiredAccessTokenIs401TokenExpired() {
        assertEquals(200, http.get("/api/auth/me").status());
        clock.advance(Duration.ofSeconds(61));
        Http.Res r = http.get("/api/auth/me");
        assertEquals(401, r.status());
        assertEquals("Token expired", r.json().get("error").asText());
    }

    @Test
    void tamperedTokenIs401InvalidToken() {
        Http.Res r = new Http(emu.baseUrl()).bearer("a.b.c").get("/api/drives");
        assertEquals(401, r.status());
        assertEquals("Invalid token", r.json().get("error").asText());
    }

    @Test
    void expiredRefreshTokenIsRefused() {
        String r0 = new Http(emu.baseUrl()).login("alice", "secret").get("refresh_token").asText();
        clock.advance(Duration.ofSeconds(601));
        Http.Res r = http.noAuth().post("/api/auth/refresh", Map.of("refresh_token", r0));
        assertEquals(403, r.status(), "expired = AccessDenied");
        assertEquals("Access Denied", r.json().get("error_type").asText());
        assertEquals(404, http.post("/api/auth/refresh", Map.of("refresh_token", "no-such-token")).status(), "unknown");
    }

    @Test
    void logoutRevokesTheRefreshToken() {
        Http h = new Http(emu.baseUrl());
        String r0 = h.login("alice", "secret").get("refresh_token").asText();
        Http.Res out = h.post("/api/auth/logout", Map.of("refresh_token", r0));
        assertEquals(200, out.status());
        assertEquals("{}", out.text());
        assertEquals(403, h.post("/api/auth/refresh", Map.of("refresh_token", r0)).status());
    }

    @Test
    void meReportsQuotaAndUsage() {
        upload(root, "a.bin", new byte[1234]);
        JsonNode me = http.get("/api/auth/me").json();
        assertEquals(1L << 30, me.get("storage_quota_bytes").asLong());
        assertEquals(1234, me.get("storage_used_bytes").asLong());
        assertEquals(emu.userId("alice"), me.get("id").asText());
        assertFalse(me.get("is_dpop_bound").asBoolean());
    }

    @Test
    void appPasswordAuthenticatesOverBasicOnApiAndRevocationEndsIt() {
        Http.Res created = http.post("/api/auth/app-passwords", Map.of("label", "laptop"));
        assertEquals(200, created.status(), "app_password_handler.rs:38-99 answers Json(..): 200");
        String pw = created.json().get("password").asText();
        assertTrue(pw.matches("oxicloud-[A-Za-z0-9]{32}"), pw);
        Http basic = new Http(emu.baseUrl()).basic("alice", pw);
        assertEquals(200, basic.get("/api/drives").status());
        JsonNode list = http.get("/api/auth/app-passwords").json();
        assertEquals(1, list.get("total").asInt());
        assertFalse(list.get("app_passwords").get(0).has("password"));
        Http.Res revoked = http.delete("/api/auth/app-passwords/" + created.json().get("id").asText());
        assertEquals(200, revoked.status());
        assertEquals("revoked", revoked.json().get("status").asText());
        assertEquals(401, basic.get("/api/drives").status());
    }

    @Test
    void accountPasswordIsNotAcceptedOverBasic() {
        assertEquals(401, new Http(emu.baseUrl()).basic("alice", "secret").get("/api/drives").status());
    }

    @Test
    void appPasswordsCannotBeCreatedWithBasicAuth() {
        String pw = http.post("/api/auth/app-passwords", Map.of("label", "x")).json().get("password").asText();
        assertEquals(403, new Http(emu.baseUrl()).basic("alice", pw).post("/api/auth/app-passwords", Map.of("label", "y")).status());
    }
}
