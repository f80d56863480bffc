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

    private Response list(Request r) {
        int limit = 50;
        if (r.query("limit") != null) {
            try {
                limit = Integer.parseInt(r.query("limit"));
            } catch (NumberFormatException e) {
                throw ApiError.text(400, "Failed to deserialize query string: invalid limit");
            }
            if (limit < 1 || limit > 200) {
                throw ApiError.badRequest("limit must be between 1 and 200");
            }
        }
        int offset = 0;
        String cursor = r.query("cursor");
        if (cursor != null) {
            try {
                offset = Integer.parseInt(new String(java.util.Base64.getUrlDecoder().decode(cursor),
                        java.nio.charset.StandardCharsets.UTF_8));
            } catch (IllegalArgumentException e) {
                offset = 0; // invalid cursor restarts from the top, like the folder listing
            }
        }
        List<Object> items = new ArrayList<>();
        int total;
        synchronized (tree) {
            List<Object> all = tree.trashItems(r.userId());
            total = all.size();
            for (int i = Math.max(0, offset); i < Math.min(total, offset + limit); i++) {
                items.add(row(all.get(i)));
            }
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("items", items);
        m.put("next_cursor", offset + limit < total ? java.util.Base64.getUrlEncoder().withoutPadding()
                .encodeToString(String.valueOf(offset + limit).getBytes(java.nio.charset.StandardCharsets.UTF_8)) : null);
        return Response.json(200, m);
    }

    private Map<String, Object> row(Object o) {
        Map<String, Object> m = new LinkedHashMap<>();
        if (o instanceof Model.Folder d) {
            m.put("resource_type", "folder");
            m.put("resource_id", d.id);
            m.put("name", d.name);
            m.put("parent_id", d.parentId);
            m.put("mime_type", null);
            m.put("size", 0);
            m.put("modified_at", Dtos.rfc3339(d.modifiedAt));
            m.put("trashed_at", Dtos.rfc3339(d.trashedAt));
            m.put("drive_id", d.driveId);
            m.put("blob_hash", null);
        } else if (o instanceof Model.FileRow f) {
            m.put("resource_type", "file");
            m.put("resource_id", f.id);
            m.put("name", f.name);
            m.put("parent_id", f.folderId);
            m.put("mime_type", f.mimeType);
            m.put("size", f.size);
            m.put("modified_at", Dtos.rfc3339(f.modifiedAt));
            m.put("trashed_at", Dtos.rfc3339(f.trashedAt));
            m.put("drive_id", f.driveId);
            m.put("blob_hash", f.hash);
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
