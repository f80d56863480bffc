package org.oxisync.emulator.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.hash.Blake3;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.http.Request;
import org.oxisync.emulator.http.Response;
import org.oxisync.emulator.http.Router;
import org.oxisync.emulator.store.Mime;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Names;
import org.oxisync.emulator.store.Tree;

/** The delta protocol (§6.2 a-e), all five endpoints sharing one per-user rate limit. */
public final class DeltaApi {
    static final int MAX_FRAME = 1_048_576;

    private final Tree tree;
    private final Content content;
    private final EmulatorConfig cfg;
    private final RateLimiter limiter;
    private final int maxChunks;
    /** Benchmark-only: the declared hashes of negotiated chunks (null in the faithful default). */
    private final DeclaredChunks declared;

    public DeltaApi(Tree tree, Content content, EmulatorConfig cfg) {
        this.tree = tree;
        this.content = content;
        this.cfg = cfg;
        this.declared = cfg.benchmarkOnlyTrustClientHashes() ? new DeclaredChunks() : null;
        this.limiter = new RateLimiter(cfg.deltaRateLimitPerMinute(), cfg.deltaRateLimitWindow(), cfg.clock());
        this.maxChunks = (int) Math.max(1024, 2 * cfg.maxUploadSize() / 65536);
    }

    public void register(Router r) {
        r.add("POST", "/api/files/delta/negotiate", true, limited(this::negotiate));
        r.add("PUT", "/api/files/delta/chunks", true, limited(this::chunks));
        r.add("POST", "/api/files/delta/commit", true, limited(this::commit));
        r.add("GET", "/api/files/{id}/manifest", true, limited(this::manifest));
        r.add("POST", "/api/files/delta/download", true, limited(this::download));
    }

    private org.oxisync.emulator.http.Route.Handler limited(org.oxisync.emulator.http.Route.Handler h) {
        return req -> {
            // delta_upload_handler.rs:56-76: the first statement of each delta handler; AppError body, no Retry-After
            if (!limiter.tryAcquire(req.userId())) {
                throw ApiError.rest(429, "RateLimited", "Too many delta-upload requests; please retry shortly");
            }
            return h.handle(req);
        };
    }

    /** Validates a {@code [{h, s}]} list: hex hashes, 1 ≤ s ≤ 1 MiB, the count and total limits. */
    private List<Model.ChunkRef> chunkList(ObjectNode body) {
        ArrayNode arr = Request.requireArray(body, "chunks");
        if (arr.size() > maxChunks) {
            throw ApiError.badRequest("Too many chunks (max " + maxChunks + ")");
        }
        List<Model.ChunkRef> out = new ArrayList<>(arr.size());
        long total = 0;
        for (JsonNode n : arr) {
            JsonNode h = n.get("h");
            JsonNode s = n.get("s");
            if (h == null || !h.isTextual() || s == null || !s.canConvertToLong() || !s.isIntegralNumber()) {
                throw ApiError.text(422, "Failed to deserialize the JSON body into the target type: chunks: invalid entry");
            }
            if (!Names.isHash(h.asText())) {
                throw ApiError.badRequest("Invalid chunk hash: expected 64 hex characters");
            }
            long size = s.asLong();
            if (size < 1 || size > MAX_FRAME) {
                throw ApiError.badRequest("Invalid chunk size " + size + " (must be 1..1048576)");
            }
            total += size;
            out.add(new Model.ChunkRef(h.asText(), size));
        }
        if (total > cfg.maxUploadSize()) {
            throw ApiError.badRequest("Total size exceeds the maximum upload size");
        }
        return out;
    }

    // ------------------------------------------------------------------ (a) negotiate

    private Response negotiate(Request r) {
        List<Model.ChunkRef> chunks = chunkList(r.json());
        Map<String, Long> owned = tree.ownedChunks(r.userId());
        Set<String> missing = new LinkedHashSet<>();
        List<Model.ChunkRef> missingRefs = new ArrayList<>();
        for (Model.ChunkRef c : chunks) {
            if (!owned.containsKey(c.h()) && missing.add(c.h())) {
                missingRefs.add(c);
            }
        }
        if (declared != null) {
            declared.negotiated(r.userId(), missingRefs);
        }
        return Response.json(200, Map.of("missing", new ArrayList<>(missing)));
    }

    // ------------------------------------------------------------------ (b) chunks

    /** A received frame: its server-computed hash and size, and its bytes on disk unless the chunk was already stored. */
    private record Staged(String hash, long size, Path file) {}

