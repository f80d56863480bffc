package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Behaviours copied from the real 0.8.7 server (shared/reference/oxicloud-0.8.7-source-audit.md). */
class RealServerFidelityTest extends EmulatorTestBase {

    // ------------------------------------------------------------------ #1 limiters

    @Test
    void deltaLimiterDefaultsTo240PerUser() {
        Map<String, Object> body = Map.of("chunks", List.of(Map.of("h", "a".repeat(64), "s", 1)));
        for (int i = 0; i < 240; i++) {
            assertEquals(200, http.post("/api/files/delta/negotiate", body).status(), "request " + i);
        }
        assertEquals(429, http.post("/api/files/delta/negotiate", body).status());
    }

    @Test
    void deltaLimiterWindowIsConfigurable() {
        emu.close();
        emu = OxiCloudEmulator.start(config().deltaRateLimitPerMinute(1).deltaRateLimitWindow(Duration.ofSeconds(5)).build());
        http = new Http(emu.baseUrl());
        http.login("alice", "secret");
        Map<String, Object> body = Map.of("chunks", List.of(Map.of("h", "a".repeat(64), "s", 1)));
        assertEquals(200, http.post("/api/files/delta/negotiate", body).status());
        assertEquals(429, http.post("/api/files/delta/negotiate", body).status());
        clock.advance(Duration.ofSeconds(5));
        assertEquals(200, http.post("/api/files/delta/negotiate", body).status());
    }

    @Test
    void loginIsLimitedTo10PerMinutePerIpWithRetryAfter() {
        // the base class logged in once already
        for (int i = 0; i < 9; i++) {
            assertEquals(200, new Http(emu.baseUrl()).post("/api/auth/login",
                    Map.of("username", "bob", "password", "hunter2")).status(), "login " + i);
        }
        Http.Res r = new Http(emu.baseUrl()).post("/api/auth/login", Map.of("username", "bob", "password", "hunter2"));
        assertEquals(429, r.status());
        assertEquals("60", r.header("Retry-After"));
        assertEquals("Too many requests", r.json().get("error").asText());
        assertEquals(60, r.json().get("retry_after_secs").asInt());
        clock.advance(Duration.ofSeconds(59));
        assertEquals(429, new Http(emu.baseUrl()).post("/api/auth/login",
                Map.of("username", "bob", "password", "hunter2")).status(), "the refused try restarted the TTL");
        clock.advance(Duration.ofSeconds(60));
        assertEquals(200, new Http(emu.baseUrl()).post("/api/auth/login",
                Map.of("username", "bob", "password", "hunter2")).status());
    }

    @Test
    void refreshIsLimitedTo20PerMinutePerIp() {
        String token = http.post("/api/auth/login", Map.of("username", "bob", "password", "hunter2"))
                .json().get("refresh_token").asText();
        for (int i = 0; i < 20; i++) {
            Http.Res r = new Http(emu.baseUrl()).post("/api/auth/refresh", Map.of("refresh_token", token));
            assertEquals(200, r.status(), "refresh " + i);
            token = r.json().get("refresh_token").asText();
        }
        Http.Res r = new Http(emu.baseUrl()).post("/api/auth/refresh", Map.of("refresh_token", token));
        assertEquals(429, r.status());
        assertEquals("60", r.header("Retry-After"));
    }

    @Test
    void accountLockoutHasNoRetryAfterAndLastsFromTheLastFailure() {
        Http h = new Http(emu.baseUrl());
        for (int i = 0; i < 5; i++) {
            assertEquals(403, h.post("/api/auth/login", Map.of("username", "bob", "password", "bad")).status());
        }
        Http.Res locked = h.post("/api/auth/login", Map.of("username", "BOB", "password", "hunter2"));
        assertEquals(429, locked.status(), "the key is the lowercased login name");
        assertEquals("AccountLocked", locked.json().get("error_type").asText());
        assertNull(locked.header("Retry-After"));
        clock.advance(Duration.ofSeconds(900));
        assertEquals(200, h.post("/api/auth/login", Map.of("username", "bob", "password", "hunter2")).status());
    }

