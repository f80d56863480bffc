package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FaultsStatsReadonlyTest extends EmulatorTestBase {
    private final HttpClient raw = HttpClient.newHttpClient();

    private HttpRequest.Builder authed(String path) {
        return http.req(path);
    }

    @Test
    void failNextAnswersTheStatusForExactlyNRequests() {
        emu.faults().failNext(2, "GET", "/api/drives", 503);
        assertEquals(503, http.get("/api/drives").status());
        assertEquals(503, http.get("/api/drives").status());
        assertEquals(200, http.get("/api/drives").status());
    }

    @Test
    void failNextCanCarryABodyAndMatchesByRegexAndMethod() {
        emu.faults().failNext(1, "POST", "/api/files/delta/.*", 429, "{\"error\":\"slow\"}");
        assertEquals(200, http.get("/api/drives").status());
        Http.Res r = http.post("/api/files/delta/negotiate", Map.of("chunks", java.util.List.of()));
        assertEquals(429, r.status());
        assertEquals("slow", r.json().get("error").asText());
    }

    @Test
    void hangKeepsTheRequestWithoutAnAnswerUntilTheClientGivesUp() {
        emu.faults().hangNext(1, "*", "/api/auth/me", Duration.ofSeconds(5));
        HttpRequest req = authed("/api/auth/me").timeout(Duration.ofMillis(300)).GET().build();
        assertThrows(java.net.http.HttpTimeoutException.class, () -> raw.send(req, HttpResponse.BodyHandlers.ofByteArray()));
        assertEquals(0, emu.faults().pending());
    }

    @Test
    void closeMidResponseTruncatesTheBody() {
        String id = upload(root, "x.bin", new byte[200_000]).get("id").asText();
        emu.faults().closeMidResponseNext(1, "GET", "/api/files/[^/]+");
        HttpRequest req = authed("/api/files/" + id).GET().build();
        assertThrows(IOException.class, () -> raw.send(req, HttpResponse.BodyHandlers.ofByteArray()));
        assertEquals(200_000, http.get("/api/files/" + id).body().length, "the next request is fine");
    }

    @Test
    void closeMidRequestDropsTheConnectionWithoutAnAnswer() {
        emu.faults().closeMidRequestNext(1, "POST", "/api/files/upload");
        assertThrows(java.io.UncheckedIOException.class, () -> http.upload(root, "x.bin", new byte[500_000]));
        assertEquals(0, http.get("/api/folders/" + root + "/resources").json().get("items").size(), "nothing was created");
    }

    @Test
    void slowResponsesAreThrottled() {
        String id = upload(root, "x.bin", new byte[30_000]).get("id").asText();
        emu.faults().slowNext(1, "GET", "/api/files/.*", 100_000);
        long t0 = System.nanoTime();
        assertEquals(30_000, http.get("/api/files/" + id).body().length);
        assertTrue(System.nanoTime() - t0 >= 250_000_000L, "30 KB at 100 KB/s takes about 300 ms");
    }

    @Test
    void clearDisarmsEveryFault() {
        emu.faults().failNext(5, "*", ".*", 500);
        emu.faults().clear();
        assertEquals(200, http.get("/api/drives").status());
    }

    @Test
    void statsCountRequestsAndBodyBytesPerRouteTemplate() {
        emu.resetStats();
        String id = upload(root, "x.bin", new byte[1234]).get("id").asText();
        http.get("/api/files/" + id);
        http.get("/api/files/" + id);
        EndpointStats get = emu.stats().get("GET /api/files/{id}");
        assertEquals(2, get.requests());
        assertEquals(2 * 1234, get.bytesSent());
        assertEquals(0, get.bytesReceived());
        assertTrue(emu.stats().get("POST /api/files/upload").bytesReceived() > 1234);
        JsonNode json = http.get("/_emulator/stats").json().get("endpoints").get("GET /api/files/{id}");
        assertEquals(2, json.get("requests").asLong());
        assertEquals(2468, json.get("bytes_sent").asLong());
        assertEquals(0, json.get("bytes_received").asLong());
        assertEquals(204, http.post("/_emulator/stats/reset", Map.of()).status());
        assertNull(emu.stats().get("GET /api/files/{id}"));
    }

    @Test
    void readonlyModeSetsTheHeaderAndRefusesWritesWith403() {
        emu.setReadonly(true);
        Http.Res get = http.get("/api/folders/" + root);
        assertEquals(200, get.status());
        assertEquals("{\"readonly\":true}", get.header("X-Server-Status"));
        Http.Res post = http.post("/api/folders", Map.of("name", "x", "parent_id", root));
        assertEquals(403, post.status());
        assertEquals("Access Denied", post.json().get("error_type").asText());
        assertEquals("{\"readonly\":true}", post.header("X-Server-Status"));
        byte[] data = "ro".getBytes();
        String h = org.oxisync.emulator.hash.Blake3.hex(data, 0, data.length);
        assertEquals(200, http.post("/api/files/delta/negotiate",
                Map.of("chunks", java.util.List.of(Map.of("h", h, "s", 2)))).status(), "negotiate still works");
        byte[] frame = java.nio.ByteBuffer.allocate(6).putInt(2).put(data).array();
        assertEquals(200, http.putBytes("/api/files/delta/chunks", frame).status(), "chunks still work");
        assertEquals(403, http.post("/api/files/delta/commit", Map.of("name", "ro", "folder_id", root, "file_hash", h,
                "chunks", java.util.List.of(Map.of("h", h, "s", 2)))).status(), "commit is refused");
        assertEquals(200, new Http(emu.baseUrl()).post("/api/auth/login", Map.of("username", "alice", "password", "secret")).status());
        emu.setReadonly(false);
        assertNull(http.get("/api/folders/" + root).header("X-Server-Status"));
        assertEquals(201, http.post("/api/folders", Map.of("name", "x", "parent_id", root)).status());
    }

    @Test
    void remoteChangesLookLikeAnotherDeviceAndBumpEtags() {
        RemoteClient other = emu.remote("alice");
        String before = folderEtag(root);
        String fileId = other.putFile("/a/b/x.txt", "v1".getBytes());
        assertEquals(fileId, other.fileId("/a/b/x.txt"));
        assertTrue(!before.equals(folderEtag(root)));
        assertEquals("v1", http.get("/api/files/" + fileId).text());
        String e1 = http.get("/api/files/" + fileId + "?metadata=false").header("ETag");
        clock.advance(Duration.ofSeconds(2));
        assertEquals(fileId, other.putFile("/a/b/x.txt", "v2".getBytes()), "an update keeps the id");
        assertTrue(!e1.equals(http.get("/api/files/" + fileId).header("ETag")));
        other.move("/a/b/x.txt", "/a/y.txt");
        assertEquals(java.util.List.of("b", "y.txt"), other.list("/a"));
        other.rename("/a/b", "c");
        assertEquals(other.folderId("/a/c"), http.get("/api/folders/" + other.folderId("/a/c")).json().get("id").asText());
        other.delete("/a/y.txt");
        assertEquals(404, http.get("/api/files/" + fileId).status());
        assertEquals("file", http.get("/api/trash/resources").json().get("items").get(0).get("resource_type").asText());
    }

    @Test
    void unknownControlPathsAreNotFaultedOrCounted() {
        emu.faults().failNext(1, "*", ".*", 500);
        assertEquals(200, http.get("/_emulator/stats").status());
        assertEquals(1, emu.faults().pending());
    }

    @Test
    void rawClientCanReachTheBaseUrl() throws Exception {
        HttpResponse<String> r = raw.send(HttpRequest.newBuilder(URI.create(emu.baseUrl() + "/api/version")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, r.statusCode());
    }
}
