package org.oxisync.protocol.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.HttpURLConnection;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import okhttp3.Call;
import okhttp3.EventListener;
import okhttp3.HttpUrl;
import okhttp3.MultipartBody;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okio.BufferedSource;
import org.oxisync.protocol.ApiConfig;
import org.oxisync.protocol.AuthResponseDto;
import org.oxisync.protocol.BatchFailureDto;
import org.oxisync.protocol.BatchFoldersDto;
import org.oxisync.protocol.BatchStatsDto;
import org.oxisync.protocol.ByHashDto;
import org.oxisync.protocol.ChunkRefDto;
import org.oxisync.protocol.ChunkSink;
import org.oxisync.protocol.ChunkSlice;
import org.oxisync.protocol.CommitDto;
import org.oxisync.protocol.CreateFolderDto;
import org.oxisync.protocol.Credentials;
import org.oxisync.protocol.DeviceAuthorizationDto;
import org.oxisync.protocol.DeviceAuthorizeDto;
import org.oxisync.protocol.DeviceTokenDto;
import org.oxisync.protocol.DeviceTokenRequestDto;
import org.oxisync.protocol.DownloadResult;
import org.oxisync.protocol.DriveDto;
import org.oxisync.protocol.ErrorDto;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.FileMetadataDto;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.FolderIdsDto;
import org.oxisync.protocol.FrameBatches;
import org.oxisync.protocol.HashesDto;
import org.oxisync.protocol.HealthDto;
import org.oxisync.protocol.Limits;
import org.oxisync.protocol.LoginDto;
import org.oxisync.protocol.ManifestDto;
import org.oxisync.protocol.MissingDto;
import org.oxisync.protocol.MoveFileDto;
import org.oxisync.protocol.MoveFolderDto;
import org.oxisync.protocol.Names;
import org.oxisync.protocol.NegotiateDto;
import org.oxisync.protocol.OwnedDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.ReceivedDto;
import org.oxisync.protocol.RefreshTokenDto;
import org.oxisync.protocol.RenameDto;
import org.oxisync.protocol.Resource;
import org.oxisync.protocol.ResourceItemDto;
import org.oxisync.protocol.ResourcePage;
import org.oxisync.protocol.ResourcePageDto;
import org.oxisync.protocol.ServerVersion;
import org.oxisync.protocol.TrashItemDto;
import org.oxisync.protocol.TrashPageDto;
import org.oxisync.protocol.UserDto;
import org.oxisync.protocol.VersionDto;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The OkHttp implementation of {@link OxiCloudApi}. */
public final class HttpOxiCloudApi implements OxiCloudApi {
    private static final Logger LOG = LoggerFactory.getLogger(HttpOxiCloudApi.class);
    private static final Pattern CONTENT_RANGE = Pattern.compile("^bytes (\\d+)-(\\d+)/(\\d+|\\*)$");
    private static final int MAX_DOWNLOAD_BATCH_CHUNKS = 1024;

    private final ApiConfig config;
    private final HttpUrl base;
    private final OkHttpClient client;
    private final OkHttpClient refreshClient;
    private final Json json;
    private final AuthSession auth;
    private final Transport transport;
    private final FrameReader frames;

    public HttpOxiCloudApi(ApiConfig config) {
        this.config = config;
        this.base = HttpUrl.get(config.baseUrl().toString());
        this.json = new Json(config.limits().maxJsonBytes());
        OkHttpClient.Builder b = new OkHttpClient.Builder()
                .connectTimeout(config.timeouts().connect())
                .readTimeout(config.timeouts().read())
                .writeTimeout(config.timeouts().write())
                .followRedirects(false)
                .socketFactory(new NoDelaySocketFactory())
                .addNetworkInterceptor(new TrafficInterceptor(config.bandwidth(), config.listener()));
        config.proxy().ifPresent(b::proxy);
        config.pinnedCertificateSha256().ifPresent(pin -> Tls.applyPin(b, pin));
        this.client = b.build();
        // Refresh must never be replayed by OkHttp itself, and we need to know whether it left the client.
        this.refreshClient = client.newBuilder().retryOnConnectionFailure(false)
                .eventListenerFactory(HttpOxiCloudApi::sentTracker).build();
        this.auth = new AuthSession(config.account(), config.credentialStore(), config.clock(), config.refreshMargin(),
                json.mapper(), config.listener());
        this.auth.setRefresher(this::refreshCall);
        ErrorMapper errors = new ErrorMapper(json, config.clock());
        this.transport = new Transport(client, config, auth, errors);
        this.frames = new FrameReader(config.hasher());
    }