    @Test
    void forwardedForIsIgnoredWithoutATrustedProxySoASpoofedAddressStillLocksThePeer() throws Exception {
        for (int i = 0; i < 5; i++) {
            assertEquals(403, TrustedProxyLockoutTest.login(emu.baseUrl(), "bad", "203.0.113.7"));
        }
        assertEquals(429, TrustedProxyLockoutTest.login(emu.baseUrl(), "hunter2", null),
                "no OXICLOUD_TRUST_PROXY_CIDR by default: the header names nobody");
    }

    // ------------------------------------------------------------------ #2 deletes of trashed items

    @Test
    void secondDeleteOfAFileDeletesItForGood() {
        String f = upload(root, "x.txt", "x".getBytes()).get("id").asText();
        assertEquals(204, http.delete("/api/files/" + f).status());
        assertEquals(1, trashItems().size());
        assertEquals(204, http.delete("/api/files/" + f).status(), "hard delete, not 404");
        assertEquals(0, trashItems().size());
        assertEquals(0, http.get("/api/auth/me").json().get("storage_used_bytes").asLong());
        assertEquals(404, http.delete("/api/files/" + f).status(), "now it is gone");
    }

    @Test
    void secondDeleteOfAFolderDeletesItsSubtreeForGood() {
        String d = mkdir(root, "d");
        String f = upload(d, "x.txt", "x".getBytes()).get("id").asText();
        assertEquals(204, http.delete("/api/folders/" + d).status());
        assertEquals(204, http.delete("/api/folders/" + d).status());
        assertEquals(0, trashItems().size());
        assertEquals(404, http.delete("/api/files/" + f).status());
    }

    @Test
    void deleteOfAFileInsideATrashedFolderDeletesItForGood() {
        String d = mkdir(root, "d");
        String f = upload(d, "x.txt", "x".getBytes()).get("id").asText();
        http.delete("/api/folders/" + d);
        assertEquals(204, http.delete("/api/files/" + f).status());
        assertEquals(200, http.post("/api/trash/" + d + "/restore", Map.of()).status());
        assertEquals(0, http.get("/api/folders/" + d + "/resources").json().get("items").size());
    }

    @Test
    void trashOnlyDeleteAnswers200ThenFails500() {
        String f = upload(root, "x.txt", "x".getBytes()).get("id").asText();
        Http.Res first = http.delete("/api/trash/files/" + f);
        assertEquals(200, first.status());
        assertTrue(first.json().get("success").asBoolean());
        Http.Res again = http.delete("/api/trash/files/" + f);
        assertEquals(500, again.status());
        assertEquals("Internal Error", again.json().get("error_type").asText());
        assertEquals(1, trashItems().size(), "still in the trash");
        String d = mkdir(root, "d");
        assertEquals(200, http.delete("/api/trash/folders/" + d).status());
        assertEquals(500, http.delete("/api/trash/folders/" + d).status());
    }

    // ------------------------------------------------------------------ #3, #9 trashed folders

    @Test
    void writesIntoATrashedFolderSucceedAndStayHidden() {
        String d = mkdir(root, "d");
        String other = upload(root, "m.txt", "m".getBytes()).get("id").asText();
        String sub = mkdir(root, "sub");
        emu.remote("alice").trash("/d");
        assertEquals(201, http.upload(d, "new.txt", "n".getBytes()).status(), "multipart");
        assertEquals(201, http.post("/api/folders", Map.of("name", "nf", "parent_id", d)).status(), "folder create");
        String hash = upload(root, "h.txt", "h".getBytes()).get("content_hash").asText();
        assertEquals(201, http.post("/api/files/by-hash", Map.of("name", "bh.txt", "folder_id", d, "hash", hash)).status());
        assertEquals(200, http.put("/api/files/" + other + "/move", Map.of("folder_id", d)).status(), "file move");
        assertEquals(200, http.put("/api/folders/" + sub + "/move", Map.of("parent_id", d)).status(), "folder move");
        assertEquals(List.of("h.txt"), emu.remote("alice").list("/"));
        assertEquals(1, trashItems().size(), "only the trashed folder is a trash item");
        assertEquals(200, http.delete("/api/trash/empty").status());
        assertEquals(404, http.get("/api/files/" + other).status(), "gone with the folder");
    }

