package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The real server's drive management routes: admin-only create and quota, Owner-only membership. */
class DriveAdminApiTest extends EmulatorTestBase {
    private Map<String, Object> createBody(String name, String ownerId) {
        Map<String, Object> b = new HashMap<>();
        b.put("kind", "shared");
        b.put("name", name);
        b.put("owner", Map.of("type", "user", "id", ownerId));
        b.put("quota_bytes", 5000);
        return b;
    }

    @Test
    void onlyAnAdminCreatesASharedDriveAndItsOwnerSeesIt() {
        Http.Res refused = http.post("/api/drives", createBody("Team", emu.userId("alice")));
        assertEquals(403, refused.status());
        assertEquals("Only OxiCloud administrators can create shared drives.", refused.json().get("message").asText());
        emu.drives().makeAdmin("alice");
        http.login("alice", "secret");
        Http.Res made = http.post("/api/drives", createBody("  Team ", emu.userId("bob")));
        assertEquals(201, made.status(), made.text());
        assertEquals("Team", made.json().get("name").asText(), "trimmed");
        assertEquals(5000, made.json().get("quota_bytes").asLong());
        JsonNode bobs = bob().get("/api/drives").json();
        assertEquals("owner", bobs.get(1).get("caller_role").asText());
        assertEquals(400, http.post("/api/drives", createBody(" ", emu.userId("bob"))).status());
        Map<String, Object> personal = createBody("P", emu.userId("bob"));
        personal.put("kind", "personal");
        assertEquals(501, http.post("/api/drives", personal).status());
    }

    @Test
    void theOwnerManagesMembersAndTheLastOwnerCannotLeave() {
        String drive = emu.drives().createShared("Team", "alice", null);
        String bobId = emu.userId("bob");
        Http.Res added = http.post("/api/drives/" + drive + "/members",
                Map.of("subject", Map.of("type", "user", "id", bobId), "role", "viewer"));
        assertEquals(201, added.status(), added.text());
        assertEquals("viewer", added.json().get("role").asText());
        Http bob = bob();
        Http.Res bobTries = bob.patch("/api/drives/" + drive + "/members/user/" + bobId, Map.of("role", "owner"));
        assertEquals(403, bobTries.status());
        assertEquals("Missing 'manage' permission on Drive " + drive, bobTries.json().get("message").asText());
        assertEquals(2, bob.get("/api/drives/" + drive + "/members").json().size(), "a member may list them");
        assertEquals(200, http.patch("/api/drives/" + drive + "/members/user/" + bobId, Map.of("role", "editor")).status());
        assertEquals("editor", bob.get("/api/drives").json().get(1).get("caller_role").asText());
        String aliceId = emu.userId("alice");
        Http.Res lastOwner = http.delete("/api/drives/" + drive + "/members/user/" + aliceId);
        assertEquals(400, lastOwner.status());
        assertEquals(422, http.patch("/api/drives/" + drive + "/members/user/" + bobId, Map.of("role", "admin")).status());
        assertEquals(204, http.delete("/api/drives/" + drive + "/members/user/" + bobId).status());
        assertEquals(1, bob.get("/api/drives").json().size());
        assertEquals(404, bob.get("/api/drives/" + drive + "/members").status(), "a stranger cannot see it");
        Http.Res personal = http.post("/api/drives/" + bob.get("/api/drives").json().get(0).get("id").asText()
                + "/members", Map.of("subject", Map.of("type", "user", "id", aliceId), "role", "viewer"));
        assertEquals(404, personal.status(), "another user's Personal drive is hidden");
        String own = http.get("/api/drives").json().get(0).get("id").asText();
        assertEquals(405, http.post("/api/drives/" + own + "/members",
                Map.of("subject", Map.of("type", "user", "id", bobId), "role", "viewer")).status());
    }

    @Test
    void onlyAnAdminSetsADrivesQuotaOthersGet404() {
        String drive = emu.drives().createShared("Team", "alice", null);
        assertEquals(404, http.patch("/api/drives/" + drive + "/quota", Map.of("quota_bytes", 10)).status());
        emu.drives().makeAdmin("alice");
        http.login("alice", "secret");
        Http.Res set = http.patch("/api/drives/" + drive + "/quota", Map.of("quota_bytes", 10));
        assertEquals(200, set.status());
        assertEquals(10, set.json().get("quota_bytes").asLong());
        Http.Res none = http.patch("/api/drives/" + drive + "/quota", Map.of("quota_bytes", 0));
        assertFalse(none.json().get("quota_bytes").isNumber(), "0 = no quota");
        String own = http.get("/api/drives").json().get(0).get("id").asText();
        assertEquals(400, http.patch("/api/drives/" + own + "/quota", Map.of("quota_bytes", 10)).status());
    }
}
