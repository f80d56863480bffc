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
        JsonNode item = http.get("/api/trash/resources").json().get("items").get(0);
        assertEquals("file", item.get("resource_type").asText());
        assertEquals(f, item.get("resource_id").asText());
        assertEquals(d, item.get("parent_id").asText());
        assertEquals("x.txt", item.get("name").asText());
        assertEquals(1, item.get("size").asLong());
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
        assertEquals(204, http.delete("/api/trash/" + a).status());
        assertEquals(404, http.delete("/api/trash/" + a).status());
        assertEquals(204, http.delete("/api/trash/empty").status());
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
}
