package org.oxisync.emulator.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.LinkedHashMap;
import java.util.Map;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.http.Request;
import org.oxisync.emulator.http.Response;
import org.oxisync.emulator.http.Router;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Tree;

/**
 * The two admin routes OxiCloud's own API tests use to set themselves up, served so those tests run against the
 * emulator unchanged (a set-up aid: the rest of the admin panel is not served). Both behind the server's admin gate:
 * a caller whose role is not {@code admin} gets 403 "Admin access required", error_type {@code Forbidden}
 * (interfaces/middleware/admin.rs:60-76).
 * <ul>
 *   <li>{@code POST /api/admin/users} {@code {username, password, email?, role?, quota_bytes?}} → 201 UserDto
 *       (admin_handler.rs:1485-1507, settings_dto.rs:86-103); a name in use → 400 {@code CreateUserFailed};</li>
 *   <li>{@code DELETE /api/admin/users/{id}} → 200 {@code {"message":"User deleted successfully"}}, the caller's own id
 *       → 400 (admin_handler.rs:1160-1196). <b>Not as the server:</b> the account is deactivated and its grants
 *       revoked, but its rows stay (the server deletes the user and its Personal drive with it);</li>
 *   <li>{@code PUT /api/admin/users/{id}/quota} {@code {quota_bytes}} → 200 {@code {"message":"User quota updated",
 *       "quota_bytes"}} (admin_handler.rs:1442-1466);</li>
 *   <li>{@code POST /api/admin/jobs/usage_reconcile/trigger} → 200 {@code {"ok":true,"outcome":...}}
 *       (admin_handler.rs:2580-2640). The emulator's counters never drift, so the job has nothing to do;
 *       {@code dedup_gc} runs the emulator's garbage collection.</li>
 *   <li>{@code POST /api/setup} {@code {username, email, password}}, without credentials (auth_handler.rs:1224-1300):
 *       403 "System is already initialized. Use the admin panel to manage users." ({@code SystemAlreadyInitialized})
 *       once the system has an admin, else the first admin is created: 201 UserDto. The server keeps a
 *       {@code system_initialized} setting (admin_settings_service.rs:373-378); the emulator counts as initialised
 *       when any user is an admin ({@code --admin}).</li>
 * </ul>
 */
public final class AdminSetupApi {
    private final Tree tree;
    private final long defaultQuota;
    private final java.time.Duration orphanGrace;

    public AdminSetupApi(Tree tree, long defaultQuota, java.time.Duration orphanGrace) {
        this.tree = tree;
        this.defaultQuota = defaultQuota;
        this.orphanGrace = orphanGrace;
    }

    public void register(Router r) {
        r.add("POST", "/api/admin/users", true, this::createUser);
        r.add("DELETE", "/api/admin/users/{id}", true, this::deleteUser);
        r.add("PUT", "/api/admin/users/{id}/quota", true, this::setQuota);
        r.add("POST", "/api/admin/jobs/{name}/trigger", true, this::trigger);
        r.add("POST", "/api/setup", false, this::setup);
    }

    private Response setup(Request r) {
        ObjectNode b = r.json();
        String username = Request.requireString(b, "username");
        String email = Request.requireString(b, "email");
        String password = Request.requireString(b, "password");
        Model.User u;
        synchronized (tree) {
            if (tree.allUsers().stream().anyMatch(x -> "admin".equals(x.role))) {
                throw ApiError.app(403, "SystemAlreadyInitialized",
                        "System is already initialized. Use the admin panel to manage users.");
            }
            if (tree.userByName(username) != null) {
                throw ApiError.rest(409, "AlreadyExists", "User already exists: " + username);
            }
            u = tree.createUser(username, email, Auth.hashPassword(password), defaultQuota);
            u.role = "admin";
            tree.changed();
        }
        return Response.json(201, Dtos.user(tree, u));
    }

    private void requireAdmin(Request r) {
        if (!"admin".equals(tree.user(r.userId()).role)) {
            throw ApiError.rest(403, "Forbidden", "Admin access required");
        }
    }

    private Response createUser(Request r) {
        requireAdmin(r);
        ObjectNode b = r.json();
        String username = Request.requireString(b, "username");
        String password = Request.requireString(b, "password");
        String email = Request.optString(b, "email");
        String role = Request.optString(b, "role");
        long quota = b.hasNonNull("quota_bytes") ? b.get("quota_bytes").asLong() : defaultQuota;
        Model.User u;
        synchronized (tree) {
            if (tree.userByName(username) != null) {
                throw ApiError.rest(400, "CreateUserFailed", "Failed to create user: username already exists");
            }
            u = tree.createUser(username, email == null ? username + "@oxicloud.local" : email,
                    Auth.hashPassword(password), Math.max(0, quota));
            if ("admin".equals(role)) {
                u.role = "admin";
                tree.changed();
            }
        }
        return Response.json(201, Dtos.user(tree, u));
    }

    /** admin_handler.rs:1442-1466: the user's envelope; a malformed id 400 "Invalid UUID". */
    private Response setQuota(Request r) {
        requireAdmin(r);
        String id = r.param("id");
        try {
            java.util.UUID.fromString(id);
        } catch (IllegalArgumentException e) {
            throw ApiError.app(400, "BadRequest", "Invalid UUID");
        }
        ObjectNode b = r.json();
        if (!b.has("quota_bytes") || !b.get("quota_bytes").canConvertToLong()) {
            throw ApiError.text(422, "Failed to deserialize the JSON body into the target type: missing field `quota_bytes`");
        }
        long quota = b.get("quota_bytes").asLong();
        synchronized (tree) {
            Model.User u = tree.user(id);
            if (u == null) {
                throw ApiError.app(500, "InternalError", "Failed to update quota: user not found");
            }
            u.quotaBytes = Math.max(0, quota);
            tree.changed();
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("message", "User quota updated");
        m.put("quota_bytes", quota);
        return Response.json(200, m);
    }

    private Response deleteUser(Request r) {
        requireAdmin(r);
        String id = r.param("id");
        if (id.equals(r.userId())) {
            throw ApiError.rest(400, "Invalid Input", "Cannot delete your own account");
        }
        synchronized (tree) {
            Model.User u = tree.user(id);
            if (u == null || !u.active) {
                throw ApiError.rest(404, "Not Found", "User not found");
            }
            u.active = false;
            for (Model.Grant g : tree.drives().incomingGrants(id)) {
                tree.drives().revoke(id, g.resourceType, g.resourceId);
            }
            tree.changed();
        }
        return Response.json(200, Map.of("message", "User deleted successfully"));
    }

    private Response trigger(Request r) {
        requireAdmin(r);
        String name = r.param("name");
        long count = 0;
        if (name.equals("dedup_gc")) {
            try {
                count = tree.collectGarbage(orphanGrace);
            } catch (java.io.IOException e) {
                throw ApiError.rest(500, "Internal Error", "dedup_gc failed: " + e.getMessage());
            }
        } else if (!name.equals("usage_reconcile")) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("error", "job not registered");
            m.put("name", name);
            return Response.json(404, m);
        }
        Map<String, Object> outcome = new LinkedHashMap<>(); // the fields drive_quota.hurl:323-331 reads
        outcome.put("count", count);
        outcome.put("extra", Map.of("bytes_reclaimed", 0));
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ok", true);
        m.put("outcome", outcome);
        return Response.json(200, m);
    }
}
