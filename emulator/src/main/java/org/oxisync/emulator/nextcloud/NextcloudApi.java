package org.oxisync.emulator.nextcloud;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.oxisync.emulator.api.Auth;
import org.oxisync.emulator.api.Content;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.http.Request;
import org.oxisync.emulator.http.Response;
import org.oxisync.emulator.http.Route;
import org.oxisync.emulator.http.Router;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Tree;

/**
 * OxiCloud 0.8.7's Nextcloud-compatible layer ({@code src/interfaces/nextcloud/}): status.php, OCS capabilities and
 * user, app-password Basic auth, WebDAV files and chunked uploads v2, over the same {@link Tree} as the native API.
 * See "Nextcloud-compatible layer" in the emulator README for the server lines each behaviour copies.
 */
public final class NextcloudApi {
    /** Methods a route registered with axum's {@code any(...)} answers (the handler picks, or 405). */
    static final List<String> ANY = List.of("GET", "HEAD", "PUT", "POST", "DELETE", "OPTIONS", "PATCH", "PROPFIND",
            "PROPPATCH", "MKCOL", "MOVE", "COPY", "LOCK", "UNLOCK", "REPORT", "SEARCH");
    /** config.rs:1974-1982: emulated Nextcloud 28.0.4. */
    static final String VERSION = "28.0.4";

    /** The caller of a protected route: user, the name it authenticated with, and its chroot folder. */
    record Session(Model.User user, String rawUsername, Model.Folder chroot) {}

    private final Tree tree;
    private final Auth auth;
    private final WebDav webdav;
    private final ChunkedUploads uploads;

    /**
     * {@code chunkMaxBytes}: OXICLOUD_CHUNK_MAX_BYTES, the cap of one chunk PUT of a chunked upload;
     * {@code directPutMaxBytes}: OXICLOUD_DIRECT_PUT_MAX_BYTES, the cap of one plain PUT.
     */
    public NextcloudApi(Tree tree, Content content, Auth auth, long chunkMaxBytes, long directPutMaxBytes) {
        this.tree = tree;
        this.auth = auth;
        FileIds ids = new FileIds();
        this.webdav = new WebDav(tree, content, ids, directPutMaxBytes);
        this.uploads = new ChunkedUploads(tree, content, webdav, chunkMaxBytes);
    }

    public void register(Router r) {
        r.add("GET", "/status.php", false, req -> status());
        r.add("GET", "/index.php/204", false, req -> Response.empty(204));
        for (String m : ANY) {
            r.add(m, "/remote.php/dav", false, req -> davDiscovery());
            r.add(m, "/remote.php/dav/", false, req -> davDiscovery());
            r.add(m, "/ocs/{*rest}", false, req -> Response.empty(404));
            r.add(m, "/remote.php/{*rest}", false, req -> Response.empty(404));
            r.add(m, "/remote.php/dav/files/{user}/{*subpath}", false, prot(s -> req -> webdav.handle(req, s, req.param("subpath"))));
            r.add(m, "/remote.php/dav/files/{user}/", false, prot(s -> req -> webdav.handle(req, s, "")));
            r.add(m, "/remote.php/dav/files/{user}", false, prot(s -> req -> webdav.handle(req, s, "")));
            r.add(m, "/remote.php/dav/uploads/{user}/{upload_id}/{*rest}", false,
                    prot(s -> req -> uploads.handle(req, s, req.param("upload_id"), req.param("rest"))));
            r.add(m, "/remote.php/dav/uploads/{user}/{upload_id}", false,
                    prot(s -> req -> uploads.handle(req, s, req.param("upload_id"), "")));
            r.add(m, "/remote.php/webdav/{*subpath}", false,
                    prot(s -> req -> Response.empty(301).header("Location", "/remote.php/dav/files/" + s.user().username + "/" + req.param("subpath"))));
            r.add(m, "/remote.php/webdav/", false,
                    prot(s -> req -> Response.empty(301).header("Location", "/remote.php/dav/files/" + s.user().username + "/")));
            r.add(m, "/remote.php/webdav", false,
                    prot(s -> req -> Response.empty(301).header("Location", "/remote.php/dav/files/" + s.user().username + "/")));
        }
        r.add("GET", "/ocs/v1.php/cloud/capabilities", false, req -> capabilities(req, 1));
        r.add("GET", "/ocs/v2.php/cloud/capabilities", false, req -> capabilities(req, 2));
        r.add("GET", "/ocs/v1.php/cloud/user", false, prot(s -> req -> userInfo(s)));
        r.add("GET", "/ocs/v2.php/cloud/user", false, prot(s -> req -> userInfo(s)));
    }

    interface SessionHandler {
        Route.Handler with(Session s);
    }

    /** The protected router's Basic-auth layer (routes.rs:116-209, basic_auth_middleware.rs:71-304). */
    private Route.Handler prot(SessionHandler h) {
        return req -> {
            Session s = authenticate(req);
            if (s == null) {
                // basic_auth_middleware.rs:52-60: 401, WWW-Authenticate, text body "Unauthorized"
                return Response.bytes(401, "text/plain; charset=utf-8", "Unauthorized".getBytes(StandardCharsets.UTF_8))
                        .header("WWW-Authenticate", "Basic realm=\"OxiCloud\"");
            }
            // the URL's {user} segment must be the Basic login name as sent (user~FOLDER too): 403 with an empty body
            // otherwise (interfaces/nextcloud/session.rs:86-111, 150-161)
            String urlUser = req.param("user");
            if (urlUser != null && !urlUser.isEmpty() && !urlUser.equals(s.rawUsername())) {
                return Response.empty(403);
            }
            return h.with(s).handle(req);
        };
    }

