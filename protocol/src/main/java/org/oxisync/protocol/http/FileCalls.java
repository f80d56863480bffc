package org.oxisync.protocol.http;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.MultipartBody;
import okhttp3.Response;
import okio.BufferedSource;
import org.oxisync.protocol.ByHashDto;
import org.oxisync.protocol.DownloadResult;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.FileMetadataDto;
import org.oxisync.protocol.MoveFileDto;
import org.oxisync.protocol.Names;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.RenameDto;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code /api/files/*}: multipart upload, by-hash create, download, metadata, rename, move, delete (server
 * {@code file_handler.rs}). Names: multipart keeps the filename byte for byte (multer 3.1.0 only un-escapes
 * {@code \"}); by-hash keeps it; rename trims leading and trailing whitespace ({@code file_handler.rs:1189}).
 */
final class FileCalls {
    private static final Logger LOG = LoggerFactory.getLogger(FileCalls.class);
    private static final Pattern CONTENT_RANGE = Pattern.compile("^bytes (\\d+)-(\\d+)/(\\d+|\\*)$");
    private final Calls c;
    private final Consumer<String> trashQuietly;

    /** {@code trashQuietly} moves a file id to the trash without failing (clean-up of a temporary upload). */
    FileCalls(Calls c, Consumer<String> trashQuietly) {
        this.c = c;
        this.trashQuietly = trashQuietly;
    }

    /**
     * The multipart {@code Content-Disposition} of the file part, written by hand: OkHttp's own writer turns
     * {@code "} into {@code %22} and CR/LF into {@code %0D}/{@code %0A}, which multer does not decode. Inside the
     * quoted string {@code "} is sent as {@code \"} (multer un-escapes exactly that); names never contain
     * {@code \}; non-ASCII goes as raw UTF-8.
     */
    static String contentDisposition(String name) {
        return "form-data; name=\"file\"; filename=\"" + name.replace("\"", "\\\"") + "\"";
    }

    FileDto upload(String folderId, String name, Path file, java.util.function.LongConsumer sent) {
        Calls.newName(name);
        Calls.id(folderId);
        if (Names.fitsMultipartHeader(name)) {
            return multipart(folderId, name, file, sent);
        }
        // CR, LF (or another control character) cannot go in a header: upload under a temporary name, then rename.
        if (Names.hasTrimmableWhitespace(name)) {
            throw new OxiCloudException.NameNotRepresentable(name, "cannot store " + Names.printable(name)
                    + ": a name with control characters must be set by rename, and rename trims its leading or"
                    + " trailing whitespace");
        }
        FileDto temp = multipart(folderId, ".oxisync-upload-" + UUID.randomUUID() + ".tmp", file, sent);
        try {
            return renameFile(temp.id(), name);
        } catch (RuntimeException e) {
            trashQuietly.accept(temp.id());
            throw e;
        }
    }

