package org.oxisync.emulator.nextcloud;

import static org.oxisync.emulator.nextcloud.DavXml.RFC2822;
import static org.oxisync.emulator.nextcloud.DavXml.RFC3339;
import static org.oxisync.emulator.nextcloud.DavXml.el;
import static org.oxisync.emulator.nextcloud.DavXml.esc;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.http.Request;
import org.oxisync.emulator.http.Response;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Tree;

/** PROPFIND on {@code /remote.php/dav/files/{user}/...} (webdav_handler.rs:323-460, :1782-2259). */
final class DavPropfind {
    private final Tree tree;
    private final FileIds ids;
    private final DavPaths paths;

    DavPropfind(Tree tree, FileIds ids, DavPaths paths) {
        this.tree = tree;
        this.ids = ids;
        this.paths = paths;
    }

    Response handle(Request req, NextcloudApi.Session s, String subpath) throws IOException {
        String depth = req.header("Depth") == null ? "1" : req.header("Depth"); // :332-337
        byte[] body = req.body().readNBytes(64 * 1024 + 1);
        if (body.length > 64 * 1024) {
            throw ApiError.rest(400, "BadRequest", "Failed to read body: length limit exceeded");
        }
        String bodyText = new String(body, StandardCharsets.UTF_8);
        // :339-351: only an empty body means allprop; any other body must hold a closed propfind element, so one of
        // whitespace alone is 400 too (webdav_adapter.rs:356-445). The emulator looks for the element and the
        // property names by text; it does not parse the XML (README: "the requested properties are ignored").
        if (body.length > 0 && !bodyText.contains("propfind>")) {
            throw ApiError.rest(400, "BadRequest", "Invalid PROPFIND XML: PROPFIND body is not well-formed XML: "
                    + "missing or unclosed <propfind> element");
        }
        boolean wantsQuota = body.length == 0 || bodyText.contains("allprop") || bodyText.contains("propname")
                || bodyText.contains("quota-used-bytes") || bodyText.contains("quota-available-bytes");
        List<String> segs = DavPaths.segments(subpath);
        Object r = paths.resolve(s.chroot(), segs);
        if (r == null) {
            throw ApiError.app(404, "NotFound", "Resource not found");
        }
        String user = s.rawUsername();
        String owner = s.user().username;
        StringBuilder x = new StringBuilder(4096);
        x.append("<d:multistatus xmlns:d=\"DAV:\" xmlns:oc=\"http://owncloud.org/ns\" xmlns:nc=\"http://nextcloud.org/ns\""
                + " xmlns:ocs=\"http://open-collaboration-services.org/ns\">");
        synchronized (tree) {
            if (r instanceof Model.FileRow f) {
                fileResponse(x, f, DavPaths.href(user, segs), owner);
            } else {
                Model.Folder d = (Model.Folder) r;
                long[] quota = null;
                if (wantsQuota) {
                    quota = quota(s);
                }
                String h = DavPaths.href(user, segs);
                folderResponse(x, d, h.endsWith("/") ? h : h + "/", owner, quota);
                if (!depth.equals("0")) { // build_nc_streaming_propfind (:1832-1997): files first, then folders
                    String prefix = h.endsWith("/") ? h : h + "/";
                    List<Model.FileRow> files = tree.liveChildFiles(d.id);
                    files.sort(Comparator.comparing(f -> f.name));
                    for (Model.FileRow f : files) {
                        fileResponse(x, f, prefix + DavPaths.enc(f.name), owner);
                    }
                    List<Model.Folder> folders = tree.liveChildFolders(d.id);
                    folders.sort(Comparator.comparing(f -> f.name));
                    for (Model.Folder c : folders) {
                        folderResponse(x, c, prefix + DavPaths.enc(c.name) + "/", owner, quota);
                    }
                }
            }
        }
        x.append("</d:multistatus>");
        return Response.bytes(207, "application/xml; charset=utf-8", x.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** write_folder_response (:2025-2135). */
    /**
     * {@code resolve_webdav_quota} (common/di.rs:3114-3137), by the drive of the session's chroot: a Shared drive
     * reports its own {@code used_bytes} and what its cap leaves (none without a cap), a Personal drive the user's
     * envelope (none without a quota). {@code [used, available or -1]}.
     */
    private long[] quota(NextcloudApi.Session s) {
        Model.Drive drive = tree.drives().drive(s.chroot().driveId);
        if (drive != null && "shared".equals(drive.kind)) {
            long used = tree.drives().driveUsage(drive.id);
            return new long[] {used, drive.quotaBytes == null ? -1 : Math.max(0, drive.quotaBytes - used)};
        }
        long used = tree.usage(s.user().id);
        long q = s.user().quotaBytes;
        return new long[] {used, q > 0 ? Math.max(0, q - used) : -1};
    }

    private void folderResponse(StringBuilder x, Model.Folder d, String href, String owner, long[] quota) {
        x.append("<d:response>");
        el(x, "d:href", href);
        x.append("<d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype>");
        el(x, "d:displayname", d.name);
        el(x, "d:getlastmodified", RFC2822.format(Instant.ofEpochSecond(d.modifiedAt)));
        x.append("<d:getetag>&quot;").append(esc(DavPaths.folderEtag(d))).append("&quot;</d:getetag>");
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
        x.append("<d:getetag>&quot;").append(esc(DavPaths.fileEtag(f))).append("&quot;</d:getetag>");
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
}
