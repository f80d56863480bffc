package org.oxisync.emulator.api;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.http.Json;
import org.oxisync.emulator.http.Request;
import org.oxisync.emulator.http.Response;
import org.oxisync.emulator.http.Router;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Tree;

/** Drives (§4), folders (§5.1) and the folder batch get. */
public final class FolderApi {
    static final int MAX_BATCH = 1000;
    private final Tree tree;
    /**
     * The sorted rows of the folders listed last, for the tree's {@link Tree#version} they were read at: a listing of a
     * large folder is read page by page (200 rows a request), and sorting every row again for each page made a folder
     * of 50,000 files cost 250 full sorts (the real server's keyset query reads one page through an index,
     * {@code folder_dto.rs:266-300}). Touched under the tree's lock.
     */
    private final Map<ListingKey, List<Row>> sortedListings = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ListingKey, List<Row>> eldest) {
            return size() > 16;
        }
    };

    private record ListingKey(String folderId, String orderBy, boolean reverse, boolean folders, boolean files,
                              long version) {}

    public FolderApi(Tree tree) {
        this.tree = tree;
    }

    public void register(Router r) {
        r.add("GET", "/api/drives", true, this::drives);
        r.add("GET", "/api/folders", true, this::roots);
        r.add("POST", "/api/folders", true, this::create);
        r.add("GET", "/api/folders/{id}", true, this::get);
        r.add("GET", "/api/folders/{id}/resources", true, this::resources);
        r.add("PUT", "/api/folders/{id}/rename", true, this::rename);
        r.add("PUT", "/api/folders/{id}/move", true, this::move);
        r.add("DELETE", "/api/folders/{id}", true, this::delete);
        r.add("DELETE", "/api/trash/folders/{id}", true, this::trashOnly);
        r.add("POST", "/api/batch/folders/get", true, this::batchGet);
    }

    private Response drives(Request r) {
        // drive_handler.rs:45-56: every drive the caller holds a role on, with that role
        List<Object> out = new java.util.ArrayList<>();
        synchronized (tree) {
            for (Model.Drive d : tree.drives().readableDrives(r.userId())) {
                out.add(Dtos.drive(tree, d, tree.drives().driveRole(r.userId(), d.id).wire()));
            }
        }
        return Response.json(200, out);
    }

    private Response roots(Request r) {
        Model.User u = tree.user(r.userId());
        return Response.json(200, List.of(Dtos.folder(tree, tree.folderRow(u.rootFolderId), false)));
    }

    private Response create(Request r) {
        ObjectNode b = r.json();
        String name = Request.requireString(b, "name");
        String parentId = Request.optString(b, "parent_id");
        if (parentId == null) { // folder_handler.rs:51-82: no parent_id means the caller's home folder
            parentId = tree.user(r.userId()).rootFolderId;
        }
        Model.Folder f = tree.createFolder(r.userId(), parentId, name);
        return Response.json(201, Dtos.folder(tree, f, false));
    }

    /**
     * A trashed folder passes authZ, then {@code get_folder} filters {@code NOT is_trashed} and the NotFound is
     * re-wrapped as an internal error: 500 (folder_db_repository.rs:354-370, folder_service.rs:382-391).
     */
    private Response get(Request r) {
        return Response.json(200, readFolder(r.userId(), r.param("id")));
    }

    /** {@code get_folder_with_perms}, shared by the GET and the batch get (folder_service.rs:382-391). */
    private Map<String, Object> readFolder(String userId, String id) {
        synchronized (tree) {
            Model.Folder f = tree.anyFolder(userId, id);
            if (!tree.isLive(f)) {
                throw ApiError.rest(500, "InternalError",
                        "Failed to get folder with ID: " + id + ": Not Found: Folder not found: " + id);
            }
            return Dtos.folder(tree, f, false);
        }
    }

    private Response rename(Request r) {
        String name = Request.requireString(r.json(), "name");
        return Response.json(200, Dtos.folder(tree, tree.renameFolder(r.userId(), r.param("id"), name), false));
    }

    private Response move(Request r) {
        ObjectNode b = r.json();
        String parent = Request.optString(b, "parent_id");
        if (parent == null) {
            throw ApiError.badRequest("parent_id is required");
        }
        return Response.json(200, Dtos.folder(tree, tree.moveFolder(r.userId(), r.param("id"), parent), false));
    }

    /** Trash, or a permanent delete of the subtree when already trashed (folder_handler.rs:232-261). */
    private Response delete(Request r) {
        tree.deleteFolder(r.userId(), r.param("id"));
        return Response.empty(204);
    }

    /** {@code DELETE /api/trash/folders/{id}} (trash_handler.rs): 200 JSON; 500 when already trashed. */
    private Response trashOnly(Request r) {
        tree.trashOnly(r.userId(), r.param("id"), true);
        return Response.json(200, Map.of("success", true, "message", "Folder moved to trash successfully"));
    }

    private Response batchGet(Request r) {
        ArrayNode ids = Request.requireArray(r.json(), "folder_ids");
        if (ids.size() > MAX_BATCH) {
            throw ApiError.body(400, Map.of("error", "Batch size " + ids.size() + " exceeds maximum of " + MAX_BATCH));
        }
        if (ids.isEmpty()) {
            throw ApiError.body(400, Map.of("error", "No folder IDs provided"));
        }
        long start = System.nanoTime();
        List<Object> ok = new ArrayList<>();
        List<Object> failed = new ArrayList<>();
        for (JsonNode n : ids) {
            String id = n.asText();
            try {
                ok.add(readFolder(r.userId(), id));
            } catch (ApiError e) {
                failed.add(Map.of("id", id, "error", e.domainDisplay())); // batch_operations.rs:1094-1135
            }
        }
        Map<String, Object> stats = new LinkedHashMap<>();
        stats.put("total", ids.size());
        stats.put("successful", ok.size());
        stats.put("failed", failed.size());
        stats.put("execution_time_ms", (System.nanoTime() - start) / 1_000_000);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("successful", ok);
        m.put("failed", failed);
        m.put("stats", stats);
        // batch_handler.rs:620-632: 200 all ok, 206 partial, 400 (same body) when every id failed
        return Response.json(failed.isEmpty() ? 200 : ok.isEmpty() ? 400 : 206, m);
    }

    // ------------------------------------------------------------------ /resources

    /**
     * One listing row with its sort key; {@code row} is the model row (a folder or a file), turned into its DTO
     * only when it is on the page (a page of 200 out of a folder of 50,000 built 50,000 DTOs).
     */
    private record Row(boolean folder, String name, String id, long modified, long created, long size, String mime,
                       Object row) {}

    private Response resources(Request r) {
        int limit = 50;
        String l = r.query("limit");
        if (l != null) {
            try {
                limit = Integer.parseInt(l);
            } catch (NumberFormatException e) {
                throw ApiError.text(400, "Failed to deserialize query string: invalid limit");
            }
            if (limit < 1 || limit > 200) {
                throw ApiError.badRequest("limit must be between 1 and 200");
            }
        }
        String orderBy = r.query("order_by") == null ? "name" : r.query("order_by");
        if (!List.of("name", "type", "modified_at", "created_at", "size").contains(orderBy)) {
            throw ApiError.badRequest("Invalid order_by: " + orderBy);
        }
        boolean reverse = "true".equals(r.query("reverse"));
        boolean wantFolders = true;
        boolean wantFiles = true;
        if (r.query("resource_types") != null) {
            List<String> types = List.of(r.query("resource_types").split(","));
            wantFolders = types.contains("folder");
            wantFiles = types.contains("file");
        }
        Map<String, Object> body;
        synchronized (tree) {
            // a trashed folder lists as an empty page (folder_service.rs:1172-1210 has no trash check)
            Model.Folder parent = tree.anyFolder(r.userId(), r.param("id"));
            boolean live = tree.isLive(parent);
            boolean folders = wantFolders && live;
            boolean files = wantFiles && live;
            Comparator<Row> cmp = comparator(orderBy);
            if (reverse) {
                cmp = cmp.reversed();
            }
            ListingKey key = new ListingKey(parent.id, orderBy, reverse, folders, files, tree.version());
            List<Row> rows = sortedListings.get(key);
            if (rows == null) {
                rows = new ArrayList<>();
                if (folders) {
                    for (Model.Folder f : tree.liveChildFolders(parent.id)) {
                        rows.add(new Row(true, f.name, f.id, f.modifiedAt, f.createdAt, 0, "", f));
                    }
                }
                if (files) {
                    for (Model.FileRow f : tree.liveChildFiles(parent.id)) {
                        rows.add(new Row(false, f.name, f.id, f.modifiedAt, f.createdAt, f.size, f.mimeType, f));
                    }
                }
                rows.sort(cmp);
                sortedListings.put(key, rows);
            }
            body = page(rows, cmp, r.query("cursor"), limit);
        }
        // Serialized outside the tree lock: the page's DTOs are copies (strings and numbers), and the real server
        // answers listings concurrently (PostgreSQL); under the lock, every listing of a relisting after 1,000 edits
        // waited for the one before it (about 2 ms each, bench/README.md "A million files").
        return Response.json(200, body);
    }

    /** One page of {@code rows} (sorted by {@code cmp}) after the cursor's position (under the tree lock). */
    private Map<String, Object> page(List<Row> rows, Comparator<Row> cmp, String cursor, int limit) {
        Row after = decodeCursor(cursor);
        int startIdx = 0;
        if (after != null) { // the first row past the cursor's keyset position
            int lo = 0;
            int hi = rows.size();
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (cmp.compare(rows.get(mid), after) > 0) {
                    hi = mid;
                } else {
                    lo = mid + 1;
                }
            }
            startIdx = lo;
        }
        int end = Math.min(rows.size(), startIdx + limit);
        List<Object> items = new ArrayList<>();
        for (int i = startIdx; i < end; i++) {
            Row row = rows.get(i);
            Map<String, Object> item = new LinkedHashMap<>();
            item.put("resource_type", row.folder() ? "folder" : "file");
            item.put("resource", row.folder() ? Dtos.folder(tree, (Model.Folder) row.row(), true)
                    : Dtos.file(tree, (Model.FileRow) row.row(), true));
            items.add(item);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("items", items);
        if (end < rows.size()) {
            m.put("next_cursor", encodeCursor(rows.get(end - 1))); // omitted on the last page (cursor.rs:127-133)
        }
        return m;
    }

    private static Comparator<Row> comparator(String orderBy) {
        Comparator<Row> byName = Comparator.comparing(Row::name).thenComparing(Row::id);
        Comparator<Row> foldersFirst = Comparator.comparing(row -> !row.folder());
        return switch (orderBy) {
            case "type" -> foldersFirst.thenComparing(Row::mime).thenComparing(byName);
            case "modified_at" -> Comparator.comparingLong(Row::modified).thenComparing(Row::id);
            case "created_at" -> Comparator.comparingLong(Row::created).thenComparing(Row::id);
            case "size" -> Comparator.comparingLong(Row::size).thenComparing(Row::id);
            default -> foldersFirst.thenComparing(byName);
        };
    }

    static String encodeCursor(Row row) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("f", row.folder());
        m.put("n", row.name());
        m.put("id", row.id());
        m.put("m", row.modified());
        m.put("c", row.created());
        m.put("s", row.size());
        m.put("t", row.mime());
        return Base64.getUrlEncoder().withoutPadding().encodeToString(Json.bytes(m));
    }

    /** The keyset position of a cursor; null (start from the top) when it is missing or invalid. */
    static Row decodeCursor(String cursor) {
        if (cursor == null || cursor.isEmpty()) {
            return null;
        }
        try {
            JsonNode n = Json.MAPPER.readTree(new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8));
            if (!n.hasNonNull("id") || !n.hasNonNull("n")) {
                return null;
            }
            return new Row(n.path("f").asBoolean(), n.get("n").asText(), n.get("id").asText(), n.path("m").asLong(),
                    n.path("c").asLong(), n.path("s").asLong(), n.path("t").asText(""), null);
        } catch (Exception e) {
            return null;
        }
    }
}
