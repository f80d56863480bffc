package org.oxisync.emulator.nextcloud;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.text.Normalizer;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import org.oxisync.emulator.api.Content;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.http.Request;
import org.oxisync.emulator.http.Response;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Names;
import org.oxisync.emulator.store.Tree;

/** {@code /remote.php/dav/files/{user}/...} (webdav_handler.rs). Paths are relative to the session's chroot. */
final class WebDav {
    private static final DateTimeFormatter RFC2822 =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss '+0000'", Locale.ENGLISH).withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter RFC3339 =
            DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss'+00:00'", Locale.ENGLISH).withZone(ZoneOffset.UTC);

    private final Tree tree;
    private final Content content;
    private final FileIds ids;

    WebDav(Tree tree, Content content, FileIds ids) {
        this.tree = tree;
        this.content = content;
        this.ids = ids;
    }

    Response handle(Request req, NextcloudApi.Session s, String subpath) throws IOException {
        try {
            return switch (req.method()) { // webdav_handler.rs:262-296
                case "OPTIONS" -> Response.empty(200).header("DAV", "1, 3").header("Allow",
                        "OPTIONS, GET, HEAD, PUT, PATCH, DELETE, MKCOL, MOVE, PROPFIND, PROPPATCH, REPORT, SEARCH");
                case "PROPFIND" -> propfind(req, s, subpath);
                case "GET" -> get(req, s, subpath, false);
                case "HEAD" -> get(req, s, subpath, true);
                case "PUT" -> put(req, s, subpath);
                case "MKCOL" -> mkcol(s, subpath);
                case "DELETE" -> delete(s, subpath);
                case "MOVE" -> move(req, s, subpath);
                case "PROPPATCH" -> proppatch(req, s, subpath);
                default -> Response.empty(405);
            };
        } catch (ApiError e) {
            return e.toResponse();
        }
    }

    // ------------------------------------------------------------------ paths

    /** nc_to_internal_path (webdav_handler.rs:79-99): trimmed of '/', "." and ".." segments are 400. */
    static List<String> segments(String subpath) {
        String p = subpath == null ? "" : subpath.replaceAll("^/+|/+$", "");
        List<String> out = new ArrayList<>();
        if (p.isEmpty()) {
            return out;
        }
        for (String seg : p.split("/")) {
            if (seg.equals(".") || seg.equals("..")) {
                throw ApiError.rest(400, "BadRequest", "Invalid path: traversal not allowed");
            }
            out.add(Normalizer.normalize(seg, Normalizer.Form.NFC));
        }
        return out;
    }

    /** A folder by its segments under the chroot, or null. Caller holds the tree lock. */
    private Model.Folder folderAt(Model.Folder chroot, List<String> segs) {
        Model.Folder f = chroot;
        for (String seg : segs) {
            Model.Folder next = null;
            for (Model.Folder c : tree.liveChildFolders(f.id)) {
                if (c.name.equals(seg)) {
                    next = c;
                    break;
                }
            }
            if (next == null) {
                return null;
            }
            f = next;
        }
        return f;
    }

    private Model.FileRow fileIn(Model.Folder parent, String name) {
        for (Model.FileRow c : tree.liveChildFiles(parent.id)) {
            if (c.name.equals(name)) {
                return c;
            }
        }
        return null;
    }

    /** nc_resolve_or_fallback (:461-485): a folder at the path first, then a file; null when neither. */
    Object resolve(Model.Folder chroot, List<String> segs) {
        synchronized (tree) {
            Model.Folder f = folderAt(chroot, segs);
            if (f != null) {
                return f;
            }
            if (segs.isEmpty()) {
                return null;
            }
            Model.Folder parent = folderAt(chroot, segs.subList(0, segs.size() - 1));
            return parent == null ? null : fileIn(parent, segs.get(segs.size() - 1));
        }
    }

    Model.FileRow fileAt(Model.Folder chroot, List<String> segs) {
        synchronized (tree) {
            if (segs.isEmpty()) {
                return null;
            }
            Model.Folder parent = folderAt(chroot, segs.subList(0, segs.size() - 1));
            return parent == null ? null : fileIn(parent, segs.get(segs.size() - 1));
        }
    }

