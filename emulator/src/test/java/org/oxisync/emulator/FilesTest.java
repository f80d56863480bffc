package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.oxisync.emulator.config.EmulatorConfig;

class FilesTest extends EmulatorTestBase {
    static final String HELLO_HASH = "288a86a79f20a3d6dccdca7713beaed178798296bdfa7913fa2a62d9727bf8f8";

    @Override
    EmulatorConfig.Builder config() {
        return super.config().defaultQuotaBytes(4 * 1024 * 1024);
    }

    @Test
    void uploadReturns201WithHashEtagAndBasename() {
        Http.Res r = http.upload(root, "dir/sub\\hello.txt", "Hello, World!".getBytes(StandardCharsets.US_ASCII));
        assertEquals(201, r.status());
        JsonNode f = r.json();
        assertEquals("hello.txt", f.get("name").asText());
        assertEquals(HELLO_HASH, f.get("content_hash").asText());
        assertEquals(13, f.get("size").asLong());
        assertEquals("text/plain", f.get("mime_type").asText());
        assertEquals(root, f.get("folder_id").asText());
        assertEquals(HELLO_HASH.substring(0, 16) + "-" + clock.instant().getEpochSecond(), f.get("etag").asText());
        assertEquals("/Personal/hello.txt", f.get("path").asText());
    }

    @Test
    void fileAndFolderRowsCarryTheServersDisplayFields() {
        JsonNode f = upload(root, "hello.txt", "Hello, World!".getBytes(StandardCharsets.US_ASCII));
        assertEquals("fas fa-file-alt", f.get("icon_class").asText());
        assertEquals("doc-icon", f.get("icon_special_class").asText());
        assertEquals("Text", f.get("category").asText());
        assertEquals("13 Bytes", f.get("size_formatted").asText());
        mkdir(root, "sub");
        JsonNode folder = http.get("/api/folders/" + root + "/resources").json().get("items").get(0).get("resource");
        assertEquals("sub", folder.get("name").asText());
        assertEquals("fas fa-folder", folder.get("icon_class").asText());
        assertEquals("folder-icon", folder.get("icon_special_class").asText());
        assertEquals("Folder", folder.get("category").asText());
        JsonNode pdf = upload(root, "report.bin", "%PDF-1.4\n".getBytes(StandardCharsets.US_ASCII));
        assertEquals("application/pdf", pdf.get("mime_type").asText());
        assertEquals("fas fa-file-pdf", pdf.get("icon_class").asText(), "by the MIME type before the extension");
        JsonNode py = upload(root, "tool.py", "print(1)\n".getBytes(StandardCharsets.US_ASCII));
        assertEquals("application/octet-stream", py.get("mime_type").asText());
        assertEquals("code-icon py-icon", py.get("icon_special_class").asText(), "a generic type: by the extension");
    }

    @Test
    void uploadWithFileBeforeFolderIdIsRejected() {
        assertEquals(400, http.upload(root, "x.txt", new byte[] {1}, false).status());
    }

    @Test
    void uploadWithoutFileIsNoFileProvided() {
        Http.Res r = http.upload(root, null, null);
        assertEquals(400, r.status());
        assertEquals("No file provided", r.json().get("error").asText());
    }

    @Test
    void identicalReuploadIsIdempotentAndDifferentContentIs409() {
        JsonNode first = upload(root, "a.txt", "one".getBytes());
        Http.Res again = http.upload(root, "a.txt", "one".getBytes());
        assertEquals(201, again.status());
        assertEquals(first.get("id").asText(), again.json().get("id").asText());
        assertEquals(409, http.upload(root, "a.txt", "two".getBytes()).status());
        assertEquals(201, http.upload(root, "A.txt", "two".getBytes()).status(), "case-sensitive names");
    }

    @Test
    void uploadOverQuotaIs507() {
        upload(root, "big1", new byte[3 * 1024 * 1024]);
        Http.Res r = http.upload(root, "big2", new byte[2 * 1024 * 1024]);
        assertEquals(507, r.status());
        assertEquals("Quota Exceeded", r.json().get("error_type").asText());
        assertEquals("Not enough storage space. File size: 2.00 MB, available: 1.00 MB", r.json().get("message").asText());
    }

