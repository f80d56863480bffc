package org.oxisync.emulator.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.http.Request;
import org.oxisync.emulator.http.Response;
import org.oxisync.emulator.http.Router;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Tree;

/** {@code /api/auth/*}: login, refresh, logout, me, status, app passwords (reference §3.2, §3.5). */
public final class AuthApi {
    private final Auth auth;
    private final Tree tree;

    private final RateLimiter loginLimiter;
    private final RateLimiter refreshLimiter;

    public AuthApi(Auth auth) {
        this.auth = auth;
        this.tree = auth.tree();
        var cfg = auth.config();
        this.loginLimiter = new RateLimiter(cfg.loginRateLimit(), cfg.authRateLimitWindow(), cfg.clock());
        this.refreshLimiter = new RateLimiter(cfg.refreshRateLimit(), cfg.authRateLimitWindow(), cfg.clock());
    }

    /**
     * The login/refresh middleware of main.rs:727-775 (rate_limit.rs:113-175): keyed by client IP (always loopback
     * here), 429 {@code {"error":"Too many requests","retry_after_secs":window}} with {@code Retry-After: window}.
     */
    private static void limit(RateLimiter limiter, Request r) {
        if (!limiter.tryAcquire(r.clientIp())) {
            Map<String, Object> body = new LinkedHashMap<>();
            body.put("error", "Too many requests");
            body.put("retry_after_secs", limiter.windowSeconds());
            throw ApiError.body(429, body).header("Retry-After", String.valueOf(limiter.windowSeconds()));
        }
    }

    public void register(Router r) {
        r.add("GET", "/api/auth/status", false, this::status);
        r.add("POST", "/api/auth/login", false, this::login);
        r.add("POST", "/api/auth/refresh", false, this::refresh);
        r.add("POST", "/api/auth/logout", true, this::logout);
        r.add("GET", "/api/auth/me", true, this::me);
        r.add("POST", "/api/auth/app-passwords", true, this::createAppPassword);
        r.add("GET", "/api/auth/app-passwords", true, this::listAppPasswords);
        r.add("DELETE", "/api/auth/app-passwords/{id}", true, this::deleteAppPassword);
    }

