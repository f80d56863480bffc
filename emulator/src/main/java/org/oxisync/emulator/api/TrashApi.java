package org.oxisync.emulator.api;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.http.Request;
import org.oxisync.emulator.http.Response;
import org.oxisync.emulator.http.Router;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Tree;

/** Trash (§5.4): list, restore, delete permanently, empty. */
public final class TrashApi {
    private final Tree tree;

    public TrashApi(Tree tree) {
        this.tree = tree;
    }

    public void register(Router r) {
        r.add("GET", "/api/trash/resources", true, this::list);
        r.add("POST", "/api/trash/{id}/restore", true, this::restore);
        r.add("DELETE", "/api/trash/{id}", true, this::deleteForever);
        r.add("DELETE", "/api/trash/empty", true, this::empty);
        r.add("DELETE", "/api/trash/drive/{drive_id}", true, this::emptyDrive);
    }

    /**
     * {@code GET /api/trash/resources} (trash_service.rs:800-950, trash_dto.rs:176-193, trash_db_repository.rs:380-535):
     * the top-level trashed rows (a row whose parent is trashed too is not listed), ordered by
     * {@code deletion_date} (= trashed_at + 30 days) ascending, then id; {@code limit} clamped to 1..200 (default 50);
     * items {@code {resource_type, trashed_at, deletion_date, drive_id, resource: FileDto|FolderDto}}; a keyset cursor;
     * {@code next_cursor} omitted on the last page.
     */
    private Response list(Request r) {
        int limit = 50;
        if (r.query("limit") != null) {
            try {
                limit = Integer.parseInt(r.query("limit"));
            } catch (NumberFormatException e) {
                throw ApiError.text(400, "Failed to deserialize query string: invalid digit found in string");
            }
            limit = Math.max(1, Math.min(200, limit));
        }
        String afterId = null;
        long afterDeletion = Long.MIN_VALUE;
        String cursor = r.query("cursor");
        if (cursor != null && !cursor.isEmpty()) {
            try {
                com.fasterxml.jackson.databind.JsonNode c = org.oxisync.emulator.http.Json.MAPPER.readTree(
                        java.util.Base64.getUrlDecoder().decode(cursor));
                afterId = c.path("resource_id").asText(null);
                afterDeletion = c.path("sort_int").asLong(Long.MIN_VALUE);
            } catch (Exception e) {
                afterId = null; // an invalid cursor restarts from the top
            }
        }
        record Row(Object item, long deletion, String id) {}
        List<Row> rows = new ArrayList<>();
        List<Object> items = new ArrayList<>();
        String next = null;
        synchronized (tree) {
            long retention = Tree.TRASH_RETENTION.toSeconds();
            for (Object o : tree.trashItems(r.userId())) {
                if (o instanceof Model.Folder d) {
                    if (tree.isLive(tree.folderRow(d.parentId))) {
                        rows.add(new Row(o, d.trashedAt + retention, d.id));
                    }
                } else if (o instanceof Model.FileRow f && tree.isLive(tree.folderRow(f.folderId))) {
                    rows.add(new Row(o, f.trashedAt + retention, f.id));
                }
            }
            rows.sort(java.util.Comparator.comparingLong(Row::deletion).thenComparing(Row::id));
            int start = 0;
            if (afterId != null) {
                start = rows.size();
                for (int i = 0; i < rows.size(); i++) {
                    Row x = rows.get(i);
                    if (x.deletion() > afterDeletion || x.deletion() == afterDeletion && x.id().compareTo(afterId) > 0) {
                        start = i;
                        break;
                    }
                }
            }
            int end = Math.min(rows.size(), start + limit);
            for (int i = start; i < end; i++) {
                items.add(item(rows.get(i).item()));
            }
            if (end < rows.size()) {
                Row last = rows.get(end - 1);
                Map<String, Object> c = new LinkedHashMap<>();
                c.put("order_by", "deletion_date");
                c.put("resource_id", last.id());
                c.put("sort_int", last.deletion());
                c.put("reverse", false);
                next = java.util.Base64.getUrlEncoder().withoutPadding()
                        .encodeToString(org.oxisync.emulator.http.Json.bytes(c));
            }
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("items", items);
        if (next != null) {
            m.put("next_cursor", next);
        }
        return Response.json(200, m);
    }

    private Map<String, Object> item(Object o) {
        Map<String, Object> m = new LinkedHashMap<>();
        long retention = Tree.TRASH_RETENTION.toSeconds();
        if (o instanceof Model.Folder d) {
            Map<String, Object> dto = Dtos.folder(tree, d, false);
            dto.put("etag", d.id); // trash_service.rs row_to_item_dto: a folder row's etag is its id
            dto.put("is_root", false);
            dto.put("category", "Folder");
            m.put("resource_type", "folder");
            m.put("trashed_at", Dtos.rfc3339(d.trashedAt));
            m.put("deletion_date", Dtos.rfc3339(d.trashedAt + retention));
            m.put("drive_id", d.driveId);
            m.put("resource", dto);
        } else if (o instanceof Model.FileRow f) {
            m.put("resource_type", "file");
            m.put("trashed_at", Dtos.rfc3339(f.trashedAt));
            m.put("deletion_date", Dtos.rfc3339(f.trashedAt + retention));
            m.put("drive_id", f.driveId);
            m.put("resource", Dtos.file(tree, f, false));
        }
        return m;
    }

    private Response restore(Request r) {
        tree.restore(r.userId(), r.param("id"));
        return Response.json(200, Map.of("success", true));
    }

    private Response deleteForever(Request r) {
        tree.deletePermanently(r.userId(), r.param("id"));
        return Response.empty(204);
    }

    private Response empty(Request r) {
        tree.emptyTrash(r.userId());
        return Response.empty(204);
    }

    private Response emptyDrive(Request r) {
        if (!tree.user(r.userId()).driveId.equals(r.param("drive_id"))) {
            throw ApiError.notFound("Drive");
        }
        tree.emptyTrash(r.userId());
        return Response.empty(204);
    }
}