    // ---- helpers --------------------------------------------------------------------------------------------------

    private HttpUrl.Builder url(String segments) {
        return base.newBuilder().addPathSegments(segments);
    }

    private static String id(String id) {
        if (!Names.isSafeId(id)) {
            throw new IllegalArgumentException("not a valid id: " + Names.printable(id));
        }
        return id;
    }

    private static String newName(String name) {
        if (!Names.isSafeSegment(name)) {
            throw new IllegalArgumentException("a name must be one path segment: " + Names.printable(name));
        }
        return name;
    }

    private <T> T getJson(HttpUrl url, Class<T> type) {
        return transport.call(Transport.Spec.of("GET", url, null), r -> json.read(r.body(), type));
    }

    private <T> T sendJson(String method, HttpUrl url, Object body, Class<T> type, boolean idempotent) {
        return transport.call(Transport.Spec.of(method, url, json.body(body)).idempotent(idempotent),
                r -> json.read(r.body(), type));
    }

    private void sendNoContent(String method, HttpUrl url, boolean idempotent) {
        transport.call(Transport.Spec.of(method, url, method.equals("POST") ? json.body(Map.of()) : null)
                .idempotent(idempotent), r -> null);
    }

    static FileDto checkFile(FileDto f) {
        if (!Names.isSafeId(f.id())) {
            throw new OxiCloudException.ProtocolViolation("server sent an invalid file id " + Names.printable(f.id()));
        }
        Names.requireSafeSegment(f.name(), "file");
        if (f.folderId() != null && !Names.isSafeId(f.folderId())) {
            throw new OxiCloudException.ProtocolViolation("server sent an invalid folder id");
        }
        if (f.contentHash() != null && !f.contentHash().isEmpty() && !Names.isHash(f.contentHash())) {
            throw new OxiCloudException.ProtocolViolation("server sent a malformed content hash for a file");
        }
        if (f.size() < 0) {
            throw new OxiCloudException.ProtocolViolation("server sent a negative file size");
        }
        return f;
    }

    static FolderDto checkFolder(FolderDto f) {
        if (!Names.isSafeId(f.id()) || (f.parentId() != null && !Names.isSafeId(f.parentId()))) {
            throw new OxiCloudException.ProtocolViolation("server sent an invalid folder id");
        }
        if (!f.isRoot()) {
            Names.requireSafeSegment(f.name(), "folder");
        }
        return f;
    }

    private static List<String> hashes(List<String> list) {
        return ErrorMapper.requireHashes(list == null ? List.of() : list);
    }

    // ---- server ---------------------------------------------------------------------------------------------------

    @Override
    public VersionDto version() {
        return transport.call(Transport.Spec.of("GET", url("api/version").build(), null).anonymous(),
                r -> json.read(r.body(), VersionDto.class));
    }

    @Override
    public ServerVersion checkServer() {
        VersionDto v;
        try {
            v = version();
        } catch (OxiCloudException.ProtocolViolation | OxiCloudException.NotFound | OxiCloudException.RequestRejected
                | OxiCloudException.Forbidden | OxiCloudException.AuthExpired e) {
            throw new OxiCloudException.UnsupportedServer("not an OxiCloud server (GET /api/version: "
                    + e.getClass().getSimpleName() + ")");
        }
        if (v.name() == null || !v.name().toLowerCase(Locale.ROOT).equals("oxicloud")) {
            throw new OxiCloudException.UnsupportedServer("not an OxiCloud server: it calls itself " + Names.printable(v.name()));
        }
        ServerVersion parsed;
        try {
            parsed = ServerVersion.parse(v.version());
        } catch (IllegalArgumentException e) {
            throw new OxiCloudException.UnsupportedServer("OxiCloud reports an unreadable version " + Names.printable(v.version()));
        }
        if (!parsed.isSupported()) {
            throw new OxiCloudException.UnsupportedServer("OxiCloud " + parsed + " is too old: OxiSync needs "
                    + ServerVersion.MINIMUM + " or newer (folder listings and delta sync changed in 0.8.7)");
        }
        return parsed;
    }

