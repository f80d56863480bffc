package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.oxisync.emulator.api.Content;
import org.oxisync.emulator.cdc.FastCdc;
import org.oxisync.emulator.config.EmulatorConfig;

class DeltaTest extends EmulatorTestBase {
    @Override
    EmulatorConfig.Builder config() {
        return super.config().chunkMaxBytes(3_000_000).defaultQuotaBytes(20_000_000).accessTokenTtl(Duration.ofDays(1));
    }

    record Chunk(String h, int s, byte[] data) {}

    static List<Chunk> chunk(byte[] data) throws Exception {
        List<Chunk> out = new ArrayList<>();
        FastCdc.server().chunk(new java.io.ByteArrayInputStream(data),
                (o, b, off, len) -> out.add(new Chunk(Content.blake3Hex(b, off, len), len, Arrays.copyOfRange(b, off, off + len))));
        return out;
    }

    static List<Map<String, Object>> refs(List<Chunk> chunks) {
        List<Map<String, Object>> l = new ArrayList<>();
        for (Chunk c : chunks) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("h", c.h());
            m.put("s", c.s());
            l.add(m);
        }
        return l;
    }

    static byte[] frames(List<Chunk> chunks) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (Chunk c : chunks) {
            out.writeBytes(ByteBuffer.allocate(4).putInt(c.s()).array());
            out.writeBytes(c.data());
        }
        return out.toByteArray();
    }

    static byte[] random(int n, long seed) {
        byte[] b = new byte[n];
        new Random(seed).nextBytes(b);
        return b;
    }

    Map<String, Object> commitBody(byte[] data, List<Chunk> chunks, String name, String folder) {
        Map<String, Object> b = new HashMap<>();
        b.put("file_hash", Content.blake3Hex(data, 0, data.length));
        b.put("chunks", refs(chunks));
        b.put("name", name);
        b.put("folder_id", folder);
        return b;
    }

    @Test
    void fullCreateFlowNegotiateUploadCommitThenDownloadByManifest() throws Exception {
        byte[] data = random(2_500_000, 1);
        List<Chunk> chunks = chunk(data);
        JsonNode missing = http.post("/api/files/delta/negotiate", Map.of("chunks", refs(chunks))).json().get("missing");
        assertEquals(chunks.size(), missing.size());
        Http.Res put = http.putBytes("/api/files/delta/chunks", frames(chunks));
        assertEquals(200, put.status());
        JsonNode received = put.json().get("received");
        for (int i = 0; i < chunks.size(); i++) {
            assertEquals(chunks.get(i).h(), received.get(i).get("h").asText());
            assertEquals(chunks.get(i).s(), received.get(i).get("s").asInt());
        }
        Http.Res commit = http.post("/api/files/delta/commit", commitBody(data, chunks, "  sub/big.bin ", root));
        assertEquals(201, commit.status());
        JsonNode f = commit.json();
        assertEquals("big.bin", f.get("name").asText());
        String id = f.get("id").asText();
        assertArrayEquals(data, http.get("/api/files/" + id + "?original=true").body());

        Http.Res manifest = http.get("/api/files/" + id + "/manifest");
        assertEquals("\"" + f.get("content_hash").asText() + "\"", manifest.header("ETag"));
        assertEquals("private, no-cache", manifest.header("Cache-Control"));
        assertEquals(data.length, manifest.json().get("total_size").asLong());
        assertEquals(304, http.get("/api/files/" + id + "/manifest", "If-None-Match", manifest.header("ETag")).status());

        List<String> hashes = new ArrayList<>();
        manifest.json().get("chunks").forEach(c -> hashes.add(c.get("h").asText()));
        Http.Res dl = http.post("/api/files/delta/download", Map.of("hashes", hashes));
        assertEquals(200, dl.status());
        assertArrayEquals(frames(chunks), dl.body());
        assertEquals(String.valueOf(frames(chunks).length), dl.header("Content-Length"));
    }

    @Test
    void negotiateListsDistinctMissingHashesAndOwnedOnesAreNotMissing() throws Exception {
        byte[] a = random(700_000, 2);
        List<Chunk> ca = chunk(a);
        upload(root, "a.bin", a);
        List<Chunk> doubled = new ArrayList<>(ca);
        doubled.addAll(ca);
        assertEquals(0, http.post("/api/files/delta/negotiate", Map.of("chunks", refs(doubled))).json().get("missing").size());
        List<Chunk> fresh = chunk(random(200_000, 3));
        List<Chunk> twice = new ArrayList<>(fresh);
        twice.addAll(fresh);
        assertEquals(fresh.size(), http.post("/api/files/delta/negotiate", Map.of("chunks", refs(twice))).json().get("missing").size());
    }

    @Test
    void negotiateValidatesHashesAndSizes() {
        String good = "a".repeat(64);
        assertEquals(400, http.post("/api/files/delta/negotiate", Map.of("chunks", List.of(Map.of("h", "xyz", "s", 5)))).status());
        assertEquals(400, http.post("/api/files/delta/negotiate", Map.of("chunks", List.of(Map.of("h", good, "s", 0)))).status());
        assertEquals(400, http.post("/api/files/delta/negotiate", Map.of("chunks", List.of(Map.of("h", good, "s", 1_048_577)))).status());
    }

    @Test
    void commitWithUnuploadedChunksIs409StillMissingThenSucceedsAfterUpload() throws Exception {
        byte[] data = random(1_500_000, 4);
        List<Chunk> chunks = chunk(data);
        http.putBytes("/api/files/delta/chunks", frames(chunks.subList(0, 1)));
        Http.Res first = http.post("/api/files/delta/commit", commitBody(data, chunks, "f.bin", root));
        assertEquals(409, first.status());
        List<String> stillMissing = new ArrayList<>();
        first.json().get("still_missing").forEach(h -> stillMissing.add(h.asText()));
        List<String> expected = chunks.subList(1, chunks.size()).stream().map(Chunk::h).distinct().toList();
        assertEquals(expected, stillMissing);
        http.putBytes("/api/files/delta/chunks", frames(chunks.subList(1, chunks.size())));
        assertEquals(201, http.post("/api/files/delta/commit", commitBody(data, chunks, "f.bin", root)).status());
    }

    @Test
    void commitWithAWrongFileHashIs400() throws Exception {
        byte[] data = random(300_000, 5);
        List<Chunk> chunks = chunk(data);
        http.putBytes("/api/files/delta/chunks", frames(chunks));
        Map<String, Object> body = commitBody(data, chunks, "f.bin", root);
        body.put("file_hash", "b".repeat(64));
        Http.Res r = http.post("/api/files/delta/commit", body);
        assertEquals(400, r.status());
        assertEquals("file_hash does not match the chunk sequence", r.json().get("message").asText());
    }

    @Test
    void commitModesMustBeExclusive() throws Exception {
        byte[] data = random(1000, 6);
        Map<String, Object> body = commitBody(data, chunk(data), "f.bin", root);
        body.put("file_id", "x");
        assertEquals(400, http.post("/api/files/delta/commit", body).status());
        body.remove("file_id");
        body.remove("folder_id");
        assertEquals(400, http.post("/api/files/delta/commit", body).status());
    }

    @Test
    void updateModeSwapsContentKeepingIdAndSharesChunksWithMultipart() throws Exception {
        byte[] v1 = random(2_000_000, 7);
        String id = upload(root, "doc.bin", v1).get("id").asText();
        byte[] v2 = v1.clone();
        for (int i = 1_900_000; i < 1_900_100; i++) {
            v2[i] ^= 0x55;
        }
        List<Chunk> chunks = chunk(v2);
        JsonNode missing = http.post("/api/files/delta/negotiate", Map.of("chunks", refs(chunks))).json().get("missing");
        assertTrue(missing.size() < chunks.size(), "unchanged chunks are shared with the multipart upload");
        List<Chunk> toSend = chunks.stream().filter(c -> {
            for (JsonNode m : missing) {
                if (m.asText().equals(c.h())) {
                    return true;
                }
            }
            return false;
        }).toList();
        http.putBytes("/api/files/delta/chunks", frames(toSend));
        Map<String, Object> body = new HashMap<>();
        body.put("file_hash", Content.blake3Hex(v2, 0, v2.length));
        body.put("chunks", refs(chunks));
        body.put("file_id", id);
        Http.Res r = http.post("/api/files/delta/commit", body);
        assertEquals(200, r.status());
        assertEquals(id, r.json().get("id").asText());
        assertArrayEquals(v2, http.get("/api/files/" + id).body());
    }

    @Test
    void ownedFileHashTakesTheFastPathWithoutAnyUpload() throws Exception {
        byte[] data = random(400_000, 8);
        upload(root, "orig.bin", data);
        String d = mkdir(root, "copies");
        Http.Res r = http.post("/api/files/delta/commit", commitBody(data, chunk(data), "copy.bin", d));
        assertEquals(201, r.status());
    }

    @Test
    void commitOverQuotaIs507() throws Exception {
        byte[] data = random(1000, 9);
        Map<String, Object> body = commitBody(data, List.of(new Chunk("c".repeat(64), 1_000_000, null)), "big", root);
        List<Map<String, Object>> many = new ArrayList<>();
        for (int i = 0; i < 21; i++) {
            many.add(Map.of("h", "c".repeat(64), "s", 1_000_000));
        }
        body.put("chunks", many);
        assertEquals(507, http.post("/api/files/delta/commit", body).status());
    }

    @Test
    void chunksRejectBadFramesAndTheRequestCap() {
        assertEquals(400, http.putBytes("/api/files/delta/chunks", new byte[] {0, 0, 0, 5, 1, 2}).status(), "truncated");
        assertEquals(400, http.putBytes("/api/files/delta/chunks", new byte[] {0, 0, 0, 0}).status(), "empty frame");
        assertEquals(400, http.putBytes("/api/files/delta/chunks", new byte[] {0, 0x10, 0, 1, 1}).status(), "frame > 1 MiB");
        assertEquals(400, http.putBytes("/api/files/delta/chunks", new byte[] {0, 0}).status(), "truncated header");
        assertEquals(400, http.putBytes("/api/files/delta/chunks", new byte[3_000_001]).status(), "over CHUNK_MAX_BYTES");
    }

    @Test
    void truncatedBodyStoresNothing() throws Exception {
        List<Chunk> chunks = chunk(random(100_000, 10));
        byte[] body = frames(chunks);
        byte[] cut = Arrays.copyOf(body, body.length - 10);
        assertEquals(400, http.putBytes("/api/files/delta/chunks", cut).status());
        byte[] data = chunks.get(0).data();
        Http.Res r = http.post("/api/files/delta/commit", commitBody(data, chunks, "x", root));
        assertEquals(409, r.status());
    }

    @Test
    void deltaDownloadRules() throws Exception {
        byte[] data = random(2_000_000, 11);
        upload(root, "x.bin", data);
        List<Chunk> chunks = chunk(data);
        assertEquals(400, http.post("/api/files/delta/download", Map.of("hashes", List.of())).status());
        assertEquals(400, http.post("/api/files/delta/download", Map.of("hashes", List.of(chunks.get(0).h(), chunks.get(0).h()))).status());
        Http.Res na = http.post("/api/files/delta/download", Map.of("hashes", List.of(chunks.get(0).h(), "d".repeat(64))));
        assertEquals(404, na.status());
        assertEquals("d".repeat(64), na.json().get("not_available").get(0).asText());
        assertEquals(404, bob().post("/api/files/delta/download", Map.of("hashes", List.of(chunks.get(0).h()))).status());
    }

    @Test
    void deltaDownloadOverTheCapIs400() throws Exception {
        byte[] data = random(4_000_000, 12);
        upload(root, "x.bin", data);
        List<String> all = chunk(data).stream().map(Chunk::h).toList();
        assertEquals(400, http.post("/api/files/delta/download", Map.of("hashes", all)).status());
    }

    @Test
    void manifestOfAnotherUsersFileIs404() {
        String id = upload(root, "x.bin", new byte[10]).get("id").asText();
        assertEquals(404, bob().get("/api/files/" + id + "/manifest").status());
    }

    @Test
    void looseChunksAreCollectedAfterTheGraceAndThenCommitSaysStillMissing() throws Exception {
        byte[] data = random(200_000, 13);
        List<Chunk> chunks = chunk(data);
        http.putBytes("/api/files/delta/chunks", frames(chunks));
        assertEquals(0, emu.runGarbageCollection(), "within the grace period");
        clock.advance(Duration.ofMinutes(61));
        assertEquals(chunks.size(), emu.runGarbageCollection());
        assertEquals(409, http.post("/api/files/delta/commit", commitBody(data, chunks, "late", root)).status());
    }

    @Test
    void committedChunksSurviveGarbageCollection() throws Exception {
        byte[] data = random(200_000, 14);
        List<Chunk> chunks = chunk(data);
        http.putBytes("/api/files/delta/chunks", frames(chunks));
        String id = http.post("/api/files/delta/commit", commitBody(data, chunks, "kept", root)).json().get("id").asText();
        clock.advance(Duration.ofHours(2));
        assertEquals(0, emu.runGarbageCollection());
        assertArrayEquals(data, http.get("/api/files/" + id).body());
    }

    @Test
    void rateLimitCountsRefusedRequestsAndResetsOnlyAfterAQuietWindow() {
        emu.close();
        emu = OxiCloudEmulator.start(config().deltaRateLimitPerMinute(3).build());
        http = new Http(emu.baseUrl());
        http.login("alice", "secret");
        Map<String, Object> body = Map.of("chunks", List.of(Map.of("h", "a".repeat(64), "s", 1)));
        for (int i = 0; i < 3; i++) {
            assertEquals(200, http.post("/api/files/delta/negotiate", body).status());
        }
        Http.Res limited = http.post("/api/files/delta/download", Map.of("hashes", List.of("a".repeat(64))));
        assertEquals(429, limited.status());
        assertEquals("RateLimited", limited.json().get("error_type").asText());
        assertEquals(null, limited.header("Retry-After"), "no Retry-After on the delta limiter");
        assertEquals("429 Too Many Requests", limited.json().get("status").asText());
        assertEquals(200, bob().post("/api/files/delta/negotiate", body).status(), "per user");
        // every request, a refused one too, restarts the 60 s TTL: a retry every 59 s stays locked out for ever
        for (int i = 0; i < 3; i++) {
            clock.advance(Duration.ofSeconds(59));
            assertEquals(429, http.post("/api/files/delta/negotiate", body).status(), "retry " + i);
        }
        assertEquals(429, http.get("/api/files/" + "x" + "/manifest").status(), "manifest shares the budget");
        clock.advance(Duration.ofSeconds(60));
        assertEquals(200, http.post("/api/files/delta/negotiate", body).status(), "after a quiet window");
    }
}