    Model.Folder folderAtPath(Model.Folder chroot, List<String> segs) {
        synchronized (tree) {
            return folderAt(chroot, segs);
        }
    }

    static String fileEtag(Model.FileRow f) {
        return f.hash.substring(0, 16) + "-" + f.modifiedAt;
    }

    static String folderEtag(Model.Folder f) {
        return f.id.substring(0, 16) + "-" + f.treeModifiedAt;
    }

    /** urlencoding::encode: everything but ASCII alphanumerics and "-_.~" is percent-encoded. */
    static String enc(String s) {
        StringBuilder sb = new StringBuilder();
        for (byte b : s.getBytes(StandardCharsets.UTF_8)) {
            int c = b & 0xff;
            if (c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
                    || c == '.' || c == '~') {
                sb.append((char) c);
            } else {
                sb.append('%').append(String.format("%02X", c));
            }
        }
        return sb.toString();
    }

    /** nc_href_into (:213-236). */
    static String href(String user, List<String> segs) {
        StringBuilder sb = new StringBuilder("/remote.php/dav/files/").append(enc(user)).append('/');
        for (int i = 0; i < segs.size(); i++) {
            if (i > 0) {
                sb.append('/');
            }
            sb.append(enc(segs.get(i)));
        }
        return sb.toString();
    }

    // ------------------------------------------------------------------ PROPFIND

