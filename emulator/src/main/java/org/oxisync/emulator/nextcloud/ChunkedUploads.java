package org.oxisync.emulator.nextcloud;

import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import org.oxisync.emulator.api.Content;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.http.Request;
import org.oxisync.emulator.http.Response;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Tree;

/**
 * Chunked upload v2, {@code /remote.php/dav/uploads/{user}/{upload_id}/...} (uploads_handler.rs): MKCOL opens a
 * session, PUT stores a chunk as a file, MOVE {@code .file} assembles the chunks in byte order of their names and
 * writes the destination, DELETE aborts, PROPFIND lists. Sessions live in a temporary folder.
 */
final class ChunkedUploads {
    private static final DateTimeFormatter RFC2822 =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss '+0000'", Locale.ENGLISH).withZone(ZoneOffset.UTC);

    private final Tree tree;
    private final Content content;
    private final WebDav webdav;
    private final Path root;
    private final long chunkMaxBytes;

    ChunkedUploads(Tree tree, Content content, WebDav webdav, long chunkMaxBytes) {
        this.chunkMaxBytes = chunkMaxBytes;
        this.tree = tree;
        this.content = content;
        this.webdav = webdav;
        try {
            this.root = Files.createTempDirectory("oxicloud-nc-uploads");
            this.root.toFile().deleteOnExit();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Response handle(Request req, NextcloudApi.Session s, String uploadId, String rest) throws IOException {
        try {
            return switch (req.method()) { // uploads_handler.rs:116-127
                case "MKCOL" -> mkcol(s, uploadId);
                case "PUT" -> putChunk(req, s, uploadId, rest);
                case "MOVE" -> assemble(req, s, uploadId);
                case "DELETE" -> abort(s, uploadId);
                case "PROPFIND" -> list(s, uploadId);
                default -> Response.empty(405);
            };
        } catch (ApiError e) {
            return e.toResponse();
        }
    }

    private Path sessionDir(NextcloudApi.Session s, String uploadId) {
        if (uploadId.isEmpty() || uploadId.contains("/") || uploadId.equals(".") || uploadId.equals("..")) {
            throw ApiError.rest(400, "BadRequest", "Invalid chunk path: invalid upload id");
        }
        return root.resolve(s.user().id).resolve(uploadId);
    }

    private long sessionBytes(Path dir) throws IOException {
        long total = 0;
        if (Files.isDirectory(dir)) {
            try (Stream<Path> st = Files.list(dir)) {
                for (Path p : (Iterable<Path>) st::iterator) {
                    total += Files.size(p);
                }
            }
        }
        return total;
    }

    private Response mkcol(NextcloudApi.Session s, String uploadId) throws IOException { // :271-294
        tree.checkQuotaFor(s.user().id, 0);
        Files.createDirectories(sessionDir(s, uploadId));
        return Response.empty(201);
    }

    /**
     * handle_put_chunk (:296-366), in the server's order: a missing name is 400; with a {@code Content-Length} the
     * session's bytes plus this chunk are held against the quota (507); a bad name is 400; the chunk file is opened
     * in the session's folder, so a session never made (or already assembled) is a 500, not a new session
     * (upload_ingest.rs:445-468); a body over OXICLOUD_CHUNK_MAX_BYTES is 413 and leaves no file (:476-497).
     */
    private Response putChunk(Request req, NextcloudApi.Session s, String uploadId, String rest) throws IOException {
        String name = rest == null ? "" : rest.replaceAll("^/+|/+$", "");
        if (name.isEmpty()) {
            throw ApiError.rest(400, "BadRequest", "Missing chunk name");
        }
        Path dir = sessionDir(s, uploadId);
        String cl = req.header("Content-Length");
        if (cl != null) {
            try {
                tree.checkQuotaFor(s.user().id, sessionBytes(dir) + Long.parseLong(cl.trim()));
            } catch (NumberFormatException ignored) {
                // no projection without a length
            }
        }
        if (name.contains("/") || name.equals(".") || name.equals("..")) {
            throw ApiError.rest(400, "BadRequest", "Invalid chunk path: " + name);
        }
        if (!Files.isDirectory(dir)) {
            throw ApiError.app(500, "InternalError", "Failed to open chunk file: No such file or directory (os error 2)");
        }
        Path tmp = dir.resolve(".tmp-" + name);
        try { // the front end closes the body
            Files.copy(CappedBody.chunk(req.body(), chunkMaxBytes), tmp, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        } catch (ApiError | IOException e) {
            Files.deleteIfExists(tmp);
            throw e;
        }
        Files.move(tmp, dir.resolve(name), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        return Response.empty(201);
    }

    private List<Path> orderedChunks(Path dir) throws IOException {
        List<Path> out = new ArrayList<>();
        try (Stream<Path> st = Files.list(dir)) {
            st.filter(p -> {
                String n = p.getFileName().toString();
                return !n.equals(".file") && !n.equals(".assembled") && !n.startsWith(".tmp-");
            }).forEach(out::add);
        }
        // nextcloud_chunked_upload_service.rs:181-207: a plain string sort of the names
        out.sort((a, b) -> a.getFileName().toString().compareTo(b.getFileName().toString()));
        return out;
    }

    private Response assemble(Request req, NextcloudApi.Session s, String uploadId) throws IOException { // :371-509
        String destination = req.header("Destination");
        if (destination == null) {
            throw ApiError.rest(400, "BadRequest", "Missing Destination header");
        }
        Long ocMtime = null;
        try {
            String v = req.header("X-OC-Mtime");
            ocMtime = v == null ? null : Long.parseLong(v.trim());
        } catch (NumberFormatException ignored) {
            // :391-395: an unparsable mtime is ignored
        }
        String destSub = DavPaths.destSubpath(destination, s.rawUsername());
        if (destSub == null) {
            throw ApiError.rest(400, "BadRequest", "Invalid Destination URL");
        }
        Path dir = sessionDir(s, uploadId);
        if (!Files.isDirectory(dir)) {
            // ordered_chunk_paths (nextcloud_chunked_upload_service.rs:181-187) read_dir()s the session: a session that
            // is gone (never made, or already assembled: a retried MOVE after a lost answer) is a 500, and the
            // destination is left as it was, not replaced by an empty file
            throw ApiError.app(500, "InternalError",
                    "Failed to list chunks: Internal Error: No such file or directory (os error 2)");
        }
        List<Path> chunks = orderedChunks(dir);
        List<String> segs = DavPaths.segments(destSub);
        if (segs.isEmpty()) {
            throw ApiError.rest(400, "BadRequest", "Invalid Destination URL");
        }
        Iterator<Path> it = chunks.iterator();
        Enumeration<InputStream> streams = new Enumeration<>() {
            public boolean hasMoreElements() {
                return it.hasNext();
            }

            public InputStream nextElement() {
                try {
                    return Files.newInputStream(it.next());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }
        };
        Content.Ingested in;
        try (InputStream all = chunks.isEmpty() ? InputStream.nullInputStream() : new SequenceInputStream(streams)) {
            in = content.ingest(all, segs.get(segs.size() - 1));
        }
        Model.FileRow existing = webdav.paths().fileAt(s.chroot(), segs);
        Model.FileRow stored = webdav.store(s, segs, existing, null, in, ocMtime);
        String etag;
        synchronized (tree) {
            etag = "\"" + DavPaths.fileEtag(stored) + "\"";
        }
        deleteTree(dir);
        return Response.empty(201).header("ETag", etag).header("OC-ETag", etag);
    }

    private Response abort(NextcloudApi.Session s, String uploadId) throws IOException { // :512-532
        deleteTree(sessionDir(s, uploadId));
        return Response.empty(204);
    }

    private Response list(NextcloudApi.Session s, String uploadId) throws IOException { // :145-249
        Path dir = sessionDir(s, uploadId);
        if (!Files.isDirectory(dir)) {
            throw ApiError.app(404, "NotFound", "Upload session not found");
        }
        String u = DavXml.esc(s.rawUsername());
        String id = DavXml.esc(uploadId);
        StringBuilder b = new StringBuilder("<?xml version=\"1.0\" encoding=\"utf-8\"?><d:multistatus xmlns:d=\"DAV:\">");
        b.append("<d:response><d:href>/remote.php/dav/uploads/").append(u).append('/').append(id)
                .append("/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/></d:resourcetype>")
                .append("<d:getlastmodified>").append(RFC2822.format(Files.getLastModifiedTime(dir).toInstant()))
                .append("</d:getlastmodified></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>");
        for (Path p : orderedChunks(dir)) {
            b.append("<d:response><d:href>/remote.php/dav/uploads/").append(u).append('/').append(id).append('/')
                    .append(DavXml.esc(p.getFileName().toString())).append("</d:href><d:propstat><d:prop><d:resourcetype/>")
                    .append("<d:getcontentlength>").append(Files.size(p)).append("</d:getcontentlength>")
                    .append("<d:getlastmodified>")
                    .append(RFC2822.format(Instant.ofEpochMilli(Files.getLastModifiedTime(p).toMillis())))
                    .append("</d:getlastmodified></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>");
        }
        b.append("</d:multistatus>");
        return Response.bytes(207, "application/xml; charset=utf-8", b.toString().getBytes(StandardCharsets.UTF_8));
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> st = Files.walk(dir)) {
            List<Path> all = new ArrayList<>(st.toList());
            Collections.reverse(all);
            for (Path p : all) {
                Files.deleteIfExists(p);
            }
        }
    }
}