    @Override
    public HealthDto health() {
        return transport.call(Transport.Spec.of("GET", url("health").build(), null).anonymous(),
                r -> json.read(r.body(), HealthDto.class));
    }

    @Override
    public HealthDto ready() {
        return transport.call(Transport.Spec.of("GET", url("ready").build(), null).anonymous(),
                r -> json.read(r.body(), HealthDto.class));
    }

    @Override
    public boolean serverReadOnly() {
        return transport.readOnly();
    }

    // ---- auth -----------------------------------------------------------------------------------------------------

    @Override
    public AuthResponseDto login(String username, String password) {
        AuthResponseDto reply = transport.call(
                Transport.Spec.of("POST", url("api/auth/login").build(), json.body(new LoginDto(username, password))).login(),
                r -> json.read(r.body(), AuthResponseDto.class));
        auth.install(reply.accessToken(), reply.refreshToken(), reply.expiresIn());
        return reply;
    }

    @Override
    public UserDto loginWithAppPassword(String username, String appPassword) {
        Credentials.AppPassword app = new Credentials.AppPassword(username, appPassword);
        Optional<Credentials> before = auth.credentials();
        auth.useUnstored(app);
        UserDto user;
        try {
            user = transport.call(Transport.Spec.of("GET", url("api/auth/me").build(), null),
                    r -> json.read(r.body(), UserDto.class));
        } catch (OxiCloudException.AuthExpired e) {
            before.ifPresentOrElse(auth::useUnstored, () -> auth.useUnstored(null));
            throw new OxiCloudException.LoginFailed("401", "the app password was rejected");
        } catch (RuntimeException e) {
            before.ifPresentOrElse(auth::useUnstored, () -> auth.useUnstored(null));
            throw e;
        }
        auth.installAppPassword(app);
        return user;
    }

    @Override
    public org.oxisync.protocol.AppPasswordDto createAppPassword(String label) {
        return sendJson("POST", url("api/auth/app-passwords").build(),
                new org.oxisync.protocol.AppPasswordRequestDto(label, null, null), org.oxisync.protocol.AppPasswordDto.class, false);
    }

    @Override
    public DeviceAuthorizationDto startDeviceLogin(String clientName) {
        DeviceAuthorizationDto d = transport.call(Transport.Spec.of("POST", url("api/auth/device/authorize").build(),
                json.body(new DeviceAuthorizeDto(clientName, null))).anonymous(),
                r -> json.read(r.body(), DeviceAuthorizationDto.class));
        if (d.deviceCode() == null || d.deviceCode().isEmpty() || d.userCode() == null) {
            throw new OxiCloudException.ProtocolViolation("device authorization without codes");
        }
        return d;
    }

    @Override
    public void completeDeviceLogin(DeviceAuthorizationDto authorization) {
        Instant deadline = config.clock().instant().plusSeconds(Math.max(1, authorization.expiresIn()));
        long interval = authorization.interval() > 0 ? authorization.interval() : 5;
        HttpUrl tokenUrl = url("api/auth/device/token").build();
        while (true) {
            sleep(Duration.ofSeconds(interval));
            if (config.clock().instant().isAfter(deadline)) {
                throw new OxiCloudException.LoginFailed("expired_token", "the device code expired before approval");
            }
            DeviceTokenRequestDto body = new DeviceTokenRequestDto(authorization.deviceCode(), DeviceTokenRequestDto.GRANT_TYPE);
            Object outcome;
            try {
                outcome = transport.call(Transport.Spec.of("POST", tokenUrl, json.body(body)).anonymous().passingErrors(), r -> {
                    if (r.code() == 200) {
                        return json.read(r.body(), DeviceTokenDto.class);
                    }
                    ErrorDto err = transport.errors().readError(r);
                    return err.error() == null ? "http_" + r.code() : err.error();
                });
            } catch (OxiCloudException.NetworkFailure | OxiCloudException.ServerError e) {
                LOG.debug("device token poll failed ({}); polling on", e.getClass().getSimpleName());
                continue;
            }
            if (outcome instanceof DeviceTokenDto token) {
                // expires_in here is the refresh lifetime (§3.4): rely on the JWT exp, else refresh at first use.
                auth.install(token.accessToken(), token.refreshToken(), null);
                return;
            }
            String error = (String) outcome;
            switch (error) {
                case "authorization_pending" -> { }
                case "slow_down" -> interval += 5;
                default -> throw new OxiCloudException.LoginFailed(Names.printable(error),
                        "device login ended: " + Names.printable(error));
            }
        }
    }

