package org.oxisync.emulator.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.http.Json;
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

    /** One listed row with the server's sort columns (trash_db_repository.rs:360-440). */
    private record Row(Object item, String id, long deletion, long trashed, String sortStr, long typeOrder,
                       long folderFirst, long size) {}

    /**
     * {@code GET /api/trash/resources} (trash_handler.rs:36-80, trash_service.rs:800-850, trash_dto.rs:176-193,
     * trash_db_repository.rs:337-560): the top-level trashed rows (a row whose parent is trashed too is not listed) of
     * every drive the caller is a member of; {@code order_by} {@code deletion_date} (default, ascending: expiring
     * soonest first), {@code trashed_at} (newest first), {@code name} (folders first, lower-cased), {@code type},
     * {@code size} (folders as -1), each then by id, {@code reverse=true} turns it; {@code resource_types} (comma list
     * of {@code file}, {@code folder}; unknown kinds dropped, an empty list lists nothing); {@code limit} clamped to
     * 1..200 (default 50); a keyset {@code next_cursor}, omitted on the last page, and dropped when the order or
     * direction changed between pages (trash_handler.rs:57-60).
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
        String orderBy = r.query("order_by") == null ? "deletion_date" : r.query("order_by");
        boolean reverse = "true".equals(r.query("reverse"));
        List<String> kinds = null;
        if (r.query("resource_types") != null) {
            kinds = new ArrayList<>();
            for (String t : r.query("resource_types").split(",")) {
                if (t.trim().equals("file") || t.trim().equals("folder")) {
                    kinds.add(t.trim());
                }
            }
        }
        Comparator<Row> order = order(orderBy, reverse);
        Row after = cursor(r.query("cursor"), orderBy, reverse);
        List<Row> rows = new ArrayList<>();
        List<Object> items = new ArrayList<>();
        String next = null;
        synchronized (tree) {
            long retention = Tree.TRASH_RETENTION.toSeconds();
            for (Object o : tree.trashItems(r.userId())) {
                if (o instanceof Model.Folder d) {
                    if ((kinds == null || kinds.contains("folder")) && tree.isLive(tree.folderRow(d.parentId))) {
                        rows.add(new Row(o, d.id, d.trashedAt + retention, d.trashedAt,
                                d.name.toLowerCase(Locale.ROOT), 0, 0, -1));
                    }
                } else if (o instanceof Model.FileRow f && (kinds == null || kinds.contains("file"))
                        && tree.isLive(tree.folderRow(f.folderId))) {
                    rows.add(new Row(o, f.id, f.trashedAt + retention, f.trashedAt,
                            f.name.toLowerCase(Locale.ROOT), FileDisplay.categoryOrder(f.name, f.mimeType), 1, f.size));
                }
            }
            rows.sort(order);
            int start = 0;
            if (after != null) {
                start = rows.size();
                for (int i = 0; i < rows.size(); i++) {
                    if (order.compare(rows.get(i), after) > 0) {
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
                next = encode(rows.get(end - 1), orderBy, reverse);
            }
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("items", items);
        if (next != null) {
            m.put("next_cursor", next);
        }
        return Response.json(200, m);
    }

    /** The ORDER BY of trash_db_repository.rs:462-545; an unknown {@code order_by} sorts as deletion_date. */
    private static Comparator<Row> order(String orderBy, boolean reverse) {
        Comparator<Row> byId = Comparator.comparing(Row::id);
        Comparator<Row> c = switch (orderBy) {
            case "trashed_at" -> Comparator.comparingLong(Row::trashed).reversed().thenComparing(byId.reversed());
            case "name" -> Comparator.comparingLong(Row::folderFirst).thenComparing(Row::sortStr).thenComparing(byId);
            case "type" -> Comparator.comparingLong(Row::typeOrder).thenComparing(Row::sortStr).thenComparing(byId);
            case "size" -> Comparator.comparingLong(Row::size).thenComparing(byId);
            default -> Comparator.comparingLong(Row::deletion).thenComparing(byId);
        };
        if (!reverse) {
            return c;
        }
        if (orderBy.equals("name")) { // folders stay first (trash_db_repository.rs:498-504)
            return Comparator.comparingLong(Row::folderFirst)
                    .thenComparing(Comparator.comparing(Row::sortStr).thenComparing(byId).reversed());
        }
        return c.reversed();
    }

    private static String encode(Row last, String orderBy, boolean reverse) {
        Map<String, Object> c = new LinkedHashMap<>();
        c.put("order_by", orderBy);
        c.put("resource_id", last.id());
        c.put("sort_str", last.sortStr());
        c.put("deletion", last.deletion());
        c.put("trashed", last.trashed());
        c.put("type_order", last.typeOrder());
        c.put("folder_first", last.folderFirst());
        c.put("size", last.size());
        c.put("reverse", reverse);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(Json.bytes(c));
    }

    /** The row a cursor stands for; null for none, an unreadable one, or one of another order or direction. */
    private static Row cursor(String cursor, String orderBy, boolean reverse) {
        if (cursor == null || cursor.isEmpty()) {
            return null;
        }
        try {
            JsonNode c = Json.MAPPER.readTree(Base64.getUrlDecoder().decode(cursor));
            if (!orderBy.equals(c.path("order_by").asText()) || reverse != c.path("reverse").asBoolean()) {
                return null;
            }
            return new Row(null, c.path("resource_id").asText(), c.path("deletion").asLong(), c.path("trashed").asLong(),
                    c.path("sort_str").asText(), c.path("type_order").asLong(), c.path("folder_first").asLong(),
                    c.path("size").asLong());
        } catch (Exception e) {
            return null; // an invalid cursor restarts from the top
        }
    }

    private Map<String, Object> item(Object o) {
        Map<String, Object> m = new LinkedHashMap<>();
        long retention = Tree.TRASH_RETENTION.toSeconds();
        if (o instanceof Model.Folder d) {
            Map<String, Object> dto = Dtos.folder(tree, d, false);
            dto.put("etag", d.id); // trash_service.rs row_to_item_dto: a folder row's etag is its id
            dto.put("is_root", false);
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

    /** 200 whether or not the id was in the trash (trash_handler.rs:216-252, trash_service.rs:429-436). */
    private Response restore(Request r) {
        tree.restore(r.userId(), uuid(r.param("id")));
        return Response.json(200, success("Item restored successfully"));
    }

    /** trash_handler.rs:269-305: 200 with a body, also for an id no longer in the trash. */
    private Response deleteForever(Request r) {
        tree.deletePermanently(r.userId(), uuid(r.param("id")));
        return Response.json(200, success("Item deleted permanently"));
    }

    /** trash_handler.rs:323-360. */
    private Response empty(Request r) {
        tree.emptyTrash(r.userId());
        return Response.json(200, success("Trash emptied successfully"));
    }

    /** trash_handler.rs:389-420: {@code {"success":true,"drive_id":id}}. */
    private Response emptyDrive(Request r) {
        String driveId = r.param("drive_id");
        tree.emptyDriveTrash(r.userId(), driveId);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("success", true);
        m.put("drive_id", driveId);
        return Response.json(200, m);
    }

    private static Map<String, Object> success(String message) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("success", true);
        m.put("message", message);
        return m;
    }

    /** A trash id that is no UUID is a validation error (trash_service.rs:269-281, :454-466). */
    private static String uuid(String id) {
        try {
            java.util.UUID.fromString(id);
            return id;
        } catch (IllegalArgumentException e) {
            throw ApiError.rest(400, "Invalid Input", "Invalid trash ID: " + e.getMessage());
        }
    }
}
