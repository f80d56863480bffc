package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.oxisync.emulator.config.EmulatorConfig;

/**
 * The trash of a Shared drive is the drive's, not the user's (trash_service.rs:266-436, 649-692, 800-850;
 * trash_db_repository.rs:125-236): every member sees it, Delete on the item decides restore and purge, an Owner's
 * "empty trash" purges what every member deleted, and an id that is not in the trash answers 200.
 * Alice owns "Team"; bob and carol are members with the roles each test gives.
 */
class SharedDriveTrashTest extends EmulatorTestBase {
    private String drive;
    private String teamRoot;

    @Override
    EmulatorConfig.Builder config() {
        return super.config().user("carol", "pw3").user("dave", "pw4");
    }

    @BeforeEach
    void team() {
        drive = emu.drives().createShared("Team", "alice", null);
        teamRoot = emu.drives().rootFolderId(drive);
    }

    private Http as(String user, String password) {
        Http h = new Http(emu.baseUrl());
        h.login(user, password);
        return h;
    }

    private List<String> trashIds(Http h) {
        List<String> ids = new ArrayList<>();
        for (JsonNode it : h.get("/api/trash/resources").json().get("items")) {
            ids.add(it.get("resource").get("id").asText());
        }
        return ids;
    }

    @Test
    void anItemTrashedInASharedDriveIsListedForEveryMemberAndForNoStranger() {
        emu.drives().setMember(drive, "bob", "viewer");
        String f = upload(teamRoot, "plan.txt", "p".getBytes()).get("id").asText();
        assertEquals(200, http.delete("/api/trash/files/" + f).status());
        assertEquals(List.of(f), trashIds(bob()), "a Viewer sees the drive's trash");
        assertEquals(List.of(), trashIds(as("carol", "pw3")), "not a member");
        JsonNode row = bob().get("/api/trash/resources").json().get("items").get(0);
        assertEquals(drive, row.get("drive_id").asText());
    }

    @Test
    void aViewersRestoreIs403AnotherOwnersRestoreBringsItBack() {
        emu.drives().setMember(drive, "bob", "viewer");
        emu.drives().setMember(drive, "carol", "owner");
        String f = upload(teamRoot, "plan.txt", "p".getBytes()).get("id").asText();
        http.delete("/api/files/" + f);
        Http.Res viewer = bob().post("/api/trash/" + f + "/restore", Map.of());
        assertEquals(403, viewer.status());
        assertEquals("Missing 'delete' permission on File " + f, viewer.json().get("message").asText());
        assertEquals(404, as("dave", "pw4").post("/api/trash/" + f + "/restore", Map.of()).status(), "a stranger");
        Http.Res owner = as("carol", "pw3").post("/api/trash/" + f + "/restore", Map.of());
        assertEquals(200, owner.status());
        assertEquals("{\"success\":true,\"message\":\"Item restored successfully\"}", owner.text());
        assertEquals(200, bob().get("/api/files/" + f + "?metadata=true").status());
    }

    @Test
    void aViewerEmptyingTheDrivesTrashIs403AndAStrangerGets404() {
        emu.drives().setMember(drive, "bob", "viewer");
        String f = upload(teamRoot, "plan.txt", "p".getBytes()).get("id").asText();
        http.delete("/api/files/" + f);
        Http.Res viewer = bob().delete("/api/trash/drive/" + drive);
        assertEquals(403, viewer.status());
        assertEquals("Missing 'delete' permission on Drive " + drive, viewer.json().get("message").asText());
        assertEquals(404, as("carol", "pw3").delete("/api/trash/drive/" + drive).status());
        assertEquals(200, bob().delete("/api/trash/empty").status(), "empties only the drives where bob has Delete");
        assertEquals(List.of(f), trashIds(http), "still in the drive's trash");
        Http.Res owner = http.delete("/api/trash/drive/" + drive);
        assertEquals(200, owner.status());
        assertEquals("{\"success\":true,\"drive_id\":\"" + drive + "\"}", owner.text());
        assertEquals(List.of(), trashIds(bob()));
    }

