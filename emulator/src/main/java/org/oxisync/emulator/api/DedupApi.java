package org.oxisync.emulator.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.http.Request;
import org.oxisync.emulator.http.Response;
import org.oxisync.emulator.http.Router;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Names;
import org.oxisync.emulator.store.Tree;

/** Whole-file dedup (§6.2 f): check-batch, check/{hash}, blob/{hash}. */
public final class DedupApi {
    static final int MAX_BATCH_HASHES = 10_000;
    private final Tree tree;
    private final Content content;

    public DedupApi(Tree tree, Content content) {
        this.tree = tree;
        this.content = content;
    }

    public void register(Router r) {
        r.add("POST", "/api/dedup/check-batch", true, this::checkBatch);
        r.add("GET", "/api/dedup/check/{hash}", true, this::check);
        r.add("GET", "/api/dedup/blob/{hash}", true, this::blob);
    }

    private Response checkBatch(Request r) {
        ArrayNode arr = Request.requireArray(r.json(), "hashes");
        if (arr.size() > MAX_BATCH_HASHES) {
            throw ApiError.body(400, Map.of("error", "Too many hashes in one batch"));
        }
        Map<String, Long> owned = tree.ownedHashes(r.userId());
        Set<String> out = new LinkedHashSet<>();
        for (JsonNode n : arr) {
            String h = n.isTextual() ? n.asText() : null;
            if (Names.isHash(h) && owned.containsKey(h)) {
                out.add(h);
            }
        }
        return Response.json(200, Map.of("owned", new ArrayList<>(out)));
    }

    /**
     * {@code GET /api/dedup/check/{hash}} (dedup_handler.rs:96-160): no global oracle, so {@code exists} only when the
     * caller's own files (trashed ones too) reference the content, with its size; an admin also gets the global
     * {@code ref_count}. A malformed hash is 400 with the handler's own body.
     */
    private Response check(Request r) {
        String h = r.param("hash");
        if (!Names.isHash(h)) {
            throw ApiError.body(400, Map.of("error", "Invalid hash format. Expected BLAKE3 (64 hex characters)"));
        }
        Map<String, Object> body = new LinkedHashMap<>();
        synchronized (tree) {
            Model.Manifest m = tree.ownedHashes(r.userId()).containsKey(h) ? tree.manifest(h) : null;
            body.put("exists", m != null);
            body.put("hash", h);
            if (m != null) {
                body.put("existing_size", m.size);
                if ("admin".equals(tree.user(r.userId()).role)) {
                    body.put("ref_count", m.rowCount());
                }
            }
        }
        return Response.json(200, body);
    }

    private Response blob(Request r) {
        String h = r.param("hash");
        if (!Names.isHash(h) || !tree.ownedHashes(r.userId()).containsKey(h)) {
            throw ApiError.body(404, Map.of("error", "Blob not found")); // dedup_handler.rs:282-295
        }
        Model.Manifest m = tree.manifest(h);
        return Response.stream(200, "application/octet-stream", m.size, out -> content.write(m, 0, m.size, out))
                .header("X-Dedup-Hash", h);
    }
}
