package org.oxisync.emulator.nextcloud;

import java.time.Instant;
import java.util.List;
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
            etag = "\"" + DavPaths.fileEtag(f) + "\"";
            lastModified = DavXml.RFC2822.format(Instant.ofEpochSecond(f.modifiedAt));
        }
        if (head) { // :600-680: no Content-Length
            return Response.empty(200).header("Content-Type", f.mimeType).header("ETag", etag)
                    .header("Last-Modified", lastModified);
        }
        String inm = req.header("If-None-Match"); // range_requests.rs:23-35: the quoted ETag exactly, or "*"
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
}
