package org.oxisync.emulator.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.http.Multipart;
import org.oxisync.emulator.http.Request;
import org.oxisync.emulator.http.Response;
import org.oxisync.emulator.http.Router;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Names;
import org.oxisync.emulator.store.Tree;

/** Files (§5.3): multipart upload, by-hash, download, rename, move, delete. */
public final class FileApi {
    private final Tree tree;
    private final Content content;

    public FileApi(Tree tree, Content content) {
        this.tree = tree;
        this.content = content;
    }

    public void register(Router r) {
        r.add("POST", "/api/files/upload", true, this::upload);
        r.add("POST", "/api/files/by-hash", true, this::byHash);
        r.add("GET", "/api/files", true, this::list);
        r.add("GET", "/api/files/{id}", true, this::download);
        r.add("PUT", "/api/files/{id}/rename", true, this::rename);
        r.add("PUT", "/api/files/{id}/move", true, this::move);
        r.add("DELETE", "/api/files/{id}", true, this::delete);
        r.add("DELETE", "/api/trash/files/{id}", true, this::trashOnly);
    }

    // ------------------------------------------------------------------ upload

    private Response upload(Request r) throws IOException {
        String ct = r.header("Content-Type");
        if (ct == null || !ct.toLowerCase(java.util.Locale.ROOT).startsWith("multipart/form-data")) {
            throw ApiError.text(400, "Invalid `boundary` for `multipart/form-data` request");
        }
        Multipart mp = new Multipart(r.body(), ct);
        String folderId = null;
        Multipart.Part part;
        while ((part = mp.next()) != null) {
            if ("folder_id".equals(part.name()) && part.filename() == null) {
                folderId = new String(part.body().readNBytes(4096), StandardCharsets.UTF_8).trim();
            } else if ("file".equals(part.name())) {
                if (folderId == null) {
                    throw ApiError.badRequest("folder_id must be sent before the file field");
                }
                return ingestFile(r.userId(), folderId, part);
            }
        }
        throw ApiError.body(400, Map.of("error", "No file provided"));
    }

    private Response ingestFile(String userId, String folderId, Multipart.Part part) throws IOException {
        String name = Names.validate(Names.basename(part.filename() == null ? "" : part.filename()));
        tree.anyFolder(userId, folderId); // 404 before reading the body; a trashed folder is accepted
        tree.requireOnFolder(userId, "create", folderId); // 403 before reading the body (file_handler.rs:218-228)
        Content.Ingested in = content.ingest(part.body(), name);
        Tree.Created c = tree.createFile(userId, folderId, name, in.hash(), in.size(), in.mime(), in.manifest());
        return Response.json(201, Dtos.file(tree, c.file(), false));
    }

    // ------------------------------------------------------------------ by-hash

