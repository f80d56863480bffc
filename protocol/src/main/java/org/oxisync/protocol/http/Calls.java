package org.oxisync.protocol.http;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import org.oxisync.protocol.ApiConfig;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.Names;
import org.oxisync.protocol.OxiCloudException;

/**
 * What every resource's calls share: the configuration, the base URL, JSON, the session, the transport, and the
 * checks on ids and names that go out or come back.
 */
final class Calls {
    final ApiConfig config;
    final HttpUrl base;
    final OkHttpClient client;
    final Json json;
    final AuthSession auth;
    final Transport transport;

    Calls(ApiConfig config, HttpUrl base, OkHttpClient client, Json json, AuthSession auth, Transport transport) {
        this.config = config;
        this.base = base;
        this.client = client;
        this.json = json;
        this.auth = auth;
        this.transport = transport;
    }

    HttpUrl.Builder url(String segments) {
        return base.newBuilder().addPathSegments(segments);
    }

    static String id(String id) {
        if (!Names.isSafeId(id)) {
            throw new IllegalArgumentException("not a valid id: " + Names.printable(id));
        }
        return id;
    }

    /** A name the caller asks the server to store: exactly one segment by the server's own rules. */
    static String newName(String name) {
        if (!Names.isSafeSegment(name)) {
            throw new IllegalArgumentException("a name must be one path segment: " + Names.printable(name));
        }
        return name;
    }

    /** As {@link #newName}, for calls where the server trims leading and trailing whitespace. */
    static String untrimmedName(String name, String call) {
        newName(name);
        if (Names.hasTrimmableWhitespace(name)) {
            throw new OxiCloudException.NameNotRepresentable(name, call + " would store " + Names.printable(name)
                    + " without its leading or trailing whitespace (the server trims it)");
        }
        return name;
    }

    <T> T getJson(HttpUrl url, Class<T> type) {
        return transport.call(Transport.Spec.of("GET", url, null), r -> json.read(r.body(), type));
    }

    <T> T sendJson(String method, HttpUrl url, Object body, Class<T> type, boolean idempotent) {
        return transport.call(Transport.Spec.of(method, url, json.body(body)).idempotent(idempotent),
                r -> json.read(r.body(), type));
    }

    void sendNoContent(String method, HttpUrl url, boolean idempotent) {
        transport.call(Transport.Spec.of(method, url, method.equals("POST") ? json.body(Map.of()) : null)
                .idempotent(idempotent), r -> null);
    }

    void sleep(Duration d) {
        try {
            config.sleeper().sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OxiCloudException.NetworkFailure("interrupted", e);
        }
    }

    /** Why a server-sent file row cannot be used (ids, name, hash, size), or empty. Only the name may be skipped. */
    static FileDto checkFile(FileDto f) {
        checkFileShape(f);
        Names.requireSafeSegment(f.name(), "file");
        return f;
    }

    static void checkFileShape(FileDto f) {
        if (!Names.isSafeId(f.id())) {
            throw new OxiCloudException.ProtocolViolation("server sent an invalid file id " + Names.printable(f.id()));
        }
        if (f.folderId() != null && !Names.isSafeId(f.folderId())) {
            throw new OxiCloudException.ProtocolViolation("server sent an invalid folder id");
        }
        if (f.contentHash() != null && !f.contentHash().isEmpty() && !Names.isHash(f.contentHash())) {
            throw new OxiCloudException.ProtocolViolation("server sent a malformed content hash for a file");
        }
        if (f.size() < 0) {
            throw new OxiCloudException.ProtocolViolation("server sent a negative file size");
        }
    }

    static FolderDto checkFolder(FolderDto f) {
        checkFolderShape(f);
        if (!f.isRoot()) {
            Names.requireSafeSegment(f.name(), "folder");
        }
        return f;
    }

    static void checkFolderShape(FolderDto f) {
        if (!Names.isSafeId(f.id()) || (f.parentId() != null && !Names.isSafeId(f.parentId()))) {
            throw new OxiCloudException.ProtocolViolation("server sent an invalid folder id");
        }
    }

    /** The reason a listed row's name is unusable, or empty. Root folders carry no name of their own. */
    static Optional<String> unsafeName(org.oxisync.protocol.Resource r) {
        if (r instanceof FolderDto f && f.isRoot()) {
            return Optional.empty();
        }
        return Names.unsafeReason(r.name()).map(why -> "unsafe name from server: " + why);
    }

    static List<String> hashes(List<String> list) {
        return ErrorMapper.requireHashes(list == null ? List.of() : list);
    }
}