    @Test
    void deltaCommitCreateIntoATrashedFolderSucceeds() {
        String d = mkdir(root, "d");
        http.delete("/api/folders/" + d);
        byte[] data = "delta into trash".getBytes();
        String h = org.oxisync.emulator.hash.Blake3.hex(data, 0, data.length);
        java.io.ByteArrayOutputStream frames = new java.io.ByteArrayOutputStream();
        frames.writeBytes(java.nio.ByteBuffer.allocate(4).putInt(data.length).array());
        frames.writeBytes(data);
        assertEquals(200, http.putBytes("/api/files/delta/chunks", frames.toByteArray()).status());
        Http.Res c = http.post("/api/files/delta/commit", Map.of("name", "z.bin", "folder_id", d, "file_hash", h,
                "chunks", List.of(Map.of("h", h, "s", data.length))));
        assertEquals(201, c.status(), c.text());
    }

    @Test
    void trashedFolderGetIs500AndItsListingAnEmptyPage() {
        String d = mkdir(root, "d");
        upload(d, "x.txt", "x".getBytes());
        http.delete("/api/folders/" + d);
        Http.Res get = http.get("/api/folders/" + d);
        assertEquals(500, get.status());
        assertEquals("Internal Error", get.json().get("error_type").asText());
        assertEquals("An internal error occurred. Please try again later.", get.json().get("message").asText());
        Http.Res list = http.get("/api/folders/" + d + "/resources");
        assertEquals(200, list.status());
        assertEquals(0, list.json().get("items").size());
        assertEquals(404, http.get("/api/folders/" + java.util.UUID.randomUUID()).status(), "unknown stays 404");
    }

    // ------------------------------------------------------------------ #8, #14 batch

    @Test
    void batchFolderGetIs400WhenEveryIdFails() {
        String d = mkdir(root, "d");
        http.delete("/api/folders/" + d);
        Http.Res all = http.post("/api/batch/folders/get", Map.of("folder_ids", List.of(d, "nope")));
        assertEquals(400, all.status());
        assertEquals(2, all.json().get("failed").size());
        assertEquals(206, http.post("/api/batch/folders/get", Map.of("folder_ids", List.of(root, d))).status());
        assertEquals(200, http.post("/api/batch/folders/get", Map.of("folder_ids", List.of(root))).status());
    }

    @Test
    void batchTrashIsTrashOnly() {
        String a = upload(root, "a", "a".getBytes()).get("id").asText();
        String d = mkdir(root, "d");
        Http.Res r = http.post("/api/batch/trash", Map.of("file_ids", List.of(a), "folder_ids", List.of(d)));
        assertEquals(200, r.status(), r.text());
        assertEquals(2, r.json().get("stats").get("successful").asInt());
        assertEquals(a, r.json().get("successful").get(0).asText());
        Http.Res again = http.post("/api/batch/trash", Map.of("file_ids", List.of(a), "folder_ids", List.of(d)));
        assertEquals(400, again.status(), "all failed");
        assertEquals(2, again.json().get("failed").size());
        assertEquals(2, trashItems().size(), "nothing was deleted for good");
        String b = upload(root, "b", "b".getBytes()).get("id").asText();
        assertEquals(206, http.post("/api/batch/trash", Map.of("file_ids", List.of(a, b))).status());
        assertEquals(400, http.post("/api/batch/trash", Map.of()).status());
        assertEquals("No file or folder IDs provided", http.post("/api/batch/trash", Map.of()).json().get("error").asText());
    }

    @Test
    void batchMoves() {
        String t = mkdir(root, "t");
        String a = upload(root, "a", "a".getBytes()).get("id").asText();
        String d = mkdir(root, "d");
        Http.Res files = http.post("/api/batch/files/move", Map.of("file_ids", List.of(a, "nope"), "target_folder_id", t));
        assertEquals(206, files.status());
        assertEquals(t, files.json().get("successful").get(0).get("folder_id").asText());
        Http.Res folders = http.post("/api/batch/folders/move", Map.of("folder_ids", List.of(d), "target_folder_id", t));
        assertEquals(200, folders.status());
        assertEquals(t, folders.json().get("successful").get(0).get("parent_id").asText());
        assertEquals(List.of("d", "a"), emu.remote("alice").list("/t"));
    }

    // ------------------------------------------------------------------ #10 tree-ETag flusher