    private Response byHash(Request r) {
        ObjectNode b = r.json();
        String rawName = Request.requireString(b, "name");
        String folderId = Request.requireString(b, "folder_id");
        String hash = Request.requireString(b, "hash");
        if (!Names.isHash(hash)) {
            throw ApiError.badRequest("Invalid hash: expected 64 hex characters");
        }
        if (rawName.isEmpty()) {
            throw ApiError.badRequest("Name cannot be empty");
        }
        String name = Names.validate(Names.basename(rawName));
        tree.anyFolder(r.userId(), folderId);
        tree.requireOnFolder(r.userId(), "create", folderId); // file_upload_service.rs:636-648
        Long size = tree.ownedHashes(r.userId()).get(hash);
        Model.Manifest m = tree.manifest(hash);
        if (size == null || m == null) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("error", "blob_not_owned_by_caller");
            body.put("upload_path", "/api/files/upload");
            throw ApiError.body(404, body);
        }
        String mime;
        synchronized (tree) {
            mime = tree.ownedMime(r.userId(), hash);
        }
        Tree.Created c = tree.createFile(r.userId(), folderId, name, hash, m.size, mime, m);
        return Response.json(201, Dtos.file(tree, c.file(), false));
    }

    // ------------------------------------------------------------------ listing (older API)

    private Response list(Request r) {
        String folderId = r.query("folder_id");
        Model.User u = tree.user(r.userId());
        List<Object> out = new ArrayList<>();
        synchronized (tree) {
            Model.Folder f = tree.folder(r.userId(), folderId == null ? u.rootFolderId : folderId);
            for (Model.FileRow row : tree.liveChildFiles(f.id)) {
                out.add(Dtos.file(tree, row, false));
            }
        }
        return Response.json(200, out);
    }

    // ------------------------------------------------------------------ download

    private Response download(Request r) {
        Model.FileRow f;
        Model.Manifest m;
        String etag;
        synchronized (tree) {
            f = tree.file(r.userId(), r.param("id"));
            m = tree.manifest(f.hash);
            etag = Dtos.fileEtag(f);
        }
        if ("true".equals(r.query("metadata"))) {
            Map<String, Object> md = new LinkedHashMap<>();
            synchronized (tree) {
                md.put("id", f.id);
                md.put("name", f.name);
                md.put("path", tree.filePath(f));
                md.put("size", f.size);
                md.put("mime_type", f.mimeType);
                md.put("folder_id", f.folderId);
                md.put("created_at", f.createdAt);
                md.put("modified_at", f.modifiedAt);
            }
            return Response.json(200, md);
        }
        String quoted = "\"" + etag + "\"";
        String inm = r.header("If-None-Match");
        if (inm != null && matchesEtag(inm, quoted)) {
            return Response.empty(304).header("ETag", quoted)
                    .header("Cache-Control", "private, max-age=3600, must-revalidate");
        }
        long size = m.size;
        long start = 0;
        long end = size;
        int status = 200;
        String range = r.header("Range");
        ByteRange br = range == null ? null : ByteRange.parseFirst(range, size);
        if (br != null) {
            if (br.unsatisfiable()) {
                return Response.empty(416).header("Content-Range", "bytes */" + size);
            }
            start = br.start();
            end = br.endExclusive();
            status = 206;
        }
        boolean inline = "true".equals(r.query("inline"));
        String disposition = (inline ? "inline" : "attachment") + "; filename=\"" + asciiName(f.name)
                + "\"; filename*=UTF-8''" + URLEncoder.encode(f.name, StandardCharsets.UTF_8).replace("+", "%20");
        long s = start;
        long e = end;
        Model.Manifest manifest = m;
        Response resp = Response.stream(status, f.mimeType, e - s, out -> content.write(manifest, s, e, out))
                .header("ETag", quoted)
                .header("Accept-Ranges", "bytes")
                .header("Cache-Control", "private, max-age=3600, must-revalidate")
                .header("Content-Disposition", disposition);
        if (status == 206) {
            resp.header("Content-Range", "bytes " + s + "-" + (e - 1) + "/" + size);
        }
        return resp;
    }

    /** Exact match or {@code *} (range_requests.rs:23-35): no lists, no weak comparison, no trimming. */
    private static boolean matchesEtag(String header, String quoted) {
        return header.equals(quoted) || header.equals("*");
    }

    private static String asciiName(String name) {
        StringBuilder sb = new StringBuilder();
        for (char c : name.toCharArray()) {
            sb.append(c < 0x20 || c > 0x7e || c == '"' || c == '\\' ? '_' : c);
        }
        return sb.toString();
    }

    // ------------------------------------------------------------------ rename / move / delete

    private Response rename(Request r) {
        String name = Request.requireString(r.json(), "name").trim();
        if (name.isEmpty()) {
            throw ApiError.badRequest("Name cannot be empty");
        }
        return Response.json(200, Dtos.file(tree, tree.renameFile(r.userId(), r.param("id"), name), false));
    }

    private Response move(Request r) {
        String folderId = Request.optString(r.json(), "folder_id");
        if (folderId == null) {
            throw ApiError.badRequest("folder_id is required");
        }
        return Response.json(200, Dtos.file(tree, tree.moveFile(r.userId(), r.param("id"), folderId), false));
    }

    /** Trash, or a permanent delete when the file is already in the trash (file_management_service.rs:600-629). */
    private Response delete(Request r) {
        tree.deleteFile(r.userId(), r.param("id"));
        return Response.empty(204);
    }

    /** {@code DELETE /api/trash/files/{id}} (trash_handler.rs:96-140): 200 JSON; 500 when already trashed. */
    private Response trashOnly(Request r) {
        tree.trashOnly(r.userId(), r.param("id"), false);
        return Response.json(200, Map.of("success", true, "message", "File moved to trash successfully"));
    }

    /** Reads a whole body part (small text fields only). */
    static String text(InputStream in) throws IOException {
        return new String(in.readNBytes(64 * 1024), StandardCharsets.UTF_8);
    }
}
