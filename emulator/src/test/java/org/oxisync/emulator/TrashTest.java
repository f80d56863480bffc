package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TrashTest extends EmulatorTestBase {
    @Test
    void trashListsItemsWithTheirOriginalParent() {
        String d = mkdir(root, "d");
        String f = upload(d, "x.txt", "x".getBytes()).get("id").asText();
        http.delete("/api/files/" + f);
        JsonNode page = http.get("/api/trash/resources").json();
        assertEquals(false, page.has("next_cursor"), "omitted on the last page");
        JsonNode item = page.get("items").get(0);
        assertEquals("file", item.get("resource_type").asText());
        assertEquals(emu.userId("alice").isEmpty(), false);
        java.time.Instant trashed = java.time.Instant.parse(item.get("trashed_at").asText());
        assertEquals(trashed.plus(java.time.Duration.ofDays(30)), java.time.Instant.parse(item.get("deletion_date").asText()));
        JsonNode res = item.get("resource");
        assertEquals(f, res.get("id").asText());
        assertEquals(d, res.get("folder_id").asText());
        assertEquals("x.txt", res.get("name").asText());
        assertEquals(1, res.get("size").asLong());
        assertEquals(false, item.has("name"), "nested, not flat");
    }

    @Test
    void restoreBringsTheItemBackAndBumpsItsParent() {
        String d = mkdir(root, "d");
        String f = upload(d, "x.txt", "x".getBytes()).get("id").asText();
        http.delete("/api/files/" + f);
        String before = folderEtag(d);
        assertEquals(200, http.post("/api/trash/" + f + "/restore", Map.of()).status());
        assertEquals(200, http.get("/api/files/" + f).status());
        assertEquals(0, http.get("/api/trash/resources").json().get("items").size());
        assertEquals(false, before.equals(folderEtag(d)));
    }

    @Test
    void restoreIntoATakenNameIs409() {
        String f = upload(root, "x.txt", "x".getBytes()).get("id").asText();
        http.delete("/api/files/" + f);
        upload(root, "x.txt", "y".getBytes());
        assertEquals(409, http.post("/api/trash/" + f + "/restore", Map.of()).status());
    }

    @Test
    void restoringAFolderRestoresItsContents() {
        String d = mkdir(root, "d");
        String f = upload(d, "x.txt", "x".getBytes()).get("id").asText();
        http.delete("/api/trash/folders/" + d);
        assertEquals(404, http.get("/api/files/" + f).status());
        http.post("/api/trash/" + d + "/restore", Map.of());
        assertEquals(200, http.get("/api/files/" + f).status());
    }

    @Test
    void permanentDeleteAndEmptyRemoveItemsAndFreeQuota() {
        String a = upload(root, "a", new byte[100]).get("id").asText();
        String b = upload(root, "b", new byte[50]).get("id").asText();
        http.delete("/api/trash/files/" + a);
        http.delete("/api/files/" + b);
        assertEquals(150, http.get("/api/auth/me").json().get("storage_used_bytes").asLong(), "trash still counts");
        assertEquals(200, http.delete("/api/trash/" + a).status());
        assertEquals(200, http.delete("/api/trash/" + a).status(), "gone already: 'considering as already deleted'");
        Http.Res empty = http.delete("/api/trash/empty");
        assertEquals(200, empty.status());
        assertEquals("{\"success\":true,\"message\":\"Trash emptied successfully\"}", empty.text());
        assertEquals(0, http.get("/api/trash/resources").json().get("items").size());
        assertEquals(0, http.get("/api/auth/me").json().get("storage_used_bytes").asLong());
    }

    @Test
    void anotherUsersTrashItemIs404() {
        String f = upload(root, "x.txt", "x".getBytes()).get("id").asText();
        http.delete("/api/files/" + f);
        assertEquals(404, bob().post("/api/trash/" + f + "/restore", Map.of()).status());
        assertEquals(404, bob().delete("/api/trash/" + f).status());
    }

    @Test
    void trashListingShowsOnlyTopLevelRowsAndPagesByDeletionDate() {
        String d = mkdir(root, "d");
        String inner = upload(d, "in.txt", "i".getBytes()).get("id").asText();
        http.delete("/api/files/" + inner);
        clock.advance(java.time.Duration.ofSeconds(10));
        http.delete("/api/folders/" + d);
        String a = upload(root, "a", "a".getBytes()).get("id").asText();
        clock.advance(java.time.Duration.ofSeconds(10));
        http.delete("/api/files/" + a);
        JsonNode p1 = http.get("/api/trash/resources?limit=1").json();
        assertEquals(1, p1.get("items").size());
        assertEquals(d, p1.get("items").get(0).get("resource").get("id").asText(), "expiring soonest first");
        assertEquals(d, p1.get("items").get(0).get("resource").get("etag").asText());
        JsonNode p2 = http.get("/api/trash/resources?limit=1&cursor=" + p1.get("next_cursor").asText()).json();
        assertEquals(a, p2.get("items").get(0).get("resource").get("id").asText());
        assertEquals(false, p2.has("next_cursor"), "the file inside the trashed folder is not listed");
        assertEquals(200, http.get("/api/trash/resources?limit=500").status(), "limit is clamped");
    }
}