    @Test
    void uploadedFilesGetAServerChunkManifest() {
        byte[] data = new byte[3_000_000];
        new java.util.Random(5).nextBytes(data);
        JsonNode f = upload(root, "r.bin", data);
        Http.Res m = http.get("/api/files/" + f.get("id").asText() + "/manifest");
        assertEquals(200, m.status());
        long total = 0;
        for (JsonNode c : m.json().get("chunks")) {
            assertTrue(c.get("s").asLong() <= 1_048_576);
            total += c.get("s").asLong();
        }
        assertEquals(data.length, total);
        assertTrue(m.json().get("chunks").size() > 2);
    }

    @Test
    void byHashCreatesFromOwnedContentAnd404sOtherwise() {
        upload(root, "hello.txt", "Hello, World!".getBytes(StandardCharsets.US_ASCII));
        String sub = mkdir(root, "copy");
        Http.Res r = http.post("/api/files/by-hash", Map.of("name", "again.txt", "folder_id", sub, "hash", HELLO_HASH));
        assertEquals(201, r.status());
        assertEquals(13, r.json().get("size").asLong());
        Http bob = bob();
        String bobRoot = emu.rootFolderId("bob");
        Http.Res denied = bob.post("/api/files/by-hash", Map.of("name", "steal.txt", "folder_id", bobRoot, "hash", HELLO_HASH));
        assertEquals(404, denied.status());
        assertEquals("blob_not_owned_by_caller", denied.json().get("error").asText());
        assertEquals("/api/files/upload", denied.json().get("upload_path").asText());
        assertEquals(400, http.post("/api/files/by-hash", Map.of("name", "x", "folder_id", root, "hash", "abc")).status());
        assertEquals(400, http.post("/api/files/by-hash", Map.of("name", "", "folder_id", root, "hash", HELLO_HASH)).status());
    }

    @Test
    void downloadHasEtagCacheHeadersAndRevalidatesWith304() {
        JsonNode f = upload(root, "d.txt", "0123456789".getBytes());
        String id = f.get("id").asText();
        Http.Res r = http.get("/api/files/" + id + "?original=true");
        assertEquals(200, r.status());
        assertEquals("0123456789", r.text());
        String etag = r.header("ETag");
        assertEquals("\"" + f.get("etag").asText() + "\"", etag);
        assertEquals("bytes", r.header("Accept-Ranges"));
        assertEquals("private, max-age=3600, must-revalidate", r.header("Cache-Control"));
        assertTrue(r.header("Content-Disposition").contains("filename*=UTF-8''d.txt"));
        assertEquals(304, http.get("/api/files/" + id, "If-None-Match", etag).status());
        assertEquals(304, http.get("/api/files/" + id, "If-None-Match", "*").status());
        assertEquals(200, http.get("/api/files/" + id, "If-None-Match", "\"other\"").status());
    }

    @Test
    void singleRangeGives206AndOnlyTheFirstOfSeveralRangesIsServed() {
        String id = upload(root, "r.txt", "0123456789".getBytes()).get("id").asText();
        Http.Res r = http.get("/api/files/" + id, "Range", "bytes=2-4");
        assertEquals(206, r.status());
        assertEquals("234", r.text());
        assertEquals("bytes 2-4/10", r.header("Content-Range"));
        assertEquals("789", http.get("/api/files/" + id, "Range", "bytes=7-").text());
        assertEquals("89", http.get("/api/files/" + id, "Range", "bytes=-2").text());
        Http.Res multi = http.get("/api/files/" + id, "Range", "bytes=0-1,5-6");
        assertEquals(206, multi.status());
        assertEquals("01", multi.text());
    }

    @Test
    void unsatisfiableRangeIs416WithTheSize() {
        String id = upload(root, "r.txt", "0123456789".getBytes()).get("id").asText();
        Http.Res r = http.get("/api/files/" + id, "Range", "bytes=10-");
        assertEquals(416, r.status());
        assertEquals("bytes */10", r.header("Content-Range"));
    }

    @Test
    void rangesSpanChunkBoundariesOfLargeFiles() {
        byte[] data = new byte[2_500_000];
        new java.util.Random(9).nextBytes(data);
        String id = upload(root, "big.bin", data).get("id").asText();
        Http.Res r = http.get("/api/files/" + id, "Range", "bytes=1000000-1999999");
        assertArrayEquals(Arrays.copyOfRange(data, 1_000_000, 2_000_000), r.body());
        assertArrayEquals(data, http.get("/api/files/" + id + "?original=true").body());
    }

