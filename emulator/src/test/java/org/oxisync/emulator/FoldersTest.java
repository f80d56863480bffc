package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FoldersTest extends EmulatorTestBase {
    @Test
    void drivesListThePersonalDriveWithItsRootFolder() {
        JsonNode d = http.get("/api/drives").json().get(0);
        assertEquals("personal", d.get("kind").asText());
        assertEquals(emu.userId("alice"), d.get("default_for_user").asText());
        assertEquals(root, d.get("root_folder_id").asText());
        assertEquals("owner", d.get("caller_role").asText());
    }

    @Test
    void createReturns201AndASameNameSiblingIs409() {
        Http.Res r = http.post("/api/folders", Map.of("name", "Docs", "parent_id", root));
        assertEquals(201, r.status());
        JsonNode f = r.json();
        assertEquals("/Personal/Docs", f.get("path").asText());
        assertEquals(root, f.get("parent_id").asText());
        assertFalse(f.get("is_root").asBoolean());
        Http.Res dup = http.post("/api/folders", Map.of("name", "Docs", "parent_id", root));
        assertEquals(409, dup.status());
        assertEquals("409 Conflict", dup.json().get("status").asText());
    }

    @Test
    void namesAreCaseSensitive() {
        mkdir(root, "Docs");
        assertEquals(201, http.post("/api/folders", Map.of("name", "docs", "parent_id", root)).status());
    }

    @Test
    void namesAreNfcNormalizedSoNfdDuplicatesCollide() {
        String nfd = "Cafe\u0301";
        JsonNode f = http.post("/api/folders", Map.of("name", nfd, "parent_id", root)).json();
        assertEquals("Caf\u00e9", f.get("name").asText());
        assertEquals(409, http.post("/api/folders", Map.of("name", "Caf\u00e9", "parent_id", root)).status());
    }

    @Test
    void forbiddenNamesAre400AndOddOnesAreAccepted() {
        for (String bad : List.of("", ".", "..", "a/b", "a\\b", "a\u0000b")) {
            assertEquals(400, http.post("/api/folders", Map.of("name", bad, "parent_id", root)).status(), bad);
        }
        for (String ok : List.of("CON", "a:b*?", "trailing. ", " lead")) {
            assertEquals(201, http.post("/api/folders", Map.of("name", ok, "parent_id", root)).status(), ok);
        }
    }

    @Test
    void folderEtagHasTheIdPrefixAndTreeTime() {
        JsonNode f = http.get("/api/folders/" + root).json();
        assertEquals(root.substring(0, 16) + "-" + clock.instant().getEpochSecond(), f.get("etag").asText());
        assertTrue(f.get("is_root").asBoolean());
    }

    @Test
    void aDeepChangeBumpsEveryAncestorButNotSiblings() {
        String a = mkdir(root, "a");
        String b = mkdir(a, "b");
        String c = mkdir(b, "c");
        String sibling = mkdir(root, "sibling");
        String eRoot = folderEtag(root);
        String eA = folderEtag(a);
        String eB = folderEtag(b);
        String eC = folderEtag(c);
        String eS = folderEtag(sibling);
        upload(c, "deep.txt", "x".getBytes());
        assertNotEquals(eRoot, folderEtag(root));
        assertNotEquals(eA, folderEtag(a));
        assertNotEquals(eB, folderEtag(b));
        assertNotEquals(eC, folderEtag(c));
        assertEquals(eS, folderEtag(sibling));
    }

    @Test
    void treeModifiedAtIsMonotonicEvenWithinOneSecond() {
        String e0 = folderEtag(root);
        mkdir(root, "x");
        String e1 = folderEtag(root);
        mkdir(root, "y");
        String e2 = folderEtag(root);
        long t0 = Long.parseLong(e0.substring(17));
        long t1 = Long.parseLong(e1.substring(17));
        long t2 = Long.parseLong(e2.substring(17));
        assertTrue(t0 < t1 && t1 < t2, e0 + " " + e1 + " " + e2);
    }

    @Test
    void renameBumpsTheParentButNotTheRenamedFolder() {
        String a = mkdir(root, "a");
        String b = mkdir(a, "b");
        String eA = folderEtag(a);
        String eB = folderEtag(b);
        Http.Res r = http.put("/api/folders/" + b + "/rename", Map.of("name", "b2"));
        assertEquals(200, r.status());
        assertEquals("b2", r.json().get("name").asText());
        assertNotEquals(eA, folderEtag(a));
        assertEquals(eB, folderEtag(b));
    }

    @Test
    void renameToAnExistingSiblingNameIs409() {
        mkdir(root, "a");
        String b = mkdir(root, "b");
        assertEquals(409, http.put("/api/folders/" + b + "/rename", Map.of("name", "a")).status());
    }

    @Test
    void moveBumpsBothTheOldAndTheNewChain() {
        String from = mkdir(root, "from");
        String to = mkdir(root, "to");
        String x = mkdir(from, "x");
        String eFrom = folderEtag(from);
        String eTo = folderEtag(to);
        Http.Res r = http.put("/api/folders/" + x + "/move", Map.of("parent_id", to));
        assertEquals(200, r.status());
        assertEquals(to, r.json().get("parent_id").asText());
        assertNotEquals(eFrom, folderEtag(from));
        assertNotEquals(eTo, folderEtag(to));
    }

    @Test
    void moveIntoItsOwnDescendantIsRefused() {
        String a = mkdir(root, "a");
        String b = mkdir(a, "b");
        assertEquals(400, http.put("/api/folders/" + a + "/move", Map.of("parent_id", b)).status());
    }

    @Test
    void deleteMovesToTrashAndFreesTheName() {
        String a = mkdir(root, "a");
        assertEquals(204, http.delete("/api/folders/" + a).status());
        assertEquals(500, http.get("/api/folders/" + a).status(), "a trashed folder's GET is a 500 on 0.8.7");
        assertEquals(201, http.post("/api/folders", Map.of("name", "a", "parent_id", root)).status());
    }

    @Test
    void anotherUsersFolderIs404NotForbidden() {
        String a = mkdir(root, "private");
        Http bob = bob();
        assertEquals(404, bob.get("/api/folders/" + a).status());
        assertEquals(404, bob.post("/api/folders", Map.of("name", "intrude", "parent_id", a)).status());
        assertEquals(404, bob.put("/api/folders/" + a + "/rename", Map.of("name", "z")).status());
    }

    @Test
    void resourcesListFoldersFirstByNameWithTheEtagQuirk() {
        upload(root, "A.txt", "1".getBytes());
        String z = mkdir(root, "z-folder");
        mkdir(root, "b-folder");
        upload(root, "0.txt", "2".getBytes());
        JsonNode items = http.get("/api/folders/" + root + "/resources").json().get("items");
        List<String> names = new ArrayList<>();
        items.forEach(i -> names.add(i.get("resource_type").asText() + ":" + i.get("resource").get("name").asText()));
        assertEquals(List.of("folder:b-folder", "folder:z-folder", "file:0.txt", "file:A.txt"), names);
        JsonNode zRow = items.get(1).get("resource");
        assertEquals(z, zRow.get("etag").asText(), "a child folder's etag in a listing is its id");
        assertEquals("", zRow.get("path").asText());
        JsonNode fRow = items.get(2).get("resource");
        assertEquals("", fRow.get("path").asText());
        assertEquals(fRow.get("content_hash").asText().substring(0, 16) + "-" + fRow.get("modified_at").asLong(),
                fRow.get("etag").asText());
    }

    @Test
    void resourcesPageWithACursorAndLimit() {
        for (int i = 0; i < 7; i++) {
            mkdir(root, "d" + i);
        }
        List<String> seen = new ArrayList<>();
        String cursor = null;
        int pages = 0;
        do {
            JsonNode page = http.get("/api/folders/" + root + "/resources?limit=3" + (cursor == null ? "" : "&cursor=" + cursor)).json();
            page.get("items").forEach(i -> seen.add(i.get("resource").get("name").asText()));
            cursor = page.has("next_cursor") ? page.get("next_cursor").asText() : null; // omitted on the last page
            pages++;
        } while (cursor != null);
        assertEquals(3, pages);
        assertEquals(List.of("d0", "d1", "d2", "d3", "d4", "d5", "d6"), seen);
    }

    @Test
    void aPageAfterAChangeBetweenPagesListsTheFolderAsItIsThen() {
        for (int i = 0; i < 7; i++) {
            upload(root, "f" + i + ".txt", ("content " + i).getBytes());
        }
        JsonNode first = http.get("/api/folders/" + root + "/resources?limit=3").json();
        List<String> seen = new ArrayList<>();
        first.get("items").forEach(i -> seen.add(i.get("resource").get("name").asText()));
        assertEquals(List.of("f0.txt", "f1.txt", "f2.txt"), seen);
        // between the pages: a new name after the cursor's position, and a file renamed from before it to after it
        upload(root, "f2a.txt", "new".getBytes());
        String f0 = http.get("/api/folders/" + root + "/resources?limit=1").json().get("items").get(0)
                .get("resource").get("id").asText();
        assertEquals(200, http.put("/api/files/" + f0 + "/rename", Map.of("name", "f9.txt")).status());

        String cursor = first.get("next_cursor").asText();
        List<String> rest = new ArrayList<>();
        while (cursor != null) {
            JsonNode page = http.get("/api/folders/" + root + "/resources?limit=3&cursor=" + cursor).json();
            page.get("items").forEach(i -> rest.add(i.get("resource").get("name").asText()));
            cursor = page.has("next_cursor") ? page.get("next_cursor").asText() : null;
        }
        assertEquals(List.of("f2a.txt", "f3.txt", "f4.txt", "f5.txt", "f6.txt", "f9.txt"), rest,
                "the keyset continues over the folder as it is now");
    }

    @Test
    void invalidCursorRestartsFromTheTop() {
        mkdir(root, "only");
        JsonNode page = http.get("/api/folders/" + root + "/resources?cursor=!!garbage!!").json();
        assertEquals("only", page.get("items").get(0).get("resource").get("name").asText());
    }

    @Test
    void limitAbove200IsRejected() {
        assertEquals(400, http.get("/api/folders/" + root + "/resources?limit=201").status());
        assertEquals(200, http.get("/api/folders/" + root + "/resources?limit=200").status());
    }

    @Test
    void batchGetReturnsTreeEtagsAnd206OnPartialSuccess() {
        String a = mkdir(root, "a");
        Http.Res all = http.post("/api/batch/folders/get", Map.of("folder_ids", List.of(a, root)));
        assertEquals(200, all.status());
        assertEquals(folderEtag(a), all.json().get("successful").get(0).get("etag").asText());
        Http.Res partial = http.post("/api/batch/folders/get", Map.of("folder_ids", List.of(a, "00000000-0000-0000-0000-000000000000")));
        assertEquals(206, partial.status());
        assertEquals(1, partial.json().get("failed").size());
        assertEquals(2, partial.json().get("stats").get("total").asInt());
    }

    @Test
    void batchGetOver1000IdsIs400() {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < 1001; i++) {
            ids.add(root);
        }
        assertEquals(400, http.post("/api/batch/folders/get", Map.of("folder_ids", ids)).status());
    }

    @Test
    void delayedFlushBumpsAncestorsOnlyAfterTheDelay() throws Exception {
        emu.close();
        emu = OxiCloudEmulator.start(config().treeEtagFlushDelay(Duration.ofSeconds(30)).build());
        http = new Http(emu.baseUrl());
        http.login("alice", "secret");
        String before = folderEtag(root);
        mkdir(root, "later");
        assertEquals(before, http.get("/api/folders/" + root).json().get("etag").asText(), "not yet flushed");
        emu.flushTreeEtags();
        assertNotEquals(before, folderEtag(root));
    }

    @Test
    void aFolderCreatedWithoutParentLandsInTheCallersHome() {
        Map<String, Object> body = new java.util.HashMap<>();
        body.put("name", "auto");
        body.put("parent_id", null);
        Http.Res r = http.post("/api/folders", body);
        assertEquals(201, r.status(), r.text());
        assertEquals(root, r.json().get("parent_id").asText(), "folder_handler.rs:51-82");
        assertEquals(201, http.post("/api/folders", Map.of("name", "auto2")).status(), "absent as null");
    }
}
