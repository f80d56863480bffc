package org.oxisync.emulator.nextcloud;

import java.time.Instant;
import java.util.List;
import org.oxisync.emulator.api.ByteRange;
import org.oxisync.emulator.api.Content;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.http.Request;
import org.oxisync.emulator.http.Response;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Tree;

/** GET and HEAD on {@code /remote.php/dav/files/{user}/...} (webdav_handler.rs:489-689, range_requests.rs). */
final class DavGet {
    private final Tree tree;
    private final Content content;
    private final DavPaths paths;

    DavGet(Tree tree, Content content, DavPaths paths) {
        this.tree = tree;
        this.content = content;
        this.paths = paths;
    }

    Response handle(Request req, NextcloudApi.Session s, String subpath, boolean head) {
        List<String> segs = DavPaths.segments(subpath);
        if (segs.isEmpty()) { // :497-503
            return Response.empty(200).header("DAV", "1, 3");
        }
        Object r = paths.resolve(s.chroot(), segs);
        if (r == null) {
            throw ApiError.app(404, "NotFound", "File not found");
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
            etag = "\"" + DavPaths.fileEtag(f) + "\"";
            lastModified = DavXml.RFC2822.format(Instant.ofEpochSecond(f.modifiedAt));
        }
        if (head) { // :600-680: an empty body, so Content-Length 0 (not the file's size), set by the front end
            return Response.empty(200).header("Content-Type", f.mimeType).header("ETag", etag)
                    .header("Last-Modified", lastModified);
        }
        String inm = req.header("If-None-Match"); // range_requests.rs:23-35: the quoted ETag exactly, or "*"
        if (inm != null && (inm.equals(etag) || inm.equals("*"))) {
            return Response.empty(304).header("ETag", etag);
        }
        long size = m.size;
        String range = req.header("Range");
        ByteRange br = range == null ? null : ByteRange.parseFirst(range, size);
        if (br != null) { // range_response: the first range only
            if (br.unsatisfiable()) {
                return Response.empty(416).header("Content-Range", "bytes */" + size);
            }
            long a = br.start();
            long b = br.endExclusive();
            return Response.stream(206, f.mimeType, b - a, out -> content.write(m, a, b, out))
                    .header("ETag", etag).header("Accept-Ranges", "bytes")
                    .header("Content-Range", "bytes " + a + "-" + (b - 1) + "/" + size)
                    .header("Last-Modified", lastModified);
        }
        return Response.stream(200, f.mimeType, size, out -> content.write(m, 0, size, out))
                .header("ETag", etag).header("Accept-Ranges", "bytes").header("Last-Modified", lastModified);
    }
}
