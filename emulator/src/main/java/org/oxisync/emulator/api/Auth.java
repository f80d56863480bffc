package org.oxisync.emulator.api;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Base64;
import java.util.Deque;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import javax.crypto.Mac;
import javax.crypto.SecretKeyFactory;
import javax.crypto.spec.PBEKeySpec;
import javax.crypto.spec.SecretKeySpec;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.http.Json;
import org.oxisync.emulator.http.Request;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Tree;

/**
 * Credentials and tokens (reference §3): PBKDF2 password hashes, HS256 JWT access tokens, opaque
 * UUID refresh tokens rotated within a family, app passwords (SHA-256 of a 32-character random
 * secret), and the caller identification of the auth middleware.
 */
public final class Auth {
    private static final SecureRandom RANDOM = new SecureRandom();
    private static final String ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    static final int MAX_FAILURES = 5;
    static final Duration LOCKOUT = Duration.ofSeconds(900);

    private final Tree tree;
    private final EmulatorConfig cfg;
    private final Map<String, long[]> failures = new HashMap<>();

    public Auth(Tree tree, EmulatorConfig cfg) {
        this.tree = tree;
        this.cfg = cfg;
    }

    // ------------------------------------------------------------------ passwords

    public static String hashPassword(String password) {
        byte[] salt = new byte[16];
        RANDOM.nextBytes(salt);
        return "pbkdf2$10000$" + HexFormat.of().formatHex(salt) + "$" + HexFormat.of().formatHex(pbkdf2(password, salt, 10000));
    }

    static boolean verifyPassword(String password, String stored) {
        String[] p = stored.split("\\$");
        if (p.length != 4 || !p[0].equals("pbkdf2")) {
            return false;
        }
        byte[] expected = HexFormat.of().parseHex(p[3]);
        byte[] actual = pbkdf2(password, HexFormat.of().parseHex(p[2]), Integer.parseInt(p[1]));
        return MessageDigest.isEqual(expected, actual);
    }

