package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.oxisync.emulator.config.EmulatorConfig;

/**
 * Shared drives as OxiCloud 0.8.7 bills, moves, renames, deletes and shares them over HTTP (citations in each test's
 * subject: emulator/README.md, "Drives, roles and shares"). Alice owns "Team"; bob is a member as each test says.
 */
class SharedDriveFidelityTest extends EmulatorTestBase {
    private String drive;
    private String teamRoot;

    @Override
    EmulatorConfig.Builder config() {
        return super.config().defaultQuotaBytes(1000);
    }

    @BeforeEach
    void team() {
        drive = emu.drives().createShared("Team", "alice", null);
        teamRoot = emu.drives().rootFolderId(drive);
    }

    private long myUsage(Http h) {
        return h.get("/api/auth/me").json().get("storage_used_bytes").asLong();
    }

    @Test
    void anUploadIntoASharedDriveIsBilledToTheDriveNotToTheUploader() {
        upload(teamRoot, "team.bin", new byte[600]);
        upload(teamRoot, "team2.bin", new byte[600]);
        assertEquals(0, myUsage(http), "storage_usage_service.rs:88-120 sums Personal drives only");
        assertEquals(1200, emu.drives().usedBytes(drive));
        upload(root, "mine.bin", new byte[900]);
        assertEquals(900, myUsage(http));
    }

    @Test
    void theUploadersOwnEnvelopeStillGatesAnUploadIntoASharedDrive() {
        upload(root, "mine.bin", new byte[900]);
        Http.Res r = http.upload(teamRoot, "team.bin", new byte[200]);
        assertEquals(507, r.status(), "check_upload_quotas_by_folder reads the user's counters too");
        assertEquals("Quota Exceeded", r.json().get("error_type").asText());
        assertEquals("Not enough storage space. File size: 200 B, available: 100 B", r.json().get("message").asText());
        Http.Res big = http.upload(teamRoot, "huge.bin", new byte[1001]);
        assertEquals("File size (1001 B) exceeds your total storage quota (1000 B)", big.json().get("message").asText());
    }

    @Test
    void aMoveIntoAnotherDriveOverItsQuotaIs507AndTheFileStays() {
        emu.drives().setQuota(drive, 100L);
        String f = upload(root, "big.bin", new byte[150]).get("id").asText();
        Http.Res r = http.put("/api/files/" + f + "/move", Map.of("folder_id", teamRoot));
        assertEquals(507, r.status());
        assertEquals("Drive quota exceeded: 0 + 150 > 100 bytes", r.json().get("message").asText());
        assertEquals(root, http.get("/api/files/" + f + "?metadata=true").json().get("folder_id").asText());
        String d = mkdir(root, "d");
        upload(d, "in.bin", new byte[150]);
        assertEquals(507, http.put("/api/folders/" + d + "/move", Map.of("parent_id", teamRoot)).status());
        emu.drives().setQuota(drive, 1000L);
        assertEquals(300, myUsage(http));
        assertEquals(200, http.put("/api/files/" + f + "/move", Map.of("folder_id", teamRoot)).status());
        assertEquals(150, emu.drives().usedBytes(drive));
        assertEquals(150, myUsage(http), "the moved file's bytes left the Personal drive with it");
    }

    @Test
    void aBatchCopyIntoASharedDriveOverItsQuotaIsAFailedEntryAndOneThatFitsIsANewFile() {
        emu.drives().setQuota(drive, 100L);
        String f = upload(root, "big.bin", new byte[150]).get("id").asText();
        Http.Res refused = http.post("/api/batch/files/copy", Map.of("file_ids", java.util.List.of(f),
                "target_folder_id", teamRoot));
        assertEquals(400, refused.status(), "every entry failed");
        assertEquals(f, refused.json().get("failed").get(0).get("id").asText());
        assertEquals(0, emu.drives().usedBytes(drive));
        emu.drives().setQuota(drive, 1000L);
        Http.Res copied = http.post("/api/batch/files/copy", Map.of("file_ids", java.util.List.of(f),
                "target_folder_id", teamRoot));
        assertEquals(200, copied.status());
        JsonNode copy = copied.json().get("successful").get(0);
        assertEquals("big.bin", copy.get("name").asText());
        assertEquals(teamRoot, copy.get("folder_id").asText());
        assertEquals(150, emu.drives().usedBytes(drive), "a new row of the drive");
        assertEquals(150, myUsage(http), "the original stays");
    }

    @Test
    void updatedByNamesTheMemberWhoRenamedOrMovedTheRow() {
        emu.drives().setMember(drive, "bob", "editor");
        String f = upload(teamRoot, "plan.txt", "p".getBytes()).get("id").asText();
        String d = mkdir(teamRoot, "docs");
        String alice = emu.userId("alice");
        String bob = emu.userId("bob");
        JsonNode renamed = bob().put("/api/files/" + f + "/rename", Map.of("name", "plan2.txt")).json();
        assertEquals(alice, renamed.get("created_by").asText());
        assertEquals(bob, renamed.get("updated_by").asText(), "file_blob_write_repository.rs:745-762");
        assertEquals(bob, bob().put("/api/folders/" + d + "/rename", Map.of("name", "docs2")).json()
                .get("updated_by").asText(), "folder_db_repository.rs:705-707");
        assertEquals(alice, http.put("/api/files/" + f + "/move", Map.of("folder_id", d)).json()
                .get("updated_by").asText(), "the last one to change it");
    }