    private Session authenticate(Request req) {
        String h = req.header("Authorization");
        if (h == null) {
            return null;
        }
        // basic_auth_middleware.rs:307-323: scheme case-insensitive, split at the first ':'
        String[] parts = h.trim().split(" ", 2);
        if (parts.length < 2 || !parts[0].trim().equalsIgnoreCase("Basic")) {
            return null;
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(parts[1].trim()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
        int c = decoded.indexOf(':');
        if (c < 0) {
            return null;
        }
        String raw = decoded.substring(0, c);
        String username = raw;
        String marker = null;
        int t = raw.indexOf('~');
        if (t >= 0) { // basic_auth_middleware.rs:117-134: `user~folder` selects a chroot; empty halves are 401
            username = raw.substring(0, t);
            marker = raw.substring(t + 1);
            if (username.isEmpty() || marker.isEmpty()) {
                return null;
            }
        }
        // :136-149: the server's one login lockout, checked before the password; 5 failures of this name from this IP
        // (here or at the native login) make every attempt a 401 until 900 s after the last one
        String ip = req.clientIp();
        if (auth.lockedOut(username, ip)) {
            return null;
        }
        String userId;
        try {
            // app passwords only (verify_basic_auth, :156-160); Auth accepts exactly those over Basic
            userId = auth.authenticateHeader("Basic " + Base64.getEncoder().encodeToString(
                    (username + ":" + decoded.substring(c + 1)).getBytes(StandardCharsets.UTF_8)));
        } catch (ApiError e) {
            auth.recordLoginFailure(username, ip); // :296-302
            return null;
        }
        auth.recordLoginSuccess(username, ip); // :162-165
        synchronized (tree) {
            Model.User u = tree.user(userId);
            Model.Folder chroot;
            try {
                chroot = marker == null ? tree.folderRow(u.rootFolderId) : tree.folder(userId, marker);
            } catch (ApiError e) {
                return null; // :271-278: an unresolvable chroot is 401
            }
            return chroot == null ? null : new Session(u, raw, chroot);
        }
    }

    /** status_handler.rs:16-36 (serde_json without preserve_order: keys sorted). */
    private static Response status() {
        Map<String, Object> m = new TreeMap<>();
        m.put("installed", true);
        m.put("maintenance", false);
        m.put("needsDbUpgrade", false);
        m.put("version", VERSION + ".1");
        m.put("versionstring", VERSION);
        m.put("productname", "OxiCloud");
        m.put("edition", "");
        return Response.json(200, m);
    }

    /** routes.rs:311-318. */
    private static Response davDiscovery() {
        return Response.empty(200).header("DAV", "1, 3").header("Allow", "OPTIONS, GET, HEAD, PROPFIND");
    }

    private static Map<String, Object> map(Object... kv) {
        Map<String, Object> m = new TreeMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            m.put((String) kv[i], kv[i + 1]);
        }
        return m;
    }

    /** ocs_handler.rs:55-78, 575-649. */
    private static Response capabilities(Request req, int v) {
        String base = req.baseUrl();
        Map<String, Object> caps = map(
                "core", map("pollinterval", 60, "webdav-root", "remote.php/dav", "reference-api", false, "reference-regex", ""),
                "files", map("bigfilechunking", true, "favorites", true, "undelete", true, "versioning", false),
                "dav", map("chunking", "1.0"),
                "checksums", map("preferredUploadType", "", "supportedTypes", List.of()),
                "files_sharing", map("api_enabled", false, "public", map("enabled", false), "user", map("send_mail", false),
                        "resharing", false),
                "notifications", map("ocs-endpoints", List.of("list", "get", "delete", "delete-all")),
                "theming", map("name", "OxiCloud", "url", base, "logo", base + "/logo.png", "color", "#0082c9",
                        "color-text", "#ffffff", "color-element", "#0082c9", "color-element-bright", "#0082c9",
                        "color-element-dark", "#0082c9", "background", "#0082c9", "background-plain", true,
                        "background-default", true, "logoheader", base + "/logo.png", "favicon", base + "/favicon.ico"));
        Map<String, Object> body = map("ocs", map(
                "meta", map("status", "ok", "statuscode", v == 1 ? 100 : 200, "message", "OK"),
                "data", map("version", map("major", 28, "minor", 0, "micro", 4, "string", VERSION, "edition", "",
                        "extendedSupport", false), "capabilities", caps)));
        return Response.json(200, body);
    }

    /** ocs_handler.rs:80-139: statuscode 200 on v1 and v2 alike. */
    private Response userInfo(Session s) {
        long used;
        long total;
        synchronized (tree) {
            used = tree.usage(s.user().id);
            total = s.user().quotaBytes;
        }
        long free = Math.max(0, total - used);
        double relative = total > 0 ? used * 100.0 / total : 0.0;
        String display = s.rawUsername().contains("~") ? s.user().username + "@" + s.chroot().name : s.user().username;
        return Response.json(200, map("ocs", map(
                "meta", map("status", "ok", "statuscode", 200, "message", "OK"),
                "data", map("enabled", true, "id", s.rawUsername(), "display-name", display, "displayname", display,
                        "email", s.user().email, "quota", map("used", used, "total", total, "free", free,
                                "relative", relative)))));
    }

    static Response notFound(String msg) {
        return ApiError.app(404, "NotFound", msg).toResponse();
    }

}