    private FileDto multipart(String folderId, String name, Path file, java.util.function.LongConsumer sent) {
        FileRequestBody fileBody;
        try {
            fileBody = new FileRequestBody(file, sent);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file.getFileName(), e);
        }
        Headers part = new Headers.Builder().addUnsafeNonAscii("Content-Disposition", contentDisposition(name)).build();
        MultipartBody body = new MultipartBody.Builder().setType(MultipartBody.FORM)
                .addFormDataPart("folder_id", folderId)
                .addPart(MultipartBody.Part.create(part, fileBody)).build();
        // Identical content re-uploaded is an idempotent success on the server (§5.3).
        return Calls.checkFile(c.transport.call(Transport.Spec.of("POST", c.url("api/files/upload").build(), body)
                .idempotent(true).streaming(true), r -> c.json.read(r.body(), FileDto.class)));
    }

    /** The server keeps the name as sent (basename only, no trimming: {@code file_handler.rs:94-160}). */
    FileDto createByHash(String folderId, String name, String hash) {
        if (!Names.isHash(hash)) {
            throw new IllegalArgumentException("hash must be 64 lowercase hex characters");
        }
        return Calls.checkFile(c.sendJson("POST", c.url("api/files/by-hash").build(),
                new ByHashDto(Calls.newName(name), Calls.id(folderId), hash), FileDto.class, true));
    }

    DownloadResult download(String fileId, OutputStream out, long fromOffset, String ifNoneMatchEtag) {
        if (fromOffset < 0) {
            throw new IllegalArgumentException("fromOffset must be >= 0");
        }
        HttpUrl u = c.url("api/files").addPathSegment(Calls.id(fileId)).addQueryParameter("original", "true").build();
        Transport.Spec spec = Transport.Spec.of("GET", u, null).streaming(false);
        if (fromOffset > 0) {
            spec = spec.header("Range", "bytes=" + fromOffset + "-");
        }
        if (ifNoneMatchEtag != null) {
            spec = spec.header("If-None-Match", quote(ifNoneMatchEtag));
        }
        return c.transport.call(spec, r -> copyDownload(r, out, fromOffset));
    }

    private DownloadResult copyDownload(Response r, OutputStream out, long fromOffset) {
        String etag = unquote(r.header("ETag"));
        if (r.code() == HttpURLConnection.HTTP_NOT_MODIFIED) {
            return new DownloadResult(true, etag, 0, false);
        }
        BufferedSource source = r.body().source();
        long position = 0;
        boolean resumed = false;
        try {
            if (r.code() == 206) {
                Matcher m = CONTENT_RANGE.matcher(String.valueOf(r.header("Content-Range")));
                if (!m.matches() || Long.parseLong(m.group(1)) != fromOffset) {
                    throw new OxiCloudException.ProtocolViolation("download: 206 for a range that was not asked for");
                }
                position = fromOffset;
                resumed = true;
            } else if (r.code() != 200) {
                throw new OxiCloudException.ProtocolViolation("download: unexpected HTTP " + r.code());
            } else if (fromOffset > 0) {
                // The server ignored Range: skip what the caller already has.
                source.skip(fromOffset);
                position = fromOffset;
            }
            byte[] buffer = new byte[64 * 1024];
            while (true) {
                int n = source.read(buffer);
                if (n < 0) {
                    break;
                }
                try {
                    out.write(buffer, 0, n);
                } catch (IOException e) {
                    throw new UncheckedIOException("download: cannot write locally", e);
                }
                position += n;
            }
        } catch (IOException e) {
            throw c.transport.errors().fromIo("GET /api/files/" + "{id}", e);
        }
        return new DownloadResult(false, etag, position, resumed);
    }

    DownloadResult downloadToFile(String fileId, Path target, String expectedHash, String ifNoneMatchEtag) {
        if (expectedHash != null && !Names.isHash(expectedHash)) {
            throw new IllegalArgumentException("expectedHash must be 64 lowercase hex characters");
        }
        Path part = target.resolveSibling(target.getFileName() + ".oxipart");
        int attempt = 0;
        while (true) {
            attempt++;
            DownloadResult result;
            try {
                long have = Files.exists(part) ? Files.size(part) : 0;
                try (OutputStream out = Files.newOutputStream(part, StandardOpenOption.CREATE, StandardOpenOption.APPEND)) {
                    result = download(fileId, out, have, have > 0 ? null : ifNoneMatchEtag);
                }
            } catch (OxiCloudException.RequestRejected e) {
                if (e.status() == 416 && attempt == 1) {
                    deleteQuietly(part); // the part file does not fit the server's file any more: start over
                    continue;
                }
                throw e;
            } catch (OxiCloudException.NetworkFailure e) {
                if (attempt < c.config.retryPolicy().maxAttempts()) {
                    c.sleep(c.config.retryPolicy().backoff(attempt, c.config.jitter().getAsDouble()));
                    continue;
                }
                throw e; // the part file stays for a later resume
            } catch (IOException e) {
                throw new UncheckedIOException("download: cannot write " + part.getFileName(), e);
            }
            if (result.notModified()) {
                deleteQuietly(part);
                return result;
            }
            try {
                if (expectedHash != null) {
                    String actual = hashFile(part);
                    if (!actual.equals(expectedHash)) {
                        deleteQuietly(part);
                        throw new OxiCloudException.IntegrityMismatch("download of " + target.getFileName(), expectedHash, actual);
                    }
                }
                Files.move(part, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (IOException e) {
                throw new UncheckedIOException("download: cannot finish " + target.getFileName(), e);
            }
            return result;
        }
    }

    private static String hashFile(Path file) throws IOException {
        org.apache.commons.codec.digest.Blake3 h = org.apache.commons.codec.digest.Blake3.initHash();
        byte[] buffer = new byte[256 * 1024];
        try (var in = Files.newInputStream(file)) {
            int n;
            while ((n = in.read(buffer)) > 0) {
                h.update(buffer, 0, n);
            }
        }
        byte[] out = new byte[32];
        h.doFinalize(out);
        return java.util.HexFormat.of().formatHex(out);
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            LOG.warn("cannot delete {}", p.getFileName());
        }
    }

    static String quote(String etag) {
        return etag.startsWith("\"") ? etag : "\"" + etag + "\"";
    }

    private static String unquote(String etag) {
        if (etag == null) {
            return null;
        }
        String e = etag.startsWith("W/") ? etag.substring(2) : etag;
        return e.length() >= 2 && e.startsWith("\"") && e.endsWith("\"") ? e.substring(1, e.length() - 1) : e;
    }

    FileMetadataDto fileMetadata(String fileId) {
        FileMetadataDto m = c.getJson(c.url("api/files").addPathSegment(Calls.id(fileId))
                .addQueryParameter("metadata", "true").build(), FileMetadataDto.class);
        Names.requireSafeSegment(m.name(), "file");
        return m;
    }

    /** Rename trims: names with leading or trailing whitespace throw {@code NameNotRepresentable} up front. */
    FileDto renameFile(String fileId, String newName) {
        return Calls.checkFile(c.sendJson("PUT", c.url("api/files").addPathSegment(Calls.id(fileId)).addPathSegment("rename")
                .build(), new RenameDto(Calls.untrimmedName(newName, "file rename")), FileDto.class, true));
    }

    FileDto moveFile(String fileId, String newFolderId) {
        return Calls.checkFile(c.sendJson("PUT", c.url("api/files").addPathSegment(Calls.id(fileId)).addPathSegment("move")
                .build(), new MoveFileDto(Calls.id(newFolderId)), FileDto.class, true));
    }

    /** Not idempotent: a second DELETE of a trashed file deletes it permanently on 0.8.7. */
    void deleteFile(String fileId) {
        c.sendNoContent("DELETE", c.url("api/files").addPathSegment(Calls.id(fileId)).build(), false);
    }
}
