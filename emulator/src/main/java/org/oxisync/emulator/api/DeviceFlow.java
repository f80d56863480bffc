package org.oxisync.emulator.api;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.security.SecureRandom;
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

/**
 * RFC 8628 device authorization (reference §3.4). Polling faster than the interval answers
 * {@code slow_down} and, as RFC 8628 §3.5 asks, adds 5 s to the interval of that code.
 */
public final class DeviceFlow {
    private static final String USER_CODE_ALPHABET = "BCDFGHJKLMNPQRSTVWXZ";
    private static final String GRANT = "urn:ietf:params:oauth:grant-type:device_code";
    private static final SecureRandom RANDOM = new SecureRandom();

    private final Auth auth;
    private final Tree tree;

    public DeviceFlow(Auth auth) {
        this.auth = auth;
        this.tree = auth.tree();
    }

    public void register(Router r) {
        r.add("POST", "/api/auth/device/authorize", false, this::authorize);
        r.add("POST", "/api/auth/device/token", false, this::token);
        r.add("POST", "/api/auth/device/verify", true, this::verify);
        r.add("GET", "/api/auth/device/devices", true, this::devices);
        r.add("DELETE", "/api/auth/device/devices/{id}", true, this::revokeDevice);
    }

    private static ApiError oauth(int status, String error, String description) {
        return ApiError.body(status, Map.of("error", error, "error_description", description));
    }

    private Response authorize(Request r) {
        ObjectNode b = r.json();
        String clientName = Request.optString(b, "client_name");
        String scope = Request.optString(b, "scope");
        Model.DeviceCode d = new Model.DeviceCode();
        synchronized (tree) {
            d.deviceCode = UUID.randomUUID().toString().replace("-", "") + UUID.randomUUID().toString().replace("-", "");
            d.userCode = userCode();
            d.clientName = clientName == null ? "Unknown device" : clientName;
            d.scope = scope == null ? "openid profile email" : scope;
            d.createdAt = tree.now();
            d.expiresAt = d.createdAt + auth.config().deviceCodeTtl().toSeconds();
            d.interval = 5;
            tree.deviceCodes.put(d.deviceCode, d);
            tree.changed();
        }
        String auto = auth.config().autoApproveDeviceUser();
        if (auto != null) {
            approve(d.userCode, auto);
        }
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("device_code", d.deviceCode);
        m.put("user_code", d.userCode);
        m.put("verification_uri", r.baseUrl() + "/device");
        m.put("verification_uri_complete", r.baseUrl() + "/device?code=" + d.userCode);
        m.put("expires_in", auth.config().deviceCodeTtl().toSeconds());
        m.put("interval", d.interval);
        return Response.json(200, m);
    }