    private static byte[] pbkdf2(String password, byte[] salt, int iterations) {
        try {
            SecretKeyFactory f = SecretKeyFactory.getInstance("PBKDF2WithHmacSHA256");
            return f.generateSecret(new PBEKeySpec(password.toCharArray(), salt, iterations, 256)).getEncoded();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    static String sha256(String s) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    static String randomAlnum(int n) {
        StringBuilder sb = new StringBuilder(n);
        for (int i = 0; i < n; i++) {
            sb.append(ALNUM.charAt(RANDOM.nextInt(ALNUM.length())));
        }
        return sb.toString();
    }

    // ------------------------------------------------------------------ login / tokens

    /**
     * LoginLockoutService.check (login_lockout_service.rs:95-105): whether {@code login} from {@code ip} has failed
     * {@value #MAX_FAILURES} or more times, the last less than {@link #LOCKOUT} ago. One service for the whole server:
     * the native login and the Nextcloud layer's Basic auth (nextcloud/basic_auth_middleware.rs:136-149) count into
     * the same record.
     */
    public boolean lockedOut(String login, String ip) {
        synchronized (failures) {
            long[] rec = failures.get(lockoutKey(login, ip));
            if (rec != null && tree.clock().millis() - rec[1] >= LOCKOUT.toMillis()) {
                failures.remove(lockoutKey(login, ip));
                return false;
            }
            return rec != null && rec[0] >= MAX_FAILURES;
        }
    }

    /** record_failure (:107-127): count + 1, and the 900 s start again from now. */
    public void recordLoginFailure(String login, String ip) {
        synchronized (failures) {
            String key = lockoutKey(login, ip);
            long[] rec = failures.get(key);
            long nowMs = tree.clock().millis();
            boolean live = rec != null && nowMs - rec[1] < LOCKOUT.toMillis();
            failures.put(key, new long[] {live ? rec[0] + 1 : 1, nowMs});
        }
    }

    /** record_success (:129-132): the record is cleared. */
    public void recordLoginSuccess(String login, String ip) {
        synchronized (failures) {
            failures.remove(lockoutKey(login, ip));
        }
    }

    private static String lockoutKey(String login, String ip) {
        return login.toLowerCase(java.util.Locale.ROOT) + "|" + ip;
    }

    /**
     * Finds the user by username, or by email when the login name contains '@'; 401/429 otherwise. The lockout is the
     * real LoginLockoutService (login_lockout_service.rs; auth_handler.rs:353-377): a TTL cache keyed by the lowercased
     * login name and the client IP; each failure re-inserts count+1 (restarting the 900 s TTL), 5 or more refuse with
     * 429 AccountLocked (no Retry-After) before the password is checked, a success clears it.
     */
    Model.User checkLogin(String login, String password, String ip) {
        Model.User u = login.contains("@") ? tree.userByEmail(login) : tree.userByName(login);
        synchronized (failures) {
            if (lockedOut(login, ip)) {
                throw ApiError.rest(429, "AccountLocked", "Account temporarily locked due to too many failed attempts."
                        + " Try again in " + LOCKOUT.toSeconds() + " seconds.");
            }
            if (u == null || !u.active || !verifyPassword(password, u.passwordHash)) {
                recordLoginFailure(login, ip);
                // AccessDenied → 403 "Access Denied", unknown users too (auth_application_service.rs:1035, 1073, 1094)
                throw ApiError.rest(403, "Access Denied", "Invalid credentials");
            }
            recordLoginSuccess(login, ip);
        }
        synchronized (tree) {
            u.lastLoginAt = tree.now();
        }
        tree.changed();
        return u;
    }

    /** An HS256 JWT with the claims of the real server: sub, exp, iat, jti, username, email, role. */
    String mintAccessToken(Model.User u) {
        long now = tree.now();
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("sub", u.id);
        claims.put("exp", now + cfg.accessTokenTtl().toSeconds());
        claims.put("iat", now);
        claims.put("jti", UUID.randomUUID().toString());
        claims.put("username", u.username);
        claims.put("email", u.email);
        claims.put("role", u.role);
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String header = b64.encodeToString("{\"alg\":\"HS256\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));
        String payload = b64.encodeToString(Json.bytes(claims));
        String signingInput = header + "." + payload;
        return signingInput + "." + b64.encodeToString(hmac(signingInput));
    }

    private byte[] hmac(String input) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(tree.jwtSecret().getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            return mac.doFinal(input.getBytes(StandardCharsets.US_ASCII));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Creates a refresh token in a new family (login, device approval) or in the given family. */
    Model.Session newSession(String userId, String familyId, String clientName) {
        synchronized (tree) {
            Model.Session s = new Model.Session();
            s.token = UUID.randomUUID().toString();
            s.userId = userId;
            s.familyId = familyId == null ? UUID.randomUUID().toString() : familyId;
            s.createdAt = tree.now();
            s.expiresAt = s.createdAt + cfg.refreshTokenTtl().toSeconds();
            s.clientName = clientName;
            tree.sessions.put(s.token, s);
            tree.changed();
            return s;
        }
    }

    /** Rotation with reuse detection: a revoked token replayed revokes its whole family. */
    Model.Session rotate(String token) {
        synchronized (tree) {
            Model.Session s = tree.sessions.get(token);
            // auth_application_service.rs:1661-1715: unknown token = Session NotFound (404); a revoked token revokes
            // its family and, like an expired one or an inactive account, is AccessDenied (403)
            if (s == null) {
                throw ApiError.rest(404, "NotFound", "Session not found");
            }
            if (s.revoked) {
                revokeFamily(s.familyId);
                throw ApiError.rest(403, "AccessDenied", "Session expired or invalid");
            }
            if (s.expiresAt <= tree.now()) {
                throw ApiError.rest(403, "AccessDenied", "Session expired or invalid");
            }
            Model.User u = tree.user(s.userId);
            if (u == null || !u.active) {
                throw ApiError.rest(403, "AccessDenied", "Account deactivated");
            }
            s.revoked = true;
            return newSession(s.userId, s.familyId, s.clientName);
        }
    }

    void revokeFamily(String familyId) {
        synchronized (tree) {
            tree.sessions.values().stream().filter(x -> x.familyId.equals(familyId)).forEach(x -> x.revoked = true);
            tree.changed();
        }
    }

    Map<String, Object> authResponse(Model.User u, Model.Session s) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("user", Dtos.user(tree, u));
        m.put("access_token", mintAccessToken(u));
        m.put("refresh_token", s.token);
        m.put("token_type", "Bearer");
        m.put("expires_in", cfg.accessTokenTtl().toSeconds());
        m.put("force_password_change", false);
        return m;
    }

    // ------------------------------------------------------------------ middleware

    /** Identifies the caller of an authenticated route: Bearer JWT, then Basic with an app password. */
    public String authenticate(Request r) {
        return authenticateHeader(r.header("Authorization"));
    }

    /** The user id for an {@code Authorization} header value (Bearer or Basic); the real-time bus uses it too. */
    public String authenticateHeader(String h) {
        if (h == null) {
            throw ApiError.unauthorized("Authentication required");
        }
        if (h.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return verifyAccessToken(h.substring(7).trim());
        }
        if (h.regionMatches(true, 0, "Basic ", 0, 6)) {
            return verifyBasic(h.substring(6).trim());
        }
        throw ApiError.unauthorized("Invalid authorization header");
    }

    /** An access token whose signature and claims were checked once: its user and expiry, rechecked at each use. */
    private record Verified(String userId, long exp) {}

    /**
     * Verified access tokens (signature checks and JSON parsing were a few percent of the emulator's CPU in a
     * 10,000-file upload, one per request). Bounded: emptied when it grows past {@value #MAX_VERIFIED}.
     */
    private final java.util.concurrent.ConcurrentHashMap<String, Verified> verified =
            new java.util.concurrent.ConcurrentHashMap<>();
    private static final int MAX_VERIFIED = 10_000;

    String verifyAccessToken(String token) {
        Verified v = verified.get(token);
        if (v == null) {
            v = verifySignatureAndClaims(token);
            if (verified.size() >= MAX_VERIFIED) {
                verified.clear();
            }
            verified.put(token, v);
        }
        if (v.exp() <= tree.now()) {
            throw ApiError.unauthorized("Token expired");
        }
        Model.User u = tree.user(v.userId());
        if (u == null || !u.active) {
            throw ApiError.unauthorized("Account is no longer active");
        }
        return u.id;
    }

    private Verified verifySignatureAndClaims(String token) {
        String[] parts = token.split("\\.");
        if (parts.length != 3) {
            throw ApiError.unauthorized("Invalid token");
        }
        byte[] sig;
        JsonNode claims;
        try {
            sig = Base64.getUrlDecoder().decode(parts[2]);
            JsonNode header = Json.MAPPER.readTree(Base64.getUrlDecoder().decode(parts[0]));
            if (!"HS256".equals(header.path("alg").asText())) {
                throw ApiError.unauthorized("Invalid token");
            }
            claims = Json.MAPPER.readTree(Base64.getUrlDecoder().decode(parts[1]));
        } catch (IllegalArgumentException | java.io.IOException e) {
            throw ApiError.unauthorized("Invalid token");
        }
        if (!MessageDigest.isEqual(sig, hmac(parts[0] + "." + parts[1]))) {
            throw ApiError.unauthorized("Invalid token");
        }
        if (!claims.path("exp").canConvertToLong()) {
            throw ApiError.unauthorized("Token expired");
        }
        return new Verified(claims.path("sub").asText(), claims.path("exp").asLong());
    }

    private String verifyBasic(String b64) {
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(b64), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            throw ApiError.unauthorized("Invalid credentials");
        }
        int c = decoded.indexOf(':');
        if (c < 0) {
            throw ApiError.unauthorized("Invalid credentials");
        }
        Model.User u = tree.userByName(decoded.substring(0, c));
        String hash = sha256(decoded.substring(c + 1));
        if (u != null && u.active) {
            synchronized (tree) {
                long now = tree.now();
                for (Model.AppPassword p : tree.appPasswords.values()) {
                    if (p.userId.equals(u.id) && p.active && (p.expiresAt == null || p.expiresAt > now)
                            && MessageDigest.isEqual(p.passwordHash.getBytes(StandardCharsets.US_ASCII),
                            hash.getBytes(StandardCharsets.US_ASCII))) {
                        p.lastUsedAt = now;
                        return u.id;
                    }
                }
            }
        }
        throw ApiError.unauthorized("Invalid credentials");
    }

    Tree tree() {
        return tree;
    }

    EmulatorConfig config() {
        return cfg;
    }
}