    @Test
    void treeEtagsAreBumpedByA500MsFlusherByDefault() throws Exception {
        assertEquals(Duration.ofMillis(500), config().build().treeEtagFlushDelay(), "the server's default");
        String d = mkdir(root, "d");
        emu.flushTreeEtags();
        clock.advance(Duration.ofSeconds(5));
        String before = http.get("/api/folders/" + root).json().get("etag").asText();
        upload(d, "x", "x".getBytes());
        // "not at once" is checked with a flusher that cannot run meanwhile (next test): on a loaded machine 500 ms
        // may pass between the upload's answer and the next request
        long deadline = System.nanoTime() + 3_000_000_000L;
        String now = before;
        while (now.equals(before) && System.nanoTime() < deadline) {
            Thread.sleep(50);
            now = http.get("/api/folders/" + root).json().get("etag").asText();
        }
        assertNotEquals(before, now, "bumped by the background flusher");
    }

    @Test
    void aWriteDoesNotBumpTheTreeEtagsAtOnceButAtTheNextFlush() {
        emu.close();
        emu = OxiCloudEmulator.start(config().treeEtagFlushDelay(Duration.ofHours(1)).build());
        http = new Http(emu.baseUrl());
        http.login("alice", "secret");
        String r = emu.rootFolderId("alice");
        String d = mkdir(r, "d");
        emu.flushTreeEtags();
        clock.advance(Duration.ofSeconds(5));
        String before = http.get("/api/folders/" + r).json().get("etag").asText();
        upload(d, "x", "x".getBytes());
        assertEquals(before, http.get("/api/folders/" + r).json().get("etag").asText(), "not bumped at once");
        emu.flushTreeEtags();
        assertNotEquals(before, http.get("/api/folders/" + r).json().get("etag").asText(), "bumped by the flush");
    }

    @Test
    void zeroFlushDelayStillGivesSynchronousBumps() {
        emu.close();
        emu = OxiCloudEmulator.start(config().treeEtagFlushDelay(Duration.ZERO).build());
        http = new Http(emu.baseUrl());
        http.login("alice", "secret");
        String r = emu.rootFolderId("alice");
        clock.advance(Duration.ofSeconds(5));
        String before = http.get("/api/folders/" + r).json().get("etag").asText();
        mkdir(r, "x");
        assertNotEquals(before, http.get("/api/folders/" + r).json().get("etag").asText());
    }

    JsonNode trashItems() {
        return http.get("/api/trash/resources").json().get("items");
    }

    // ------------------------------------------------------------------ #5, #6 names

    @Test
    void multipartFilenameIsTakenAsMulterDoes() {
        assertEquals("a\"b.txt", upload(root, "a\\\"b.txt", "1".getBytes()).get("name").asText(), "\\\" unescaped");
        assertEquals("a%22b.txt", upload(root, "a%22b.txt", "2".getBytes()).get("name").asText(), "no %-decoding");
        assertEquals(" x.bin ", upload(root, " x.bin ", "3".getBytes()).get("name").asText(), "multipart keeps spaces");
        assertEquals("Q: notes.txt", upload(root, "Q: notes.txt", "4".getBytes()).get("name").asText());
        assertEquals("C:x", upload(root, "C:x", "5".getBytes()).get("name").asText());
    }

    @Test
    void renameAndDeltaCreateTrimButFolderNamesDoNot() {
        String f = upload(root, "r.txt", "r".getBytes()).get("id").asText();
        assertEquals("s.txt", http.put("/api/files/" + f + "/rename", Map.of("name", "  s.txt ")).json().get("name").asText());
        Http.Res d = http.post("/api/folders", Map.of("name", " sp ", "parent_id", root));
        assertEquals(" sp ", d.json().get("name").asText());
        String id = d.json().get("id").asText();
        assertEquals(" t ", http.put("/api/folders/" + id + "/rename", Map.of("name", " t ")).json().get("name").asText());
        assertEquals("a:b", http.post("/api/folders", Map.of("name", "a:b", "parent_id", root)).json().get("name").asText());
        assertEquals(400, http.post("/api/folders", Map.of("name", "..", "parent_id", root)).status());
    }

    @Test
    void multerAttributeParsing() {
        assertEquals("x.txt", org.oxisync.emulator.http.Multipart.multerAttrForTest(
                "form-data; name=\"file\"; filename=\"x.txt\"; filename*=UTF-8''y.txt", "filename"));
        assertNull(org.oxisync.emulator.http.Multipart.multerAttrForTest(
                "form-data; name=\"file\"; filename*=UTF-8''y.txt; filename=\"x.txt\"", "filename"),
                "filename* first hides the name, as in multer");
        assertEquals("file", org.oxisync.emulator.http.Multipart.multerAttrForTest(
                "form-data; filename=\"x\"; name=file", "name"));
        assertEquals("a\\b", org.oxisync.emulator.http.Multipart.multerAttrForTest(
                "form-data; name=\"file\"; filename=\"a\\b\"", "filename"), "a lone backslash stays");
    }