    private void sleep(Duration d) {
        try {
            config.sleeper().sleep(d);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OxiCloudException.NetworkFailure("interrupted", e);
        }
    }

    /** Marks a call's request as sent as soon as OkHttp starts writing its headers. */
    private static EventListener sentTracker(Call call) {
        SentFlag flag = call.request().tag(SentFlag.class);
        if (flag == null) {
            return EventListener.NONE;
        }
        return new EventListener() {
            @Override
            public void requestHeadersStart(Call c) {
                flag.sent = true;
            }
        };
    }

    private static final class SentFlag {
        volatile boolean sent;
    }

    private AuthResponseDto refreshCall(String refreshToken) {
        SentFlag flag = new SentFlag();
        Request request = new Request.Builder().url(url("api/auth/refresh").build())
                .header("User-Agent", config.userAgent())
                .post(json.body(new RefreshTokenDto(refreshToken))).tag(SentFlag.class, flag).build();
        Call call = refreshClient.newCall(request);
        call.timeout().timeout(config.timeouts().jsonCall().toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        String what = "POST /api/auth/refresh";
        config.listener().requestStarted("POST", "/api/auth/refresh");
        try (Response r = call.execute()) {
            if (r.code() == 200) {
                AuthResponseDto reply = json.read(r.body(), AuthResponseDto.class);
                config.listener().requestFinished("POST", "/api/auth/refresh", 200, Duration.ZERO);
                return reply;
            }
            throw transport.errors().fromStatus(what, r, true, false);
        } catch (IOException e) {
            OxiCloudException failure = transport.errors().fromIo(what, e);
            config.listener().requestFailed("POST", "/api/auth/refresh", failure);
            if (!flag.sent) {
                throw new AuthSession.NotSent(failure);
            }
            throw failure;
        }
    }

    @Override
    public void refreshNow() {
        Credentials c = auth.credentials().orElseThrow(() -> new OxiCloudException.AuthExpired("not logged in"));
        if (c instanceof Credentials.TokenPair pair) {
            auth.refresh(pair.accessToken());
        }
    }

    @Override
    public void logout() {
        Optional<Credentials> c = auth.credentials();
        try {
            if (c.isPresent() && c.get() instanceof Credentials.TokenPair pair) {
                auth.markSent(pair.refreshToken());
                transport.call(Transport.Spec.of("POST", url("api/auth/logout").build(),
                        json.body(new RefreshTokenDto(pair.refreshToken()))).idempotent(false), r -> null);
            }
        } catch (OxiCloudException e) {
            LOG.info("server-side logout failed ({}); forgetting the credentials anyway", e.getClass().getSimpleName());
        } finally {
            auth.expire();
        }
    }

    @Override
    public boolean isLoggedIn() {
        return auth.isLoggedIn();
    }

    @Override
    public UserDto me() {
        return getJson(url("api/auth/me").build(), UserDto.class);
    }

    // ---- drives and folders ---------------------------------------------------------------------------------------

    @Override
    public List<DriveDto> drives() {
        DriveDto[] drives = getJson(url("api/drives").build(), DriveDto[].class);
        for (DriveDto d : drives) {
            if (d == null || !Names.isSafeId(d.id()) || !Names.isSafeId(d.rootFolderId())) {
                throw new OxiCloudException.ProtocolViolation("server sent a drive with an invalid id");
            }
        }
        return List.of(drives);
    }

    @Override
    public FolderDto folder(String folderId) {
        return checkFolder(getJson(url("api/folders").addPathSegment(id(folderId)).build(), FolderDto.class));
    }

    @Override
    public ResourcePage resources(String folderId, int limit, String cursor) {
        if (limit < 1 || limit > Limits.MAX_PAGE_SIZE) {
            throw new IllegalArgumentException("limit must be 1..200");
        }
        HttpUrl.Builder u = url("api/folders").addPathSegment(id(folderId)).addPathSegment("resources")
                .addQueryParameter("limit", Integer.toString(limit));
        if (cursor != null) {
            u.addQueryParameter("cursor", cursor);
        }
        ResourcePageDto page = getJson(u.build(), ResourcePageDto.class);
        List<Resource> items = new ArrayList<>();
        for (ResourceItemDto item : page.items() == null ? List.<ResourceItemDto>of() : page.items()) {
            if (item == null || item.resource() == null || item.resourceType() == null) {
                throw new OxiCloudException.ProtocolViolation("listing row without resource");
            }
            switch (item.resourceType()) {
                case "file" -> items.add(checkFile(json.parse(nodeBytes(item), FileDto.class)));
                case "folder" -> items.add(checkFolder(json.parse(nodeBytes(item), FolderDto.class)));
                default -> LOG.debug("ignoring listing row of unknown type {}", Names.printable(item.resourceType()));
            }
        }
        String next = page.nextCursor();
        return new ResourcePage(items, Optional.ofNullable(next == null || next.isEmpty() ? null : next));
    }

    private byte[] nodeBytes(ResourceItemDto item) {
        try {
            return json.mapper().writeValueAsBytes(item.resource());
        } catch (IOException e) {
            throw new OxiCloudException.ProtocolViolation("unreadable listing row");
        }
    }

    @Override
    public Iterator<Resource> allResources(String folderId) {
        id(folderId);
        return new Iterator<>() {
            private final Set<String> seenCursors = new HashSet<>();
            private Iterator<Resource> page = List.<Resource>of().iterator();
            private String cursor;
            private boolean last;

            @Override
            public boolean hasNext() {
                while (!page.hasNext() && !last) {
                    ResourcePage p = resources(folderId, Limits.MAX_PAGE_SIZE, cursor);
                    page = p.items().iterator();
                    if (p.nextCursor().isEmpty()) {
                        last = true;
                    } else if (!seenCursors.add(p.nextCursor().get())) {
                        throw new OxiCloudException.ProtocolViolation("folder listing repeats a cursor (endless paging)");
                    } else {
                        cursor = p.nextCursor().get();
                    }
                }
                return page.hasNext();
            }

            @Override
            public Resource next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                return page.next();
            }
        };
    }