    private String userCode() {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < 8; i++) {
            if (i == 4) {
                sb.append('-');
            }
            sb.append(USER_CODE_ALPHABET.charAt(RANDOM.nextInt(USER_CODE_ALPHABET.length())));
        }
        return sb.toString();
    }

    private Response token(Request r) {
        ObjectNode b = r.json();
        String grant = Request.optString(b, "grant_type");
        if (grant != null && !grant.equals(GRANT)) {
            throw oauth(400, "unsupported_grant_type", "Only the device_code grant is supported");
        }
        String code = Request.requireString(b, "device_code");
        synchronized (tree) {
            Model.DeviceCode d = tree.deviceCodes.get(code);
            if (d == null || d.status.equals("consumed")) {
                throw oauth(400, "invalid_grant", "Unknown or already used device code");
            }
            // device_auth_service.rs:238-281, device_code.rs:231-243, :392-398
            long nowMs = tree.clock().millis();
            if (d.status.equals("pending") && nowMs >= d.expiresAt * 1000) {
                d.status = "expired";
                tree.changed();
                throw oauth(400, "expired_token", "The device code has expired");
            }
            switch (d.status) {
                case "pending" -> {
                    Long last = d.lastPollMillis;
                    // whole seconds since the last recorded poll below the interval; the interval is never raised
                    // and a slow_down is not recorded as a poll
                    if (last != null && (nowMs - last) / 1000 < d.interval) {
                        throw oauth(400, "slow_down", "Polling too fast; wait " + d.interval + " s between requests");
                    }
                    d.lastPollMillis = nowMs;
                    tree.changed();
                    throw oauth(400, "authorization_pending", "The user has not approved yet");
                }
                case "denied" -> throw oauth(403, "access_denied", "The user denied the request");
                case "expired" -> throw oauth(400, "expired_token", "The device code has expired");
                default -> { }
            }
            tree.deviceCodes.remove(code); // the row is deleted on the first success: a lost 200 is invalid_grant
            tree.changed();
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("access_token", d.accessToken);
            m.put("token_type", "Bearer");
            m.put("refresh_token", d.refreshToken);
            // Quirk of the real server: expires_in is the refresh lifetime here.
            m.put("expires_in", auth.config().refreshTokenTtl().toSeconds());
            m.put("scope", d.scope);
            d.accessToken = null;
            return Response.json(200, m);
        }
    }

    private Response verify(Request r) {
        ObjectNode b = r.json();
        String userCode = Request.requireString(b, "user_code");
        String action = Request.requireString(b, "action");
        Model.User u = tree.user(r.userId());
        switch (action) {
            case "approve" -> approve(userCode, u.username);
            case "deny" -> deny(userCode);
            default -> throw ApiError.badRequest("action must be 'approve' or 'deny'");
        }
        return Response.json(200, Map.of("status", action.equals("approve") ? "approved" : "denied"));
    }

    private Model.DeviceCode pending(String userCode) {
        String normalized = userCode.trim().toUpperCase(java.util.Locale.ROOT);
        for (Model.DeviceCode d : tree.deviceCodes.values()) {
            if (d.userCode.equals(normalized) && d.status.equals("pending") && d.expiresAt > tree.now()) {
                return d;
            }
        }
        throw ApiError.rest(404, "NotFound", "User code not found or expired"); // device_code_pg_repository.rs:146-151
    }

    /** Approves a pending user code for a user: mints the tokens now, as the real server does. */
    public void approve(String userCode, String username) {
        synchronized (tree) {
            Model.DeviceCode d = pending(userCode);
            Model.User u = tree.userByName(username);
            if (u == null) {
                throw ApiError.rest(404, "NotFound", "User not found: " + username); // control route only
            }
            d.status = "approved";
            d.userId = u.id;
            d.accessToken = auth.mintAccessToken(u);
            d.refreshToken = auth.newSession(u.id, null, "device:" + d.clientName).token;
            tree.changed();
        }
    }

    public void deny(String userCode) {
        synchronized (tree) {
            pending(userCode).status = "denied";
            tree.changed();
        }
    }

    private Response devices(Request r) {
        List<Map<String, Object>> list = new ArrayList<>();
        synchronized (tree) {
            for (Model.Session s : tree.sessions.values()) {
                if (s.userId.equals(r.userId()) && !s.revoked && s.clientName != null && s.clientName.startsWith("device:")) {
                    Map<String, Object> m = new LinkedHashMap<>();
                    m.put("id", s.familyId);
                    m.put("client_name", s.clientName.substring(7));
                    m.put("created_at", Dtos.rfc3339(s.createdAt));
                    m.put("expires_at", Dtos.rfc3339(s.expiresAt));
                    list.add(m);
                }
            }
        }
        return Response.json(200, list);
    }

    private Response revokeDevice(Request r) {
        synchronized (tree) {
            boolean found = tree.sessions.values().stream()
                    .anyMatch(s -> s.userId.equals(r.userId()) && s.familyId.equals(r.param("id")));
            if (!found) {
                // device_auth_service.rs:327-338
                throw ApiError.rest(404, "NotFound", "Device authorization not found or not owned by you");
            }
            auth.revokeFamily(r.param("id"));
        }
        return Response.empty(204);
    }
}