    // ------------------------------------------------------------------ #23 ownership counts trashed files

    @Test
    void trashedFilesStillCountAsOwned() {
        JsonNode f = upload(root, "t.txt", "trashed content".getBytes());
        String hash = f.get("content_hash").asText();
        http.delete("/api/files/" + f.get("id").asText());
        assertEquals(hash, http.post("/api/dedup/check-batch", Map.of("hashes", List.of(hash))).json().get("owned").get(0).asText());
        assertEquals(201, http.post("/api/files/by-hash", Map.of("name", "again.txt", "folder_id", root, "hash", hash)).status());
    }

    // ------------------------------------------------------------------ #11, #13, #16, #20, #22

    @Test
    void apiConfigIs401WithoutAuthOn087() {
        assertEquals(401, new Http(emu.baseUrl()).get("/api/config").status());
    }

    @Test
    void batchCapsAnswerTheServersSplitMessages() {
        emu.close();
        emu = OxiCloudEmulator.start(config().chunkMaxBytes(10).build());
        http = new Http(emu.baseUrl());
        http.login("alice", "secret");
        byte[] frame = java.nio.ByteBuffer.allocate(4 + 8).putInt(8).put("12345678".getBytes()).array();
        Http.Res put = http.putBytes("/api/files/delta/chunks", frame);
        assertEquals(400, put.status());
        assertEquals("Request body exceeds the 10-byte per-request cap; split the chunk upload into several requests",
                put.json().get("message").asText());
        byte[] data = "0123456789abc".getBytes();
        String id = upload(emu.rootFolderId("alice"), "big", data).get("id").asText();
        String h = http.get("/api/files/" + id + "/manifest").json().get("chunks").get(0).get("h").asText();
        Http.Res dl = http.post("/api/files/delta/download", Map.of("hashes", List.of(h)));
        assertEquals(400, dl.status());
        assertEquals("Requested chunks total 13 bytes; the per-request ceiling is 10 \u2014                  split the download"
                + " into smaller batches", dl.json().get("message").asText());
    }

    @Test
    void manifest404ForAnotherUserIsTheGenericNotFound() {
        String id = upload(root, "m", "m".getBytes()).get("id").asText();
        Http.Res r = bob().get("/api/files/" + id + "/manifest");
        assertEquals(404, r.status());
        assertEquals("Not Found", r.json().get("error_type").asText());
    }

    @Test
    void conditionalGetsNeedAnExactMatch() {
        JsonNode f = upload(root, "c", "c".getBytes());
        String id = f.get("id").asText();
        String etag = http.get("/api/files/" + id).header("ETag");
        assertEquals(304, http.get("/api/files/" + id, "If-None-Match", etag).status());
        assertEquals(304, http.get("/api/files/" + id, "If-None-Match", "*").status());
        assertEquals(200, http.get("/api/files/" + id, "If-None-Match", "W/" + etag).status(), "no weak match");
        assertEquals(200, http.get("/api/files/" + id, "If-None-Match", "\"x\", " + etag).status(), "no lists");
        String mEtag = http.get("/api/files/" + id + "/manifest").header("ETag");
        assertEquals(304, http.get("/api/files/" + id + "/manifest", "If-None-Match", mEtag).status());
        assertEquals(200, http.get("/api/files/" + id + "/manifest", "If-None-Match", "*").status(), "manifest: exact only");
    }

    @Test
    void emptyDeltaCommitMakesAnEmptyFile() {
        String empty = org.oxisync.emulator.hash.Blake3.hex(new byte[0], 0, 0);
        Http.Res c = http.post("/api/files/delta/commit", Map.of("name", "e", "folder_id", root, "file_hash", empty,
                "chunks", List.of()));
        assertEquals(201, c.status(), c.text());
        assertEquals(0, c.json().get("size").asLong());
        assertEquals(400, http.post("/api/files/delta/commit", Map.of("name", "e2", "folder_id", root,
                "file_hash", "a".repeat(64), "chunks", List.of())).status(), "hash mismatch");
    }
}