    @Override
    public BatchFoldersDto folders(List<String> folderIds) {
        List<FolderDto> ok = new ArrayList<>();
        List<BatchFailureDto> failed = new ArrayList<>();
        long total = 0;
        long time = 0;
        for (int i = 0; i < folderIds.size(); i += Limits.MAX_BATCH_IDS) {
            List<String> part = folderIds.subList(i, Math.min(folderIds.size(), i + Limits.MAX_BATCH_IDS));
            part.forEach(HttpOxiCloudApi::id);
            BatchFoldersDto r = sendJson("POST", url("api/batch/folders/get").build(), new FolderIdsDto(List.copyOf(part)),
                    BatchFoldersDto.class, true);
            if (r.successful() != null) {
                r.successful().forEach(f -> ok.add(checkFolder(f)));
            }
            if (r.failed() != null) {
                failed.addAll(r.failed());
            }
            total += part.size();
            time += r.stats() == null ? 0 : r.stats().executionTimeMs();
        }
        return new BatchFoldersDto(ok, failed, new BatchStatsDto(total, ok.size(), failed.size(), time));
    }

    @Override
    public FolderDto createFolder(String parentId, String name) {
        return checkFolder(sendJson("POST", url("api/folders").build(), new CreateFolderDto(newName(name), id(parentId)),
                FolderDto.class, false));
    }

    @Override
    public FolderDto renameFolder(String folderId, String newName) {
        return checkFolder(sendJson("PUT", url("api/folders").addPathSegment(id(folderId)).addPathSegment("rename").build(),
                new RenameDto(newName(newName)), FolderDto.class, true));
    }

    @Override
    public FolderDto moveFolder(String folderId, String newParentId) {
        return checkFolder(sendJson("PUT", url("api/folders").addPathSegment(id(folderId)).addPathSegment("move").build(),
                new MoveFolderDto(id(newParentId)), FolderDto.class, true));
    }

    @Override
    public void deleteFolder(String folderId) {
        sendNoContent("DELETE", url("api/folders").addPathSegment(id(folderId)).build(), true);
    }