    /**
     * Frames are hashed as they arrive and staged in temp files (the bytes go straight from the frame buffer to the
     * file); they are stored, under the hash computed here, only once the whole body has parsed, so a bad or truncated
     * body stores nothing. A frame whose chunk is already stored is hashed but not written again.
     */
    private Response chunks(Request r) throws IOException {
        String cl = r.header("Content-Length");
        if (cl != null) {
            try {
                if (Long.parseLong(cl.trim()) > cfg.chunkMaxBytes()) {
                    throw tooLarge(cfg.chunkMaxBytes());
                }
            } catch (NumberFormatException e) {
                throw ApiError.badRequest("Invalid Content-Length");
            }
        }
        List<Staged> staged = new ArrayList<>();
        boolean ok = false;
        try {
            InputStream in = r.body();
            long total = 0;
            byte[] buf = new byte[MAX_FRAME];
            byte[] head = new byte[4];
            while (true) {
                int h = in.readNBytes(head, 0, 4);
                if (h == 0) {
                    break;
                }
                if (h < 4) {
                    throw ApiError.badRequest("Truncated frame header");
                }
                long len = ((head[0] & 0xffL) << 24) | ((head[1] & 0xff) << 16) | ((head[2] & 0xff) << 8) | (head[3] & 0xff);
                if (len < 1 || len > MAX_FRAME) {
                    throw ApiError.badRequest("Invalid frame length " + len + " (must be 1..1048576)");
                }
                total += 4 + len;
                if (total > cfg.chunkMaxBytes()) {
                    throw tooLarge(cfg.chunkMaxBytes());
                }
                int n = in.readNBytes(buf, 0, (int) len);
                if (n < len) {
                    throw ApiError.badRequest("Truncated frame: expected " + len + " bytes, got " + n);
                }
                if (declared != null) {
                    staged.add(stageUnhashed(buf, n)); // benchmark-only: the hash comes from the declared list
                    continue;
                }
                String hash = Blake3.hex(buf, 0, n);
                Path tmp = null;
                if (!tree.chunks().has(hash)) {
                    tmp = tree.chunks().tempFile(".frame");
                    try (OutputStream out = Files.newOutputStream(tmp)) {
                        out.write(buf, 0, n);
                    }
                }
                staged.add(new Staged(hash, n, tmp));
            }
            if (declared != null) {
                staged = declaredHashes(r.userId(), staged);
            }
            for (Staged s : staged) {
                if (s.file() != null) {
                    tree.chunks().putFile(s.hash(), s.file());
                }
                tree.addLoose(s.hash());
            }
            ok = true;
        } finally {
            if (!ok) {
                for (Staged s : staged) {
                    if (s.file() != null) {
                        Files.deleteIfExists(s.file());
                    }
                }
            }
        }
        List<Map<String, Object>> received = new ArrayList<>();
        for (Staged s : staged) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("h", s.hash());
            m.put("s", s.size());
            received.add(m);
        }
        return Response.json(200, Map.of("received", received));
    }

    /** Benchmark-only: a frame written to a temp file before its hash is known. */
    private Staged stageUnhashed(byte[] buf, int n) throws IOException {
        Path tmp = tree.chunks().tempFile(".frame");
        try (OutputStream out = Files.newOutputStream(tmp)) {
            out.write(buf, 0, n);
        }
        return new Staged(null, n, tmp);
    }

    /**
     * Benchmark-only: the staged frames under the hashes the client declared for them ({@link DeclaredChunks}), or, when
     * the body matches no single negotiated run, under the hashes of their bytes as the faithful path computes them.
     */
    private List<Staged> declaredHashes(String userId, List<Staged> staged) throws IOException {
        long[] sizes = staged.stream().mapToLong(Staged::size).toArray();
        List<String> hashes = declared.claim(userId, sizes);
        if (hashes == null) {
            System.err.println("benchmark-only mode: a PUT of " + sizes.length + " frame(s) matches no single negotiated"
                    + " run of declared chunks; hashing it");
        }
        List<Staged> out = new ArrayList<>(staged.size());
        byte[] buf = hashes == null ? new byte[MAX_FRAME] : null;
        for (int i = 0; i < staged.size(); i++) {
            Staged s = staged.get(i);
            String hash;
            if (hashes != null) {
                hash = hashes.get(i);
            } else {
                int n;
                try (InputStream in = Files.newInputStream(s.file())) {
                    n = in.readNBytes(buf, 0, (int) s.size());
                }
                hash = Blake3.hex(buf, 0, n);
            }
            out.add(new Staged(hash, s.size(), s.file()));
        }
        return out;
    }

    /** delta_upload_handler.rs:126-130. */
    private static ApiError tooLarge(long max) {
        return ApiError.badRequest("Request body exceeds the " + max
                + "-byte per-request cap; split the chunk upload into several requests");
    }

    // ------------------------------------------------------------------ (c) commit

    private Response commit(Request r) throws IOException {
        ObjectNode b = r.json();
        String fileHash = Request.requireString(b, "file_hash");
        String name = Request.optString(b, "name");
        String folderId = Request.optString(b, "folder_id");
        String fileId = Request.optString(b, "file_id");
        boolean create = name != null && folderId != null && fileId == null;
        boolean update = fileId != null && name == null && folderId == null;
        if (!create && !update) {
            throw ApiError.badRequest("Provide either name + folder_id (create) or file_id (update)");
        }
        if (!Names.isHash(fileHash)) {
            throw ApiError.badRequest("Invalid file_hash: expected 64 hex characters");
        }
        List<Model.ChunkRef> chunks = chunkList(b);
        // An empty chunk list passes validation (delta_upload_service.rs:204-234); nothing to pin, the sequence hashes
        // to blake3(""), so a commit with that file_hash makes an empty file and any other hash is a 400 mismatch.
        String userId = r.userId();
        if (create) {
            name = Names.validate(Names.basename(name).trim());
            tree.anyFolder(userId, folderId); // a trashed folder is accepted (file_blob_write_repository.rs:317)
            tree.requireOnFolder(userId, "create", folderId); // authZ before quota and pinning (delta_upload_service.rs:303-314)
        } else {
            tree.file(userId, fileId);
            tree.requireOnFile(userId, "update", fileId); // delta_upload_service.rs:315-325
        }
        long total = chunks.stream().mapToLong(Model.ChunkRef::s).sum();
        tree.checkQuotaFor(userId, total);
        if (create) {
            tree.checkDriveQuotaFor(folderId, total); // only on create (delta_upload_service.rs:334-347)
        }

        // Fast path: the caller already owns content with this hash.
        if (tree.ownedHashes(userId).containsKey(fileHash) && tree.manifest(fileHash) != null) {
            Model.Manifest m = tree.manifest(fileHash);
            String mime = tree.ownedMime(userId, fileHash);
            return finish(userId, create, name, folderId, fileId, fileHash, m, mime);
        }
        Set<String> distinct = new LinkedHashSet<>();
        chunks.forEach(c -> distinct.add(c.h()));
        List<String> missing = tree.pin(userId, distinct);
        if (!missing.isEmpty()) {
            throw ApiError.body(409, Map.of("still_missing", missing));
        }
        if (declared != null) {
            declared.committed(userId, chunks);
        }
        try {
            if (declared != null && !chunks.isEmpty()) {
                return commitDeclared(userId, create, name, folderId, fileId, fileHash, chunks, total);
            }
            Blake3 whole = new Blake3();
            byte[] head = new byte[16];
            int headLen = 0;
            byte[] data = new byte[MAX_FRAME];
            for (Model.ChunkRef c : chunks) {
                int len = tree.chunks().read(c.h(), data);
                if (len != c.s()) {
                    throw ApiError.badRequest("Chunk " + c.h() + " has size " + len + ", not " + c.s());
                }
                if (headLen < 16) {
                    int n = Math.min(16 - headLen, len);
                    System.arraycopy(data, 0, head, headLen, n);
                    headLen += n;
                }
                whole.update(data, 0, len);
            }
            String actual = whole.hex();
            if (!actual.equals(fileHash)) {
                throw ApiError.badRequest("file_hash does not match the chunk sequence");
            }
            Model.Manifest m = new Model.Manifest();
            m.size = total;
            m.chunks.addAll(chunks);
            String mime = Mime.sniff(head, headLen, create ? name : tree.fileRow(fileId).name);
            return finish(userId, create, name, folderId, fileId, fileHash, m, mime);
        } finally {
            tree.unpin(distinct);
        }
    }

    /**
     * Benchmark-only commit: the chunks are checked for presence and size (a stat each), the file is stored under the
     * declared {@code file_hash} without re-reading and hashing the chunks.
     */
    private Response commitDeclared(String userId, boolean create, String name, String folderId, String fileId,
                                    String fileHash, List<Model.ChunkRef> chunks, long total) throws IOException {
        for (Model.ChunkRef c : chunks) {
            long len = Files.size(tree.chunks().path(c.h()));
            if (len != c.s()) {
                throw ApiError.badRequest("Chunk " + c.h() + " has size " + len + ", not " + c.s());
            }
        }
        byte[] head = new byte[16];
        int headLen = chunks.isEmpty() ? 0 : Math.min(16, (int) chunks.get(0).s());
        if (headLen > 0) {
            try (InputStream in = tree.chunks().open(chunks.get(0).h())) {
                headLen = in.readNBytes(head, 0, headLen);
            }
        }
        Model.Manifest m = new Model.Manifest();
        m.size = total;
        m.chunks.addAll(chunks);
        String mime = Mime.sniff(head, headLen, create ? name : tree.fileRow(fileId).name);
        return finish(userId, create, name, folderId, fileId, fileHash, m, mime);
    }

    private Response finish(String userId, boolean create, String name, String folderId, String fileId, String hash,
                            Model.Manifest m, String mime) {
        if (create) {
            Tree.Created c = tree.createFile(userId, folderId, name, hash, m.size, mime, m);
            return Response.json(201, Dtos.file(tree, c.file(), false));
        }
        return Response.json(200, Dtos.file(tree, tree.updateContent(userId, fileId, hash, m.size, mime, m), false));
    }

    // ------------------------------------------------------------------ (d) manifest

    private Response manifest(Request r) {
        Model.FileRow f;
        Model.Manifest m;
        synchronized (tree) {
            f = tree.file(r.userId(), r.param("id"));
            m = tree.manifest(f.hash);
        }
        String quoted = "\"" + f.hash + "\"";
        String inm = r.header("If-None-Match");
        if (inm != null && inm.equals(quoted)) { // exact match only (delta_upload_handler.rs:290-294)
            return Response.empty(304).header("ETag", quoted).header("Cache-Control", "private, no-cache");
        }
        List<Map<String, Object>> chunks = new ArrayList<>();
        for (Model.ChunkRef c : m.chunks) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("h", c.h());
            x.put("s", c.s());
            chunks.add(x);
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("file_hash", f.hash);
        body.put("total_size", m.size);
        body.put("chunks", chunks);
        return Response.json(200, body).header("ETag", quoted).header("Cache-Control", "private, no-cache");
    }

    // ------------------------------------------------------------------ (e) download

    private Response download(Request r) {
        ArrayNode arr = Request.requireArray(r.json(), "hashes");
        if (arr.isEmpty()) {
            throw ApiError.badRequest("hashes must not be empty");
        }
        if (arr.size() > maxChunks) {
            throw ApiError.badRequest("Too many hashes (max " + maxChunks + ")");
        }
        List<String> hashes = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (JsonNode n : arr) {
            if (!n.isTextual() || !Names.isHash(n.asText())) {
                throw ApiError.badRequest("Invalid hash: expected 64 hex characters");
            }
            if (!seen.add(n.asText())) {
                throw ApiError.badRequest("Duplicate hash in request: " + n.asText());
            }
            hashes.add(n.asText());
        }
        Map<String, Long> owned = tree.ownedChunks(r.userId());
        List<String> notAvailable = new ArrayList<>();
        long total = 0;
        List<Long> sizes = new ArrayList<>();
        for (String h : hashes) {
            Long s = owned.get(h);
            if (s == null) {
                notAvailable.add(h);
            } else {
                sizes.add(s);
                total += s;
            }
        }
        if (!notAvailable.isEmpty()) {
            throw ApiError.body(404, Map.of("not_available", notAvailable));
        }
        if (total > cfg.chunkMaxBytes()) {
            // delta_upload_service.rs:608-612, text as in the source (an em dash, then the line's indentation)
            throw ApiError.badRequest("Requested chunks total " + total + " bytes; the per-request ceiling is "
                    + cfg.chunkMaxBytes() + " \u2014                  split the download into smaller batches");
        }
        long length = total + 4L * hashes.size();
        return Response.stream(200, "application/octet-stream", length, out -> writeFrames(hashes, sizes, out));
    }

    private void writeFrames(List<String> hashes, List<Long> sizes, OutputStream out) throws IOException {
        DataOutputStream d = new DataOutputStream(out);
        for (int i = 0; i < hashes.size(); i++) {
            d.writeInt(sizes.get(i).intValue());
            try (InputStream in = tree.chunks().open(hashes.get(i))) {
                in.transferTo(d);
            }
        }
        d.flush();
    }
}
