package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DedupTest extends EmulatorTestBase {
    @Test
    void checkBatchReturnsTheOwnedSubsetAndDropsMalformedHashes() {
        String h = upload(root, "a", "aaa".getBytes()).get("content_hash").asText();
        String unknown = "e".repeat(64);
        JsonNode owned = http.post("/api/dedup/check-batch", Map.of("hashes", List.of(h, unknown, "not-a-hash", h))).json().get("owned");
        assertEquals(1, owned.size());
        assertEquals(h, owned.get(0).asText());
        assertEquals(0, bob().post("/api/dedup/check-batch", Map.of("hashes", List.of(h))).json().get("owned").size(),
                "ownership is per user");
    }

    @Test
    void checkBatchAcceptsExactly10000AndRejects10001() {
        List<String> hashes = new ArrayList<>();
        for (int i = 0; i < 10_000; i++) {
            hashes.add(String.format("%064x", i));
        }
        assertEquals(200, http.post("/api/dedup/check-batch", Map.of("hashes", hashes)).status());
        hashes.add("f".repeat(64));
        Http.Res r = http.post("/api/dedup/check-batch", Map.of("hashes", hashes));
        assertEquals(400, r.status());
        assertEquals("Too many hashes in one batch", r.json().get("error").asText());
    }

    @Test
    void uppercaseHashesAreNotMatchedBecauseComparisonIsCaseSensitive() {
        String h = upload(root, "a", "aaa".getBytes()).get("content_hash").asText();
        assertEquals(0, http.post("/api/dedup/check-batch", Map.of("hashes", List.of(h.toUpperCase()))).json().get("owned").size());
    }

    @Test
    void checkSingleHash() {
        String h = upload(root, "a", "aaa".getBytes()).get("content_hash").asText();
        JsonNode r = http.get("/api/dedup/check/" + h).json();
        assertTrue(r.get("exists").asBoolean());
        assertEquals(3, r.get("existing_size").asLong());
        assertFalse(r.has("ref_count"));
        assertFalse(http.get("/api/dedup/check/" + "0".repeat(64)).json().get("exists").asBoolean());
        assertEquals(400, http.get("/api/dedup/check/xyz").status());
    }

    @Test
    void checkRevealsOnlyTheCallersOwnContentAndAnAdminAlsoGetsTheReferenceCount() {
        String h = upload(root, "a", "shared bytes".getBytes()).get("content_hash").asText();
        Http bob = bob();
        JsonNode stranger = bob.get("/api/dedup/check/" + h).json();
        assertFalse(stranger.get("exists").asBoolean(), "dedup_handler.rs:120-124: no global oracle");
        assertFalse(stranger.has("existing_size"));
        upload(root, "b", "shared bytes".getBytes());
        emu.drives().makeAdmin("alice");
        assertEquals(2, http.get("/api/dedup/check/" + h).json().get("ref_count").asInt(), "two rows, one blob");
        assertEquals("Invalid hash format. Expected BLAKE3 (64 hex characters)",
                http.get("/api/dedup/check/xyz").json().get("error").asText());
    }
}