    // ---- files ----------------------------------------------------------------------------------------------------

    @Override
    public FileDto upload(String folderId, String name, Path file) {
        FileRequestBody fileBody;
        try {
            fileBody = new FileRequestBody(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file.getFileName(), e);
        }
        MultipartBody body = new MultipartBody.Builder().setType(MultipartBody.FORM)
                .addFormDataPart("folder_id", id(folderId))
                .addFormDataPart("file", newName(name), fileBody).build();
        // Identical content re-uploaded is an idempotent success on the server (§5.3).
        return checkFile(transport.call(Transport.Spec.of("POST", url("api/files/upload").build(), body).idempotent(true)
                .streaming(true), r -> json.read(r.body(), FileDto.class)));
    }

    @Override
    public FileDto createByHash(String folderId, String name, String hash) {
        if (!Names.isHash(hash)) {
            throw new IllegalArgumentException("hash must be 64 lowercase hex characters");
        }
        return checkFile(sendJson("POST", url("api/files/by-hash").build(), new ByHashDto(newName(name), id(folderId), hash),
                FileDto.class, true));
    }

    @Override
    public DownloadResult download(String fileId, OutputStream out, long fromOffset, String ifNoneMatchEtag) {
        if (fromOffset < 0) {
            throw new IllegalArgumentException("fromOffset must be >= 0");
        }
        HttpUrl u = url("api/files").addPathSegment(id(fileId)).addQueryParameter("original", "true").build();
        Transport.Spec spec = Transport.Spec.of("GET", u, null).streaming(false);
        if (fromOffset > 0) {
            spec = spec.header("Range", "bytes=" + fromOffset + "-");
        }
        if (ifNoneMatchEtag != null) {
            spec = spec.header("If-None-Match", quote(ifNoneMatchEtag));
        }
        return transport.call(spec, r -> copyDownload(r, out, fromOffset));
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
            throw transport.errors().fromIo("GET /api/files/" + "{id}", e);
        }
        return new DownloadResult(false, etag, position, resumed);
    }

    @Override
    public DownloadResult downloadToFile(String fileId, Path target, String expectedHash, String ifNoneMatchEtag) {
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
                if (attempt < config.retryPolicy().maxAttempts()) {
                    sleep(config.retryPolicy().backoff(attempt, config.jitter().getAsDouble()));
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

    private static String quote(String etag) {
        return etag.startsWith("\"") ? etag : "\"" + etag + "\"";
    }

    private static String unquote(String etag) {
        if (etag == null) {
            return null;
        }
        String e = etag.startsWith("W/") ? etag.substring(2) : etag;
        return e.length() >= 2 && e.startsWith("\"") && e.endsWith("\"") ? e.substring(1, e.length() - 1) : e;
    }

    @Override
    public FileMetadataDto fileMetadata(String fileId) {
        FileMetadataDto m = getJson(url("api/files").addPathSegment(id(fileId)).addQueryParameter("metadata", "true").build(),
                FileMetadataDto.class);
        Names.requireSafeSegment(m.name(), "file");
        return m;
    }

    @Override
    public FileDto renameFile(String fileId, String newName) {
        return checkFile(sendJson("PUT", url("api/files").addPathSegment(id(fileId)).addPathSegment("rename").build(),
                new RenameDto(newName(newName)), FileDto.class, true));
    }

    @Override
    public FileDto moveFile(String fileId, String newFolderId) {
        return checkFile(sendJson("PUT", url("api/files").addPathSegment(id(fileId)).addPathSegment("move").build(),
                new MoveFileDto(id(newFolderId)), FileDto.class, true));
    }

    @Override
    public void deleteFile(String fileId) {
        sendNoContent("DELETE", url("api/files").addPathSegment(id(fileId)).build(), true);
    }

    // ---- trash ----------------------------------------------------------------------------------------------------

    @Override
    public TrashPageDto trash(int limit, String cursor) {
        HttpUrl.Builder u = url("api/trash/resources").addQueryParameter("limit", Integer.toString(limit));
        if (cursor != null) {
            u.addQueryParameter("cursor", cursor);
        }
        TrashPageDto page = getJson(u.build(), TrashPageDto.class);
        List<TrashItemDto> items = page.items() == null ? List.of() : page.items();
        for (TrashItemDto t : items) {
            if (t == null) {
                throw new OxiCloudException.ProtocolViolation("null trash row");
            }
            Names.requireSafeSegment(t.name(), "trashed item");
        }
        return new TrashPageDto(items, page.nextCursor() == null || page.nextCursor().isEmpty() ? null : page.nextCursor());
    }

    @Override
    public void restoreFromTrash(String trashId) {
        sendNoContent("POST", url("api/trash").addPathSegment(id(trashId)).addPathSegment("restore").build(), false);
    }

    // ---- delta ----------------------------------------------------------------------------------------------------

    @Override
    public List<String> negotiate(List<ChunkRefDto> chunks) {
        MissingDto m = transport.call(Transport.Spec.of("POST", url("api/files/delta/negotiate").build(),
                json.body(new NegotiateDto(chunks))).idempotent(true).asDelta(), r -> json.read(r.body(), MissingDto.class));
        return List.copyOf(hashes(m.missing()));
    }

    @Override
    public List<ChunkRefDto> putChunks(Path file, List<ChunkSlice> chunks) {
        List<ChunkRefDto> all = new ArrayList<>();
        for (List<ChunkSlice> batch : FrameBatches.split(chunks, config.limits().putBatchBytes())) {
            ReceivedDto received = transport.call(Transport.Spec.of("PUT", url("api/files/delta/chunks").build(),
                    new FrameRequestBody(file, batch)).idempotent(true).asDelta().streaming(true),
                    r -> json.read(r.body(), ReceivedDto.class));
            List<ChunkRefDto> echo = received.received() == null ? List.of() : received.received();
            if (echo.size() != batch.size()) {
                throw new OxiCloudException.ProtocolViolation(
                        "server acknowledged " + echo.size() + " of " + batch.size() + " uploaded chunks");
            }
            for (int i = 0; i < batch.size(); i++) {
                ChunkSlice sent = batch.get(i);
                ChunkRefDto got = echo.get(i);
                if (got == null || got.s() != sent.length()) {
                    throw new OxiCloudException.ProtocolViolation("server acknowledged a chunk of the wrong size");
                }
                if (sent.hash() != null && !sent.hash().equals(got.h())) {
                    // The local file changed since it was hashed, or the server computed something else.
                    throw new OxiCloudException.IntegrityMismatch("uploaded chunk at offset " + sent.offset(),
                            sent.hash(), Names.isHash(got.h()) ? got.h() : "<malformed>");
                }
                all.add(got);
            }
        }
        return all;
    }

    @Override
    public FileDto commit(CommitDto commit) {
        if (commit.name() != null) {
            newName(commit.name());
        }
        return checkFile(transport.call(Transport.Spec.of("POST", url("api/files/delta/commit").build(), json.body(commit))
                .idempotent(true).asDelta(), r -> json.read(r.body(), FileDto.class)));
    }

    @Override
    public Optional<ManifestDto> manifest(String fileId, String ifNoneMatchFileHash) {
        Transport.Spec spec = Transport.Spec.of("GET",
                url("api/files").addPathSegment(id(fileId)).addPathSegment("manifest").build(), null).asDelta();
        if (ifNoneMatchFileHash != null) {
            spec = spec.header("If-None-Match", quote(ifNoneMatchFileHash));
        }
        return transport.call(spec, r -> {
            if (r.code() == 304) {
                return Optional.<ManifestDto>empty();
            }
            ManifestDto m = json.read(r.body(), ManifestDto.class);
            if (!Names.isHash(m.fileHash()) || m.chunks() == null) {
                throw new OxiCloudException.ProtocolViolation("manifest without a valid file hash or chunk list");
            }
            long sum = 0;
            for (ChunkRefDto c : m.chunks()) {
                if (c == null || !Names.isHash(c.h()) || c.s() < 0) {
                    throw new OxiCloudException.ProtocolViolation("manifest with a malformed chunk");
                }
                sum += c.s();
            }
            if (sum != m.totalSize()) {
                throw new OxiCloudException.ProtocolViolation("manifest chunk sizes do not add up to total_size");
            }
            return Optional.of(m);
        });
    }

    @Override
    public void downloadChunks(List<ChunkRefDto> chunks, ChunkSink sink) {
        Map<String, ChunkRefDto> distinct = new LinkedHashMap<>();
        for (ChunkRefDto c : chunks) {
            if (!Names.isHash(c.h()) || c.s() < 1 || c.s() > Limits.MAX_FRAME_BYTES) {
                throw new IllegalArgumentException("chunk must have a lowercase BLAKE3 and 1..1 MiB size");
            }
            distinct.putIfAbsent(c.h(), c);
        }
        List<ChunkRefDto> batch = new ArrayList<>();
        long size = 0;
        for (ChunkRefDto c : distinct.values()) {
            if (!batch.isEmpty() && (size + c.s() > config.limits().downloadBatchBytes()
                    || batch.size() >= MAX_DOWNLOAD_BATCH_CHUNKS)) {
                downloadBatch(batch, sink);
                batch = new ArrayList<>();
                size = 0;
            }
            batch.add(c);
            size += c.s();
        }
        if (!batch.isEmpty()) {
            downloadBatch(batch, sink);
        }
    }

    /** One delta download; after a network failure only the frames not yet delivered are asked for again. */
    private void downloadBatch(List<ChunkRefDto> batch, ChunkSink sink) {
        List<ChunkRefDto> remaining = new ArrayList<>(batch);
        int attempt = 0;
        while (!remaining.isEmpty()) {
            attempt++;
            Set<String> delivered = new LinkedHashSet<>();
            ChunkSink counting = (h, data, len) -> {
                sink.accept(h, data, len);
                delivered.add(h);
            };
            List<ChunkRefDto> ask = List.copyOf(remaining);
            long expectedLength = ask.stream().mapToLong(c -> 4 + c.s()).sum();
            try {
                transport.call(Transport.Spec.of("POST", url("api/files/delta/download").build(),
                        json.body(new HashesDto(ask.stream().map(ChunkRefDto::h).toList()))).idempotent(true).asDelta()
                        .streaming(false), r -> {
                            long declared = r.body().contentLength();
                            if (declared >= 0 && declared != expectedLength) {
                                throw new OxiCloudException.ProtocolViolation("delta download of " + declared
                                        + " bytes where " + expectedLength + " were expected");
                            }
                            try {
                                frames.read(r.body().source(), ask, counting);
                            } catch (IOException e) {
                                if (e instanceof java.io.EOFException) {
                                    throw new OxiCloudException.ProtocolViolation("delta download truncated");
                                }
                                throw transport.errors().fromIo("POST /api/files/delta/download", e);
                            }
                            return null;
                        });
                return;
            } catch (OxiCloudException.NetworkFailure e) {
                remaining.removeIf(c -> delivered.contains(c.h()));
                if (attempt >= config.retryPolicy().maxAttempts()) {
                    throw e;
                }
                sleep(config.retryPolicy().backoff(attempt, config.jitter().getAsDouble()));
            }
        }
    }

    // ---- dedup ----------------------------------------------------------------------------------------------------

    @Override
    public Set<String> ownedHashes(Collection<String> hashes) {
        List<String> all = new ArrayList<>(new LinkedHashSet<>(hashes));
        for (String h : all) {
            if (!Names.isHash(h)) {
                throw new IllegalArgumentException("hashes must be 64 lowercase hex characters");
            }
        }
        Set<String> asked = new HashSet<>(all);
        Set<String> owned = new LinkedHashSet<>();
        for (int i = 0; i < all.size(); i += Limits.MAX_CHECK_BATCH_HASHES) {
            List<String> part = all.subList(i, Math.min(all.size(), i + Limits.MAX_CHECK_BATCH_HASHES));
            OwnedDto r = sendJson("POST", url("api/dedup/check-batch").build(), new HashesDto(List.copyOf(part)),
                    OwnedDto.class, true);
            for (String h : r.owned() == null ? List.<String>of() : r.owned()) {
                if (asked.contains(h)) {
                    owned.add(h);
                }
            }
        }
        return owned;
    }

    @Override
    public void close() {
        client.dispatcher().executorService().shutdown();
        client.connectionPool().evictAll();
    }

    @Override
    public String toString() {
        return "OxiCloudApi[" + base.redact() + ", account=" + config.account() + "]";
    }

    static URI uri(HttpUrl u) {
        return u.uri();
    }
}
