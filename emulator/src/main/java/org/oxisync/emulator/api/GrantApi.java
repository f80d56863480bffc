package org.oxisync.emulator.api;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.http.Request;
import org.oxisync.emulator.http.Response;
import org.oxisync.emulator.http.Router;
import org.oxisync.emulator.store.DriveRole;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Tree;

/**
 * Incoming shares (server {@code interfaces/api/handlers/grant_handler.rs:777-960}): {@code GET /api/grants/incoming}
 * (every direct grant of the caller, drive memberships and the own Personal drive's Owner row included) and
 * {@code GET /api/grants/incoming/resources} (the same rows resolved to their file, folder or drive).
 */
public final class GrantApi {
    private static final Set<String> SORTS = Set.of("granted_at", "granted_by", "name", "type");
    private final Tree tree;

    public GrantApi(Tree tree) {
        this.tree = tree;
    }

    public void register(Router r) {
        r.add("GET", "/api/grants/incoming", true, this::incoming);
        r.add("GET", "/api/grants/incoming/resources", true, this::resources);
    }

    private Response incoming(Request r) {
        List<Object> out = new ArrayList<>();
        for (Model.Grant g : tree.drives().incomingGrants(r.userId())) {
            out.add(Dtos.grant(g));
        }
        return Response.json(200, out);
    }

    /**
     * Items {@code {resource_type, permissions, granted_at, granted_by, resource}} (grant_dto.rs:436-451), newest
     * grant first (then resource id descending), {@code permissions} = the role expanded and sorted by name
     * (pg_acl_engine.rs:2078-2095); {@code limit} clamped to 1..200, default 50 (grant_dto.rs:407-411); an unknown
     * {@code sort_by} → 400 (grant_handler.rs:846-853); {@code resource_types} filters, unknown kinds ignored; a grant
     * whose item is gone or in the trash drops out. {@code next_cursor} is omitted on the last page.
     */
    private Response resources(Request r) {
        String sort = r.query("sort_by") == null ? "granted_at" : r.query("sort_by");
        if (!SORTS.contains(sort)) {
            throw ApiError.body(400, Map.of("error", "invalid sort_by; valid values: granted_at, granted_by, name, type"));
        }
        int limit = clamp(r.query("limit"));
        List<String> kinds = new ArrayList<>();
        if (r.query("resource_types") != null) {
            for (String t : r.query("resource_types").split(",")) {
                kinds.add(t.trim());
            }
        }
        boolean reverse = "true".equals(r.query("reverse"));
        List<Map<String, Object>> all = new ArrayList<>();
        synchronized (tree) {
            List<Model.Grant> grants = new ArrayList<>(tree.drives().incomingGrants(r.userId()));
            Comparator<Model.Grant> order = Comparator.comparingLong((Model.Grant g) -> g.grantedAt)
                    .thenComparing(g -> g.resourceId);
            grants.sort(reverse ? order : order.reversed());
            for (Model.Grant g : grants) {
                if (!kinds.isEmpty() && !kinds.contains(g.resourceType)) {
                    continue;
                }
                Object resource = resolve(r.userId(), g);
                if (resource == null) {
                    continue;
                }
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("resource_type", g.resourceType);
                m.put("permissions", DriveRole.parse(g.role).permissions().stream().sorted().toList());
                m.put("granted_at", Dtos.rfc3339(g.grantedAt));
                m.put("granted_by", g.grantedBy);
                m.put("resource", resource);
                all.add(m);
            }
        }
        int from = offset(r.query("cursor"));
        int to = Math.min(all.size(), from + limit);
        Map<String, Object> page = new LinkedHashMap<>();
        page.put("items", from >= all.size() ? List.of() : all.subList(from, to));
        if (to < all.size()) {
            page.put("next_cursor", Base64.getUrlEncoder().withoutPadding()
                    .encodeToString(("{\"o\":" + to + "}").getBytes(StandardCharsets.UTF_8)));
        }
        return Response.json(200, page);
    }

    private Object resolve(String userId, Model.Grant g) {
        switch (g.resourceType) {
            case "drive" -> {
                Model.Drive d = tree.drives().drive(g.resourceId);
                // the drive rows come from get_by_ids, which carries no caller role (grant_handler.rs:908-928)
                return d == null ? null : Dtos.drive(tree, d, null);
            }
            case "folder" -> {
                Model.Folder f = tree.folderRow(g.resourceId);
                return f == null || !tree.isLive(f) ? null : Dtos.folder(tree, f, false);
            }
            case "file" -> {
                Model.FileRow f = tree.fileRow(g.resourceId);
                return f == null || !tree.isLive(f) ? null : Dtos.file(tree, f, false);
            }
            default -> {
                return null;
            }
        }
    }

    private static int clamp(String limit) {
        if (limit == null) {
            return 50;
        }
        try {
            return (int) Math.max(1, Math.min(200, Long.parseLong(limit)));
        } catch (NumberFormatException e) {
            throw ApiError.text(400, "Failed to deserialize query string: limit: invalid digit found in string");
        }
    }

    /** The emulator's cursor is an offset (base64url {@code {"o":n}}); an invalid one restarts from the top. */
    private static int offset(String cursor) {
        if (cursor == null || cursor.isEmpty()) {
            return 0;
        }
        try {
            String json = new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.UTF_8);
            return Math.max(0, Integer.parseInt(json.replaceAll("[^0-9]", "")));
        } catch (RuntimeException e) {
            return 0;
        }
    }
}
