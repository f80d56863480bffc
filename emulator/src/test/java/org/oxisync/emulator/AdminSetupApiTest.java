package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The admin routes OxiCloud's API tests set themselves up with (admin_handler.rs:1485-1507, 1160-1196, 2580-2640). */
class AdminSetupApiTest extends EmulatorTestBase {
    @Test
    void onlyAnAdminCreatesAUserWhoCanThenLogInAndADeletedUserCannot() {
        Map<String, Object> carol = Map.of("username", "carol", "password", "CarolPw1!", "role", "user");
        Http.Res refused = http.post("/api/admin/users", carol);
        assertEquals(403, refused.status());
        assertEquals("Admin access required", refused.json().get("message").asText());
        emu.drives().makeAdmin("alice");
        Http.Res made = http.post("/api/admin/users", carol);
        assertEquals(201, made.status());
        assertEquals("carol", made.json().get("username").asText());
        assertEquals(400, http.post("/api/admin/users", carol).status(), "the name is taken");
        Http c = new Http(emu.baseUrl());
        assertEquals(200, c.post("/api/auth/login", Map.of("username", "carol", "password", "CarolPw1!")).status());
        assertEquals(200, http.delete("/api/admin/users/" + made.json().get("id").asText()).status());
        assertEquals(403, c.post("/api/auth/login", Map.of("username", "carol", "password", "CarolPw1!")).status());
        assertEquals(400, http.delete("/api/admin/users/" + emu.userId("alice")).status(), "not oneself");
    }

    @Test
    void setupCreatesTheFirstAdminOnceAndIsThen403() {
        Http anon = new Http(emu.baseUrl());
        Map<String, Object> admin = Map.of("username", "admin", "email", "admin@example.com", "password", "Pw1!xyzw");
        Http.Res made = anon.post("/api/setup", admin);
        assertEquals(201, made.status(), made.text());
        assertEquals("admin", made.json().get("role").asText());
        assertEquals(200, anon.post("/api/auth/login", Map.of("username", "admin", "password", "Pw1!xyzw")).status());
        Http.Res again = anon.post("/api/setup", Map.of("username", "x", "email", "x@example.com", "password", "p"));
        assertEquals(403, again.status());
        assertEquals("SystemAlreadyInitialized", again.json().get("error_type").asText());
        assertEquals("System is already initialized. Use the admin panel to manage users.",
                again.json().get("message").asText());
    }

    @Test
    void anAdminSetsAUsersQuotaWhichThenGatesTheirUploads() {
        String bob = emu.userId("bob");
        assertEquals(403, http.put("/api/admin/users/" + bob + "/quota", Map.of("quota_bytes", 5)).status());
        emu.drives().makeAdmin("alice");
        Http.Res r = http.put("/api/admin/users/" + bob + "/quota", Map.of("quota_bytes", 5));
        assertEquals(200, r.status(), r.text());
        assertEquals("User quota updated", r.json().get("message").asText());
        Http b = bob();
        String bobRoot = b.get("/api/folders").json().get(0).get("id").asText();
        assertEquals(507, b.upload(bobRoot, "big.txt", "more than five".getBytes()).status());
    }

    @Test
    void authStatusCountsTheAdmins() {
        Http anon = new Http(emu.baseUrl());
        assertEquals(0, anon.get("/api/auth/status").json().get("admin_count").asInt());
        emu.drives().makeAdmin("alice");
        assertEquals(1, anon.get("/api/auth/status").json().get("admin_count").asInt(), "auth_handler.rs:1356-1365");
        assertEquals(true, anon.get("/api/auth/status").json().get("registration_allowed").asBoolean());
    }

    @Test
    void theUsageReconcileJobAnswersOkAndAnUnknownJobIs404() {
        emu.drives().makeAdmin("alice");
        Http.Res r = http.post("/api/admin/jobs/usage_reconcile/trigger", Map.of());
        assertEquals(200, r.status());
        assertEquals(true, r.json().get("ok").asBoolean());
        assertEquals(404, http.post("/api/admin/jobs/nope/trigger", Map.of()).status());
    }

    @Test
    void putGrantsRoleChangesARoleAndAnswersTheGrantList() {
        String docs = mkdir(root, "docs");
        emu.drives().shareFolder(docs, "bob", "viewer", "alice");
        Map<String, Object> body = Map.of("subject", Map.of("type", "user", "id", emu.userId("bob")),
                "resource", Map.of("type", "folder", "id", docs), "role", "owner");
        Http.Res r = http.put("/api/grants/role", body);
        assertEquals(200, r.status());
        assertEquals("owner", r.json().get(0).get("role").asText());
        assertEquals(200, bob().put("/api/folders/" + docs + "/rename", Map.of("name", "docs2")).status());
    }
}