    @Test
    void anOwnersEmptyTrashPurgesWhatAnotherMemberDeleted() {
        emu.drives().setMember(drive, "carol", "owner");
        Http carol = as("carol", "pw3");
        String f = carol.upload(teamRoot, "carols.txt", "c".getBytes()).json().get("id").asText();
        assertEquals(204, carol.delete("/api/files/" + f).status());
        assertEquals(200, http.delete("/api/trash/empty").status());
        assertEquals(List.of(), trashIds(carol), "alice's empty trash purged carol's deleted file");
        assertEquals(0, emu.drives().usedBytes(drive));
    }

    @Test
    void restoringAnIdThatIsNotInTheTrashAnswers200AndBringsNothingBack() {
        String f = upload(root, "gone.txt", "g".getBytes()).get("id").asText();
        http.delete("/api/files/" + f);
        http.delete("/api/trash/" + f);
        Http.Res r = http.post("/api/trash/" + f + "/restore", Map.of());
        assertEquals(200, r.status(), "\"considering as already restored\"");
        assertEquals(404, http.get("/api/files/" + f + "?metadata=true").status(), "200, yet nothing is back");
        String live = upload(root, "live.txt", "l".getBytes()).get("id").asText();
        assertEquals(200, http.post("/api/trash/" + live + "/restore", Map.of()).status(), "a live id too");
        assertEquals(400, http.post("/api/trash/not-a-uuid/restore", Map.of()).status());
    }

    @Test
    void theTrashListingFollowsOrderByAndResourceTypes() {
        String d = mkdir(root, "zeta");
        String a = upload(root, "b-big.txt", new byte[50]).get("id").asText();
        String b = upload(root, "A-small.txt", new byte[5]).get("id").asText();
        http.delete("/api/folders/" + d);
        http.delete("/api/files/" + a);
        http.delete("/api/files/" + b);
        List<String> byName = ids(http.get("/api/trash/resources?order_by=name").json());
        assertEquals(List.of(d, b, a), byName, "folders first, then lower-cased names");
        assertEquals(List.of(d, a, b), ids(http.get("/api/trash/resources?order_by=name&reverse=true").json()));
        assertEquals(List.of(d, b, a), ids(http.get("/api/trash/resources?order_by=size").json()), "folders are -1");
        assertEquals(List.of(a, b), ids(http.get("/api/trash/resources?resource_types=file&order_by=size&reverse=true")
                .json()));
        assertEquals(List.of(d), ids(http.get("/api/trash/resources?resource_types=folder").json()));
        JsonNode p1 = http.get("/api/trash/resources?order_by=name&limit=2").json();
        assertEquals(List.of(d, b), ids(p1));
        JsonNode p2 = http.get("/api/trash/resources?order_by=name&limit=2&cursor=" + p1.get("next_cursor").asText())
                .json();
        assertEquals(List.of(a), ids(p2));
        assertFalse(p2.has("next_cursor"));
        assertTrue(ids(http.get("/api/trash/resources?order_by=size&cursor=" + p1.get("next_cursor").asText()).json())
                .size() == 3, "a cursor of another order starts again from the top");
    }

    @Test
    void theTrashListingByTypeSortsFilesByTheirCategoryOrder() {
        String d = mkdir(root, "zeta");
        String text = upload(root, "a.txt", "t".getBytes()).get("id").asText();
        String image = upload(root, "z.png", "p".getBytes()).get("id").asText();
        http.delete("/api/folders/" + d);
        http.delete("/api/files/" + text);
        http.delete("/api/files/" + image);
        assertEquals(List.of(d, image, text), ids(http.get("/api/trash/resources?order_by=type").json()),
                "folders 0, Image 100, Text 1100 (category_order_for), only then by name");
    }

    private static List<String> ids(JsonNode page) {
        List<String> out = new ArrayList<>();
        page.get("items").forEach(it -> out.add(it.get("resource").get("id").asText()));
        return out;
    }
}