    @Test
    void metadataTrueReturnsJson() {
        String id = upload(root, "m.txt", "abc".getBytes()).get("id").asText();
        JsonNode m = http.get("/api/files/" + id + "?metadata=true").json();
        assertEquals("m.txt", m.get("name").asText());
        assertEquals(3, m.get("size").asLong());
        assertEquals(8, m.size());
    }

    @Test
    void renameIsTrimmedChangesTheEtagAndBumpsTheParent() {
        String d = mkdir(root, "d");
        JsonNode f = upload(d, "a.txt", "abc".getBytes());
        String parentBefore = folderEtag(d);
        clock.advance(Duration.ofSeconds(5));
        Http.Res r = http.put("/api/files/" + f.get("id").asText() + "/rename", Map.of("name", "  b.txt  "));
        assertEquals(200, r.status());
        assertEquals("b.txt", r.json().get("name").asText());
        assertNotEquals(f.get("etag").asText(), r.json().get("etag").asText(), "rename sets modified_at = now");
        assertNotEquals(parentBefore, folderEtag(d));
        assertEquals(400, http.put("/api/files/" + f.get("id").asText() + "/rename", Map.of("name", "   ")).status());
    }

    @Test
    void renameOrMoveOntoAnExistingNameIs409() {
        String other = mkdir(root, "other");
        upload(root, "a.txt", "1".getBytes());
        String b = upload(root, "b.txt", "2".getBytes()).get("id").asText();
        upload(other, "b.txt", "3".getBytes());
        assertEquals(409, http.put("/api/files/" + b + "/rename", Map.of("name", "a.txt")).status());
        assertEquals(409, http.put("/api/files/" + b + "/move", Map.of("folder_id", other)).status());
    }

    @Test
    void aNameFollowsItsFileThroughRenameMoveAndTrash() {
        String other = mkdir(root, "other");
        String a = upload(root, "a.txt", "1".getBytes()).get("id").asText();
        assertEquals(200, http.put("/api/files/" + a + "/rename", Map.of("name", "renamed.txt")).status());
        assertEquals(201, http.upload(root, "a.txt", "new a".getBytes()).status(), "the old name is free");
        assertEquals(409, http.upload(root, "renamed.txt", "clash".getBytes()).status(), "the new name is taken");

        assertEquals(200, http.put("/api/files/" + a + "/move", Map.of("folder_id", other)).status());
        assertEquals(201, http.upload(root, "renamed.txt", "free again".getBytes()).status(), "free where it left");
        assertEquals(409, http.upload(other, "renamed.txt", "clash".getBytes()).status(), "taken where it went");

        assertEquals(204, http.delete("/api/files/" + a).status());
        assertEquals(201, http.upload(other, "renamed.txt", "after the trash".getBytes()).status(),
                "a trashed file holds no name");
    }

    @Test
    void moveChangesTheFolderAndBumpsBothParents() {
        String from = mkdir(root, "from");
        String to = mkdir(root, "to");
        String id = upload(from, "x.txt", "x".getBytes()).get("id").asText();
        String eFrom = folderEtag(from);
        String eTo = folderEtag(to);
        Http.Res r = http.put("/api/files/" + id + "/move", Map.of("folder_id", to));
        assertEquals(200, r.status());
        assertEquals(to, r.json().get("folder_id").asText());
        assertNotEquals(eFrom, folderEtag(from));
        assertNotEquals(eTo, folderEtag(to));
    }

    @Test
    void deleteGoesToTrashAndOtherUsersGet404() {
        String id = upload(root, "x.txt", "x".getBytes()).get("id").asText();
        assertEquals(404, bob().get("/api/files/" + id).status());
        assertEquals(404, bob().delete("/api/files/" + id).status());
        assertEquals(204, http.delete("/api/files/" + id).status());
        assertEquals(404, http.get("/api/files/" + id).status());
        assertEquals(1, http.get("/api/trash/resources").json().get("items").size());
    }

    @Test
    void filesInsideATrashedFolderAreGone() {
        String d = mkdir(root, "d");
        String id = upload(d, "x.txt", "x".getBytes()).get("id").asText();
        http.delete("/api/folders/" + d);
        assertEquals(404, http.get("/api/files/" + id).status());
    }
}