    @Test
    void anOwnerRenamesTheDriveByItsRootAnEditorGets403() {
        emu.drives().setMember(drive, "bob", "editor");
        Http.Res editor = bob().put("/api/folders/" + teamRoot + "/rename", Map.of("name", "Bobs"));
        assertEquals(403, editor.status());
        assertEquals("Missing 'manage' permission on Folder " + teamRoot, editor.json().get("message").asText());
        assertEquals(200, http.put("/api/folders/" + teamRoot + "/rename", Map.of("name", "Team 2026")).status());
        JsonNode bobs = bob().get("/api/drives").json().get(1);
        assertEquals(drive, bobs.get("id").asText(), "same drive, same id");
        assertEquals("Team 2026", bobs.get("name").asText());
        assertEquals(teamRoot, bobs.get("root_folder_id").asText());
    }

    @Test
    void deletingADriveNeedsManageAndAnEmptyDriveAndDropsItsTrash() {
        emu.drives().setMember(drive, "bob", "viewer");
        String docs = mkdir(teamRoot, "docs");
        upload(docs, "in.txt", "i".getBytes());
        String f = upload(teamRoot, "a.txt", "a".getBytes()).get("id").asText();
        Http.Res full = http.delete("/api/drives/" + drive);
        assertEquals(409, full.status());
        assertEquals("Drive is not empty — move or trash its contents before deleting.", full.json().get("message").asText());
        Http.Res viewer = bob().delete("/api/drives/" + drive);
        assertEquals(403, viewer.status());
        assertEquals("Missing 'manage' permission on Drive " + drive, viewer.json().get("message").asText());
        String personal = http.get("/api/drives").json().get(0).get("id").asText();
        assertEquals(405, http.delete("/api/drives/" + personal).status());
        http.delete("/api/files/" + f);
        assertEquals(409, http.delete("/api/drives/" + drive).status(), "docs is still live");
        http.delete("/api/folders/" + docs);
        assertEquals(204, http.delete("/api/drives/" + drive).status(), "trashed rows (a trashed folder's too) do not count");
        assertEquals(404, bob().delete("/api/drives/" + drive).status());
        assertEquals(1, bob().get("/api/drives").json().size(), "gone from every member's list");
        assertEquals(404, bob().get("/api/folders/" + teamRoot).status());
        assertEquals(0, http.get("/api/trash/resources").json().get("items").size(), "its trash went with it");
    }

    @Test
    void postGrantsSharesAFolderOrSetsAMembershipOverHttp() {
        String docs = mkdir(teamRoot, "docs");
        String bobId = emu.userId("bob");
        Http.Res r = http.post("/api/grants", grant(bobId, "folder", docs, "editor"));
        assertEquals(201, r.status());
        assertEquals("editor", r.json().get("grants").get(0).get("role").asText());
        assertEquals(0, r.json().get("notification").get("total_recipients").asInt());
        assertEquals(200, bob().get("/api/folders/" + docs).status());
        assertEquals(404, bob().get("/api/folders/" + teamRoot).status(), "a folder share does not reach up");
        assertEquals(201, http.post("/api/grants", grant(bobId, "drive", drive, "viewer")).status());
        assertEquals("viewer", bob().get("/api/drives").json().get(1).get("caller_role").asText());
        Http.Res viewerShares = bob().post("/api/grants", grant(emu.userId("alice"), "folder", teamRoot, "owner"));
        assertEquals(403, viewerShares.status(), "an editor of docs, a viewer of the drive: no 'share'");
        String gid = r.json().get("grants").get(0).get("id").asText();
        assertEquals(204, http.delete("/api/grants/" + gid).status());
        assertEquals(204, http.delete("/api/grants/" + gid).status(), "idempotent");
    }

    @Test
    void aPersonalDriveRowCarriesNoQuotaAndIncomingDriveRowsNoCallerRole() {
        emu.drives().setMember(drive, "bob", "editor");
        JsonNode personal = http.get("/api/drives").json().get(0);
        assertEquals("personal", personal.get("kind").asText());
        assertFalse(personal.has("quota_bytes"), "migrations/20260916000000_null_personal_drive_quota.sql");
        for (JsonNode it : bob().get("/api/grants/incoming/resources?resource_types=drive").json().get("items")) {
            assertFalse(it.get("resource").has("caller_role"));
        }
    }

    private static Map<String, Object> grant(String userId, String type, String id, String role) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("subject", Map.of("type", "user", "id", userId));
        m.put("resource", Map.of("type", type, "id", id));
        m.put("role", role);
        return m;
    }
}
