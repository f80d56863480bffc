package org.oxisync.emulator.nextcloud;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.oxisync.emulator.api.Content;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.http.Request;
import org.oxisync.emulator.http.Response;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Names;
import org.oxisync.emulator.store.Tree;

/**
 * {@code /remote.php/dav/files/{user}/...} (webdav_handler.rs): the methods by name, and the ones that change the
 * tree (PUT, MKCOL, DELETE, MOVE, PROPPATCH). PROPFIND is {@link DavPropfind}, GET and HEAD {@link DavGet}; paths are
 * relative to the session's chroot ({@link DavPaths}).
 */
final class WebDav {
    private final Tree tree;
    private final Content content;
    private final DavPaths paths;
    private final DavPropfind propfind;
    private final DavGet get;
    private final long directPutMaxBytes;

    WebDav(Tree tree, Content content, FileIds ids, long directPutMaxBytes) {
        this.directPutMaxBytes = directPutMaxBytes;
        this.tree = tree;
        this.content = content;
        this.paths = new DavPaths(tree);
        this.propfind = new DavPropfind(tree, ids, paths);
        this.get = new DavGet(tree, content, paths);
    }

    DavPaths paths() {
        return paths;
    }

    Response handle(Request req, NextcloudApi.Session s, String subpath) throws IOException {
        try {
            return switch (req.method()) { // webdav_handler.rs:262-296
                case "OPTIONS" -> Response.empty(200).header("DAV", "1, 3").header("Allow",
                        "OPTIONS, GET, HEAD, PUT, PATCH, DELETE, MKCOL, MOVE, PROPFIND, PROPPATCH, REPORT, SEARCH");
                case "PROPFIND" -> propfind.handle(req, s, subpath);
                case "GET" -> get.handle(req, s, subpath, false);
                case "HEAD" -> get.handle(req, s, subpath, true);
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

    // ------------------------------------------------------------------ PUT

    private Response put(Request req, NextcloudApi.Session s, String subpath) throws IOException {
        List<String> segs = DavPaths.segments(subpath);
        Long ocMtime = parseLong(req.header("X-OC-Mtime"));
        Model.FileRow existing = paths.fileAt(s.chroot(), segs);
        String current = null;
        if (existing != null) {
            synchronized (tree) {
                current = DavPaths.fileEtag(existing);
            }
        }
        String inm = req.header("If-None-Match"); // :887-902
        if (inm != null && DavPreconditions.ifNoneMatchFails(inm, current)) {
            return Response.empty(412);
        }
        String im = req.header("If-Match");
        if (im != null && DavPreconditions.ifMatchFails(im, current)) {
            return Response.empty(412);
        }
        Model.Folder parent;
        if (existing == null) { // :908-932
            if (segs.isEmpty() || paths.folderAtPath(s.chroot(), segs) != null) {
                throw ApiError.rest(400, "BadRequest", "Cannot PUT to a directory");
            }
            parent = paths.folderAtPath(s.chroot(), segs.subList(0, segs.size() - 1));
            if (parent == null) {
                throw ApiError.rest(409, "Conflict", "Parent folder not found: " + String.join("/", segs.subList(0, segs.size() - 1)));
            }
        } else {
            parent = null;
        }
        // :947-972: streamed into the chunk store under the direct-PUT cap (1 GiB by default)
        Content.Ingested in = content.ingest(CappedBody.directPut(req.body(), directPutMaxBytes), segs.get(segs.size() - 1));
        Model.FileRow stored = store(s, segs, existing, parent, in, ocMtime);
        String etag;
        synchronized (tree) {
            etag = "\"" + DavPaths.fileEtag(stored) + "\"";
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
                existing = paths.fileAt(s.chroot(), segs); // created meanwhile
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
                parent = paths.folderAt(s.chroot(), segs.subList(0, segs.size() - 1));
                if (parent == null) {
                    throw ApiError.app(404, "NotFound", "Folder not found");
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
        List<String> segs = DavPaths.segments(subpath);
        synchronized (tree) {
            if (paths.folderAt(s.chroot(), segs) != null) {
                return Response.empty(405);
            }
            if (segs.isEmpty()) {
                throw ApiError.rest(400, "BadRequest", "MKCOL on the user root is not allowed");
            }
            Model.Folder parent = paths.folderAt(s.chroot(), segs.subList(0, segs.size() - 1));
            if (parent == null) {
                return Response.empty(409);
            }
            tree.createFolder(s.user().id, parent.id, segs.get(segs.size() - 1));
        }
        return Response.empty(201);
    }

    private Response delete(NextcloudApi.Session s, String subpath) { // :1343-1424: into the trash
        List<String> segs = DavPaths.segments(subpath);
        synchronized (tree) {
            Object r = paths.resolve(s.chroot(), segs);
            if (r == null) {
                throw ApiError.app(404, "NotFound", "Resource not found");
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

    private Response move(Request req, NextcloudApi.Session s, String subpath) { // :1428-1686
        String destination = req.header("Destination");
        if (destination == null) {
            throw ApiError.rest(400, "BadRequest", "Missing Destination header");
        }
        String ow = req.header("Overwrite");
        boolean overwriteForbidden = ow != null && ow.trim().equalsIgnoreCase("F");
        String destSub = DavPaths.destSubpath(destination, s.rawUsername());
        if (destSub == null) {
            throw ApiError.rest(400, "BadRequest", "Invalid Destination URL");
        }
        List<String> src = DavPaths.segments(subpath);
        List<String> dst = DavPaths.segments(destSub);
        String userId = s.user().id;
        synchronized (tree) {
            Object existing = paths.resolve(s.chroot(), dst);
            boolean existed = existing != null;
            if (existing != null) {
                if (overwriteForbidden) {
                    return Response.empty(412);
                }
                // the destination goes before the source is even looked up (:1499-1535): a file into the trash
                // (file_management_service.rs:578-630, trash first), a folder for good with its whole subtree
                // (folder_service.rs:945-993: no trash on this path)
                if (existing instanceof Model.FileRow f) {
                    tree.trashFile(userId, f.id);
                } else {
                    tree.deleteLiveFolderForGood(userId, ((Model.Folder) existing).id);
                }
            }
            int status = existed ? 204 : 201;
            String dstName = dst.isEmpty() ? "" : dst.get(dst.size() - 1);
            boolean sameParent = src.size() >= 1 && dst.size() >= 1
                    && src.subList(0, src.size() - 1).equals(dst.subList(0, dst.size() - 1));
            Model.FileRow file = paths.fileAt(s.chroot(), src);
            if (file != null) { // :1544-1610
                if (sameParent) {
                    tree.renameFile(userId, file.id, dstName);
                } else {
                    Model.Folder parent = paths.folderAt(s.chroot(), dst.subList(0, Math.max(0, dst.size() - 1)));
                    if (parent == null) {
                        throw ApiError.app(404, "NotFound", "Destination folder not found");
                    }
                    tree.moveFile(userId, file.id, parent.id);
                    if (!file.name.equals(dstName)) {
                        tree.renameFile(userId, file.id, dstName);
                    }
                }
                String etag = "\"" + DavPaths.fileEtag(file) + "\"";
                return Response.empty(status).header("ETag", etag).header("OC-ETag", etag);
            }
            Model.Folder folder = src.isEmpty() ? null : paths.folderAt(s.chroot(), src);
            if (folder != null) { // :1613-1683
                if (sameParent) {
                    tree.renameFolder(userId, folder.id, dstName);
                } else {
                    Model.Folder parent = paths.folderAt(s.chroot(), dst.subList(0, Math.max(0, dst.size() - 1)));
                    if (parent == null) {
                        throw ApiError.app(404, "NotFound", "Destination parent not found");
                    }
                    tree.moveFolder(userId, folder.id, parent.id);
                    if (!folder.name.equals(dstName)) {
                        tree.renameFolder(userId, folder.id, dstName);
                    }
                }
                return Response.empty(status);
            }
            throw ApiError.app(404, "NotFound", "Source resource not found");
        }
    }

    /**
     * PROPPATCH (:690-834): every property answers 200 in one propstat. The real server stores dead properties and
     * favourites; the emulator keeps neither (nothing the sync clients read back).
     */
    private Response proppatch(Request req, NextcloudApi.Session s, String subpath) throws IOException {
        List<String> segs = DavPaths.segments(subpath);
        Object r = paths.resolve(s.chroot(), segs);
        if (r == null) {
            throw ApiError.app(404, "NotFound", "Resource not found");
        }
        req.body().readNBytes(64 * 1024);
        String h = DavPaths.href(s.rawUsername(), segs);
        if (r instanceof Model.Folder && !h.endsWith("/")) {
            h += "/";
        }
        String x = "<?xml version=\"1.0\" encoding=\"utf-8\"?><d:multistatus xmlns:d=\"DAV:\"><d:response><d:href>"
                + DavXml.esc(h) + "</d:href><d:propstat><d:prop/><d:status>HTTP/1.1 200 OK</d:status></d:propstat>"
                + "</d:response></d:multistatus>";
        return Response.bytes(207, "application/xml; charset=utf-8", x.getBytes(StandardCharsets.UTF_8));
    }

}