    /**
     * {@code GET /api/auth/status} (auth_handler.rs:1340-1370): {@code admin_count} counts the admin users;
     * {@code registration_allowed} is the server's {@code initialized || admin_count > 0}, true here because an
     * emulator is always set up (registration itself is not served).
     */
    private Response status(Request r) {
        long admins;
        synchronized (tree) {
            admins = tree.allUsers().stream().filter(u -> u.active && "admin".equals(u.role)).count();
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("initialized", true);
        m.put("admin_count", admins);
        m.put("registration_allowed", true);
        return Response.json(200, m);
    }

    private Response login(Request r) {
        limit(loginLimiter, r);
        ObjectNode b = r.json();
        String username = Request.requireString(b, "username");
        String password = Request.requireString(b, "password");
        Model.User u = auth.checkLogin(username, password, r.clientIp());
        Model.Session s = auth.newSession(u.id, null, "password");
        return Response.json(200, auth.authResponse(u, s));
    }

    private Response refresh(Request r) {
        limit(refreshLimiter, r);
        ObjectNode b = r.json();
        String token = Request.optString(b, "refresh_token");
        if (token == null) {
            throw ApiError.rest(401, "Unauthorized", "Refresh token required");
        }
        Model.Session s = auth.rotate(token);
        return Response.json(200, auth.authResponse(tree.user(s.userId), s));
    }

    private Response logout(Request r) {
        ObjectNode b = r.json();
        String token = Request.optString(b, "refresh_token");
        if (token == null) {
            throw ApiError.badRequest("refresh_token is required");
        }
        synchronized (tree) {
            Model.Session s = tree.sessions.get(token);
            if (s != null && s.userId.equals(r.userId())) {
                auth.revokeFamily(s.familyId);
            }
        }
        return Response.json(200, Map.of());
    }

    private Response me(Request r) {
        Map<String, Object> m = Dtos.user(tree, tree.user(r.userId()));
        m.put("force_password_change", false);
        m.put("is_dpop_bound", false);
        return Response.json(200, m);
    }

    /** A new app password in the server's form: {@code oxicloud-} and 32 letters and digits. */
    public static String newAppPassword() {
        return "oxicloud-" + Auth.randomAlnum(32);
    }

    /** Stores a new app password of the user (its hash and prefix); the caller shows {@code password} once. */
    public static Model.AppPassword mint(Tree tree, String userId, String label, String scopes, Long expiresDays,
                                         String password) {
        Model.AppPassword p = new Model.AppPassword();
        synchronized (tree) {
            p.id = UUID.randomUUID().toString();
            p.userId = userId;
            p.label = label;
            p.passwordHash = Auth.sha256(password);
            p.prefix = password.substring(0, 13);
            p.scopes = scopes == null ? "webdav,caldav,carddav" : scopes;
            p.createdAt = tree.now();
            p.expiresAt = expiresDays == null ? null : p.createdAt + expiresDays * 86400;
            tree.appPasswords.put(p.id, p);
            tree.changed();
        }
        return p;
    }

    private Response createAppPassword(Request r) {
        String h = r.header("Authorization");
        if (h == null || !h.regionMatches(true, 0, "Bearer ", 0, 7)) {
            throw ApiError.rest(403, "AccessDenied", "App passwords can only be created from a session");
        }
        ObjectNode b = r.json();
        String label = Request.requireString(b, "label");
        String scopes = Request.optString(b, "scopes");
        Long expiresDays = b.hasNonNull("expires_in_days") ? b.get("expires_in_days").asLong() : null;
        if (label.isBlank()) {
            throw ApiError.badRequest("label cannot be empty");
        }
        String password = newAppPassword();
        Model.AppPassword p = mint(tree, r.userId(), label, scopes, expiresDays, password);
        Model.User u = tree.user(r.userId());
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", p.id);
        m.put("label", p.label);
        m.put("password", password);
        m.put("username", u.username);
        m.put("scopes", p.scopes);
        m.put("expires_at", p.expiresAt == null ? null : Dtos.rfc3339(p.expiresAt));
        m.put("instructions", Map.of(
                "webdav_url", r.baseUrl() + "/webdav/",
                "username", u.username,
                "note", "This password is shown only once."));
        return Response.json(200, m); // Json(response), no status: 200 (app_password_handler.rs:38-99)
    }

    private Response listAppPasswords(Request r) {
        List<Map<String, Object>> list = new ArrayList<>();
        synchronized (tree) {
            for (Model.AppPassword p : tree.appPasswords.values()) {
                if (!p.userId.equals(r.userId())) {
                    continue;
                }
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("id", p.id);
                m.put("label", p.label);
                m.put("prefix", p.prefix);
                m.put("scopes", p.scopes);
                m.put("created_at", Dtos.rfc3339(p.createdAt));
                m.put("last_used_at", p.lastUsedAt == null ? null : Dtos.rfc3339(p.lastUsedAt));
                m.put("expires_at", p.expiresAt == null ? null : Dtos.rfc3339(p.expiresAt));
                m.put("active", p.active);
                list.add(m);
            }
        }
        return Response.json(200, Map.of("app_passwords", list, "total", list.size()));
    }

    private Response deleteAppPassword(Request r) {
        synchronized (tree) {
            // app_password_handler.rs:122-137, app_password_service.rs:258-272, app_password_pg_repository.rs:70-83,
            // 144-157: a malformed id is 400, an unknown one 404, another user's 403; the UPDATE matches a password
            // already revoked, so revoking it again is a 200
            String id = r.param("id");
            try {
                java.util.UUID.fromString(id);
            } catch (IllegalArgumentException e) {
                throw ApiError.app(400, "BadRequest", "Invalid UUID");
            }
            Model.AppPassword p = tree.appPasswords.get(id);
            if (p == null) {
                throw ApiError.notFound("AppPassword", id);
            }
            if (!p.userId.equals(r.userId())) {
                throw ApiError.rest(403, "AccessDenied", "You can only revoke your own app passwords");
            }
            p.active = false;
            tree.changed();
        }
        Map<String, Object> m = new LinkedHashMap<>(); // AppPasswordRevokeResponseDto, 200 (app_password_handler.rs:122-137,
        m.put("status", "revoked");                      // app_password_service.rs:287-290)
        m.put("id", r.param("id"));
        return Response.json(200, m);
    }
}