    private Response propfind(Request req, NextcloudApi.Session s, String subpath) throws IOException {
        String depth = req.header("Depth") == null ? "1" : req.header("Depth"); // :332-337
        byte[] body = req.body().readNBytes(64 * 1024 + 1);
        if (body.length > 64 * 1024) {
            throw ApiError.rest(400, "BadRequest", "Failed to read body: length limit exceeded");
        }
        String bodyText = new String(body, StandardCharsets.UTF_8);
        if (!bodyText.isBlank() && !bodyText.contains("propfind")) {
            throw ApiError.rest(400, "BadRequest", "Invalid PROPFIND XML: no propfind element");
        }
        boolean wantsQuota = bodyText.isBlank() || bodyText.contains("allprop") || bodyText.contains("quota-");
        List<String> segs = segments(subpath);
        Object r = resolve(s.chroot(), segs);
        if (r == null) {
            throw ApiError.rest(404, "NotFound", "Resource not found");
        }
        String user = s.rawUsername();
        String owner = s.user().username;
        StringBuilder x = new StringBuilder(4096);
        x.append("<d:multistatus xmlns:d=\"DAV:\" xmlns:oc=\"http://owncloud.org/ns\" xmlns:nc=\"http://nextcloud.org/ns\""
                + " xmlns:ocs=\"http://open-collaboration-services.org/ns\">");
        synchronized (tree) {
            if (r instanceof Model.FileRow f) {
                fileResponse(x, f, href(user, segs), owner);
            } else {
                Model.Folder d = (Model.Folder) r;
                long[] quota = null;
                if (wantsQuota) {
                    long used = tree.usage(s.user().id);
                    long q = s.user().quotaBytes;
                    quota = new long[] {used, q > 0 ? Math.max(0, q - used) : -1};
                }
                String h = href(user, segs);
                folderResponse(x, d, h.endsWith("/") ? h : h + "/", owner, quota);
                if (!depth.equals("0")) { // build_nc_streaming_propfind (:1832-1997): files first, then folders
                    String prefix = h.endsWith("/") ? h : h + "/";
                    List<Model.FileRow> files = tree.liveChildFiles(d.id);
                    files.sort(Comparator.comparing(f -> f.name));
                    for (Model.FileRow f : files) {
                        fileResponse(x, f, prefix + enc(f.name), owner);
                    }
                    List<Model.Folder> folders = tree.liveChildFolders(d.id);
                    folders.sort(Comparator.comparing(f -> f.name));
                    for (Model.Folder c : folders) {
                        folderResponse(x, c, prefix + enc(c.name) + "/", owner, quota);
                    }
                }
            }
        }
        x.append("</d:multistatus>");
        return Response.bytes(207, "application/xml; charset=utf-8", x.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static void el(StringBuilder x, String tag, String value) {
        x.append('<').append(tag).append('>').append(esc(value)).append("</").append(tag).append('>');
    }

    static String esc(String v) {
        return v.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("'", "&apos;")
                .replace("\"", "&quot;");
    }

    /** write_folder_response (:2025-2135). */
    private void folderResponse(StringBuilder x, Model.Folder d, String href, String owner, long[] quota) {
        x.append("<d:response>");
        el(x, "d:href", href);
        x.append("<d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype>");
        el(x, "d:displayname", d.name);
        el(x, "d:getlastmodified", RFC2822.format(Instant.ofEpochSecond(d.modifiedAt)));
        x.append("<d:getetag>&quot;").append(esc(folderEtag(d))).append("&quot;</d:getetag>");
        el(x, "d:getcontenttype", "httpd/unix-directory");
        el(x, "d:getcontentlength", "0");
        el(x, "d:creationdate", RFC3339.format(Instant.ofEpochSecond(d.createdAt)));
        el(x, "oc:fileid", Long.toString(ids.id(d.id)));
        el(x, "oc:id", ids.ocId(d.id));
        el(x, "oc:permissions", "RGDNVCK");
        el(x, "ocs:share-permissions", "31");
        el(x, "oc:size", "0");
        if (quota != null) {
            el(x, "d:quota-used-bytes", Long.toString(quota[0]));
            if (quota[1] >= 0) {
                el(x, "d:quota-available-bytes", Long.toString(quota[1]));
            }
        }
        el(x, "oc:owner-id", owner);
        el(x, "oc:owner-display-name", owner);
        el(x, "nc:has-preview", "false");
        el(x, "nc:is-encrypted", "0");
        el(x, "nc:mount-type", "");
        el(x, "oc:favorite", "0");
        x.append("<oc:share-types/></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>");
    }

    /** write_file_response (:2139-2259). */
    private void fileResponse(StringBuilder x, Model.FileRow f, String href, String owner) {
        x.append("<d:response>");
        el(x, "d:href", href);
        x.append("<d:propstat><d:prop><d:resourcetype/>");
        el(x, "d:displayname", f.name);
        el(x, "d:getcontenttype", f.mimeType);
        el(x, "d:getcontentlength", Long.toString(f.size));
        el(x, "d:getlastmodified", RFC2822.format(Instant.ofEpochSecond(f.modifiedAt)));
        x.append("<d:getetag>&quot;").append(esc(fileEtag(f))).append("&quot;</d:getetag>");
        el(x, "d:creationdate", RFC3339.format(Instant.ofEpochSecond(f.createdAt)));
        el(x, "oc:fileid", Long.toString(ids.id(f.id)));
        el(x, "oc:id", ids.ocId(f.id));
        el(x, "oc:permissions", "RGDNVW");
        el(x, "ocs:share-permissions", "27");
        el(x, "oc:size", Long.toString(f.size));
        el(x, "oc:owner-id", owner);
        el(x, "oc:owner-display-name", owner);
        el(x, "oc:favorite", "0");
        x.append("<oc:share-types/>");
        boolean preview = switch (f.mimeType) {
            case "image/jpeg", "image/jpg", "image/png", "image/gif", "image/webp" -> true;
            default -> false;
        };
        el(x, "nc:has-preview", preview ? "true" : "false");
        el(x, "nc:is-encrypted", "0");
        el(x, "nc:mount-type", "");
        el(x, "nc:creation_time", Long.toString(f.createdAt));
        el(x, "nc:upload_time", Long.toString(f.modifiedAt));
        x.append("</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>");
    }

    // ------------------------------------------------------------------ GET / HEAD

    private Response get(Request req, NextcloudApi.Session s, String subpath, boolean head) {
        List<String> segs = segments(subpath);
        if (segs.isEmpty()) { // :497-503
            return Response.empty(200).header("DAV", "1, 3");
        }
        Object r = resolve(s.chroot(), segs);
        if (r == null) {
            throw ApiError.rest(404, "NotFound", "File not found");
        }
        if (r instanceof Model.Folder) { // :518-534
            return Response.empty(200).header("DAV", "1, 3");
        }
        Model.FileRow f = (Model.FileRow) r;
        Model.Manifest m;
        String etag;
        String lastModified;
        synchronized (tree) {
            m = tree.manifest(f.hash);
            etag = "\"" + fileEtag(f) + "\"";
            lastModified = RFC2822.format(Instant.ofEpochSecond(f.modifiedAt));
        }
        if (head) { // :600-680: no Content-Length
            return Response.empty(200).header("Content-Type", f.mimeType).header("ETag", etag)
                    .header("Last-Modified", lastModified);
        }
        String inm = req.header("If-None-Match"); // range_requests.rs:23-35
        if (inm != null && (inm.equals(etag) || inm.equals("*"))) {
            return Response.empty(304).header("ETag", etag);
        }
        long size = m.size;
        String range = req.header("Range");
        long[] br = range == null ? null : firstRange(range, size);
        if (br != null) { // range_response: the first range only
            if (br[0] < 0) {
                return Response.empty(416).header("Content-Range", "bytes */" + size);
            }
            long a = br[0];
            long b = br[1];
            return Response.stream(206, f.mimeType, b - a, out -> content.write(m, a, b, out))
                    .header("ETag", etag).header("Accept-Ranges", "bytes")
                    .header("Content-Range", "bytes " + a + "-" + (b - 1) + "/" + size)
                    .header("Last-Modified", lastModified);
        }
        return Response.stream(200, f.mimeType, size, out -> content.write(m, 0, size, out))
                .header("ETag", etag).header("Accept-Ranges", "bytes").header("Last-Modified", lastModified);
    }

    /** {start, endExclusive}, {-1,-1} when unsatisfiable, null when not a bytes range. */
    static long[] firstRange(String header, long size) {
        String h = header.trim();
        if (!h.regionMatches(true, 0, "bytes=", 0, 6)) {
            return null;
        }
        String first = h.substring(6).split(",")[0].trim();
        int dash = first.indexOf('-');
        if (dash < 0) {
            return null;
        }
        try {
            String a = first.substring(0, dash).trim();
            String b = first.substring(dash + 1).trim();
            if (a.isEmpty()) {
                long n = Long.parseLong(b);
                return n <= 0 || size == 0 ? new long[] {-1, -1} : new long[] {Math.max(0, size - n), size};
            }
            long start = Long.parseLong(a);
            long end = b.isEmpty() ? Long.MAX_VALUE : Long.parseLong(b);
            if (end < start) {
                return null;
            }
            return start >= size ? new long[] {-1, -1} : new long[] {start, Math.min(end, size - 1) + 1};
        } catch (NumberFormatException e) {
            return null;
        }
    }

    // ------------------------------------------------------------------ PUT

    private static boolean etagListed(String header, String etag) {
        for (String t : header.split(",")) {
            String v = t.trim();
            if (v.startsWith("W/")) {
                v = v.substring(2);
            }
            if (v.equals("*") || v.replace("\"", "").equals(etag)) {
                return true;
            }
        }
        return false;
    }

    private Response put(Request req, NextcloudApi.Session s, String subpath) throws IOException {
        List<String> segs = segments(subpath);
        Long ocMtime = parseLong(req.header("X-OC-Mtime"));
        Model.FileRow existing = fileAt(s.chroot(), segs);
        String current = null;
        if (existing != null) {
            synchronized (tree) {
                current = fileEtag(existing);
            }
        }
        String inm = req.header("If-None-Match"); // :887-902
        if (inm != null && current != null && etagListed(inm, current)) {
            return Response.empty(412);
        }
        String im = req.header("If-Match");
        if (im != null && (current == null || !etagListed(im, current))) {
            return Response.empty(412);
        }
        Model.Folder parent;
        if (existing == null) { // :908-932
            if (segs.isEmpty() || folderAtPath(s.chroot(), segs) != null) {
                throw ApiError.rest(400, "BadRequest", "Cannot PUT to a directory");
            }
            parent = folderAtPath(s.chroot(), segs.subList(0, segs.size() - 1));
            if (parent == null) {
                throw ApiError.rest(409, "Conflict", "Parent folder not found: " + String.join("/", segs.subList(0, segs.size() - 1)));
            }
        } else {
            parent = null;
        }
        Content.Ingested in = content.ingest(req.body(), segs.get(segs.size() - 1));
        Model.FileRow stored = store(s, segs, existing, parent, in, ocMtime);
        String etag;
        synchronized (tree) {
            etag = "\"" + fileEtag(stored) + "\"";
        }
        return Response.empty(existing != null ? 204 : 201).header("ETag", etag).header("OC-ETag", etag); // :1021-1032
    }

    /**
     * update_file_streaming_with_perms (file_upload_service.rs:510-665): an existing file gets the new content and
     * {@code updated_at = X-OC-Mtime} (or now, file_blob_write_repository.rs:146-206); a new file is created with
     * the server's time (the create branch never sees the mtime).
     */
    Model.FileRow store(NextcloudApi.Session s, List<String> segs, Model.FileRow existing, Model.Folder parent,
                        Content.Ingested in, Long ocMtime) {
        String userId = s.user().id;
        synchronized (tree) {
            tree.checkQuotaFor(userId, in.size()); // :980-997, 507
            if (existing == null) {
                existing = fileAt(s.chroot(), segs); // created meanwhile
            }
            if (existing != null) {
                Model.FileRow f = tree.updateContent(userId, existing.id, in.hash(), in.size(), in.mime(), in.manifest());
                if (ocMtime != null) {
                    f.modifiedAt = ocMtime;
                    tree.changed();
                }
                return f;
            }
            if (parent == null) {
                parent = folderAt(s.chroot(), segs.subList(0, segs.size() - 1));
                if (parent == null) {
                    throw ApiError.rest(404, "NotFound", "Folder not found");
                }
            }
            String name = Names.validate(segs.get(segs.size() - 1));
            return tree.createFile(userId, parent.id, name, in.hash(), in.size(), in.mime(), in.manifest()).file();
        }
    }

    private static Long parseLong(String v) {
        try {
            return v == null ? null : Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            return null;
        }
    }

    // ------------------------------------------------------------------ MKCOL / DELETE / MOVE / PROPPATCH

    private Response mkcol(NextcloudApi.Session s, String subpath) { // :1255-1339
        List<String> segs = segments(subpath);
        synchronized (tree) {
            if (folderAt(s.chroot(), segs) != null) {
                return Response.empty(405);
            }
            if (segs.isEmpty()) {
                throw ApiError.rest(400, "BadRequest", "MKCOL on the user root is not allowed");
            }
            Model.Folder parent = folderAt(s.chroot(), segs.subList(0, segs.size() - 1));
            if (parent == null) {
                return Response.empty(409);
            }
            tree.createFolder(s.user().id, parent.id, segs.get(segs.size() - 1));
        }
        return Response.empty(201);
    }

    private Response delete(NextcloudApi.Session s, String subpath) { // :1343-1424: into the trash
        List<String> segs = segments(subpath);
        synchronized (tree) {
            Object r = resolve(s.chroot(), segs);
            if (r == null) {
                throw ApiError.rest(404, "NotFound", "Resource not found");
            }
            if (r instanceof Model.Folder d) {
                if (d.id.equals(s.chroot().id)) {
                    throw ApiError.rest(403, "AccessDenied", "Cannot delete the root folder");
                }
                tree.trashFolder(s.user().id, d.id);
            } else {
                tree.trashFile(s.user().id, ((Model.FileRow) r).id);
            }
        }
        return Response.empty(204);
    }

    /** extract_nc_subpath_from_dest (:1693-1709). */
    static String destSubpath(String dest, String user) {
        String path = dest;
        if (dest.startsWith("http://") || dest.startsWith("https://")) {
            String after = dest.substring(dest.indexOf("://") + 3);
            int slash = after.indexOf('/');
            path = slash < 0 ? "" : after.substring(slash);
        }
        String decoded;
        try {
            decoded = java.net.URLDecoder.decode(path.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
        decoded = decoded.replaceAll("/+$", "");
        String prefix = "/remote.php/dav/files/" + user;
        if (!decoded.startsWith(prefix)) {
            return null;
        }
        return decoded.substring(prefix.length()).replaceAll("^/+", "");
    }

    private Response move(Request req, NextcloudApi.Session s, String subpath) { // :1428-1686
        String destination = req.header("Destination");
        if (destination == null) {
            throw ApiError.rest(400, "BadRequest", "Missing Destination header");
        }
        String ow = req.header("Overwrite");
        boolean overwriteForbidden = ow != null && ow.trim().equalsIgnoreCase("F");
        String destSub = destSubpath(destination, s.rawUsername());
        if (destSub == null) {
            throw ApiError.rest(400, "BadRequest", "Invalid Destination URL");
        }
        List<String> src = segments(subpath);
        List<String> dst = segments(destSub);
        String userId = s.user().id;
        synchronized (tree) {
            Object existing = resolve(s.chroot(), dst);
            boolean existed = existing != null;
            if (existing != null) {
                if (overwriteForbidden) {
                    return Response.empty(412);
                }
                // the destination goes to the trash before the source is even looked up (:1499-1535)
                if (existing instanceof Model.FileRow f) {
                    tree.trashFile(userId, f.id);
                } else {
                    tree.trashFolder(userId, ((Model.Folder) existing).id);
                }
            }
            int status = existed ? 204 : 201;
            String dstName = dst.isEmpty() ? "" : dst.get(dst.size() - 1);
            boolean sameParent = src.size() >= 1 && dst.size() >= 1
                    && src.subList(0, src.size() - 1).equals(dst.subList(0, dst.size() - 1));
            Model.FileRow file = fileAt(s.chroot(), src);
            if (file != null) { // :1544-1610
                if (sameParent) {
                    tree.renameFile(userId, file.id, dstName);
                } else {
                    Model.Folder parent = folderAt(s.chroot(), dst.subList(0, Math.max(0, dst.size() - 1)));
                    if (parent == null) {
                        throw ApiError.rest(404, "NotFound", "Destination folder not found");
                    }
                    tree.moveFile(userId, file.id, parent.id);
                    if (!file.name.equals(dstName)) {
                        tree.renameFile(userId, file.id, dstName);
                    }
                }
                String etag = "\"" + fileEtag(file) + "\"";
                return Response.empty(status).header("ETag", etag).header("OC-ETag", etag);
            }
            Model.Folder folder = src.isEmpty() ? null : folderAt(s.chroot(), src);
            if (folder != null) { // :1613-1683
                if (sameParent) {
                    tree.renameFolder(userId, folder.id, dstName);
                } else {
                    Model.Folder parent = folderAt(s.chroot(), dst.subList(0, Math.max(0, dst.size() - 1)));
                    if (parent == null) {
                        throw ApiError.rest(404, "NotFound", "Destination parent not found");
                    }
                    tree.moveFolder(userId, folder.id, parent.id);
                    if (!folder.name.equals(dstName)) {
                        tree.renameFolder(userId, folder.id, dstName);
                    }
                }
                return Response.empty(status);
            }
            throw ApiError.rest(404, "NotFound", "Source resource not found");
        }
    }

    /**
     * PROPPATCH (:690-834): every property answers 200 in one propstat. The real server stores dead properties and
     * favourites; the emulator keeps neither (nothing the sync clients read back).
     */
    private Response proppatch(Request req, NextcloudApi.Session s, String subpath) throws IOException {
        List<String> segs = segments(subpath);
        Object r = resolve(s.chroot(), segs);
        if (r == null) {
            throw ApiError.rest(404, "NotFound", "Resource not found");
        }
        req.body().readNBytes(64 * 1024);
        String h = href(s.rawUsername(), segs);
        if (r instanceof Model.Folder && !h.endsWith("/")) {
            h += "/";
        }
        String x = "<?xml version=\"1.0\" encoding=\"utf-8\"?><d:multistatus xmlns:d=\"DAV:\"><d:response><d:href>"
                + esc(h) + "</d:href><d:propstat><d:prop/><d:status>HTTP/1.1 200 OK</d:status></d:propstat>"
                + "</d:response></d:multistatus>";
        return Response.bytes(207, "application/xml; charset=utf-8", x.getBytes(StandardCharsets.UTF_8));
    }

}
