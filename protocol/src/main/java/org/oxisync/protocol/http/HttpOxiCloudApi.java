package org.oxisync.protocol.http;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import org.oxisync.protocol.ApiConfig;
import org.oxisync.protocol.AppPasswordDto;
import org.oxisync.protocol.AuthResponseDto;
import org.oxisync.protocol.BatchFilesDto;
import org.oxisync.protocol.BatchFoldersDto;
import org.oxisync.protocol.BatchTrashResult;
import org.oxisync.protocol.ChunkRefDto;
import org.oxisync.protocol.ChunkSink;
import org.oxisync.protocol.ChunkSlice;
import org.oxisync.protocol.CommitDto;
import org.oxisync.protocol.DeltaBudget;
import org.oxisync.protocol.DeviceAuthorizationDto;
import org.oxisync.protocol.DownloadResult;
import org.oxisync.protocol.DriveDto;
import org.oxisync.protocol.IncomingShareDto;
import org.oxisync.protocol.FileDto;
import org.oxisync.protocol.FileMetadataDto;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.HealthDto;
import org.oxisync.protocol.ManifestDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.Resource;
import org.oxisync.protocol.ResourcePage;
import org.oxisync.protocol.ServerVersion;
import org.oxisync.protocol.SkippedResource;
import org.oxisync.protocol.TrashPageDto;
import org.oxisync.protocol.UserDto;
import org.oxisync.protocol.VersionDto;

/**
 * The OkHttp implementation of {@link OxiCloudApi}: a thin facade over one class per server resource
 * ({@link ServerCalls}, {@link AuthCalls}, {@link FolderCalls}, {@link DriveCalls}, {@link FileCalls}, {@link TrashCalls},
 * {@link BatchCalls}, {@link DeltaCalls}), which share one {@link Transport}.
 */
public final class HttpOxiCloudApi implements OxiCloudApi {
    private final ApiConfig config;
    private final HttpUrl base;
    private final OkHttpClient client;
    private final Transport transport;
    private final ServerCalls server;
    private final AuthCalls auth;
    private final FolderCalls folders;
    private final DriveCalls drives;
    private final FileCalls files;
    private final TrashCalls trash;
    private final BatchCalls batch;
    private final DeltaCalls delta;

    /** A client for {@code config}'s server; nothing is sent until the first call. */
    public static OxiCloudApi create(ApiConfig config) {
        return new HttpOxiCloudApi(config);
    }

    public HttpOxiCloudApi(ApiConfig config) {
        this.config = config;
        this.base = HttpUrl.get(config.baseUrl().toString());
        Json json = new Json(config.limits().maxJsonBytes());
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
        AuthSession session = new AuthSession(config.account(), config.credentialStore(), config.clock(),
                config.refreshMargin(), json.mapper(), config.listener());
        this.transport = new Transport(client, config, session, new ErrorMapper(json, config.clock()));
        Calls calls = new Calls(config, base, client, json, session, transport);
        this.server = new ServerCalls(calls);
        this.auth = new AuthCalls(calls);
        session.setRefresher(auth::refreshCall);
        this.folders = new FolderCalls(calls);
        this.drives = new DriveCalls(calls);
        BatchCalls[] batchRef = new BatchCalls[1];
        this.files = new FileCalls(calls, id -> batchRef[0].trashQuietly(id));
        this.batch = new BatchCalls(calls, folders);
        batchRef[0] = batch;
        this.trash = new TrashCalls(calls);
        this.delta = new DeltaCalls(calls, files, folders);
    }

    // ---- server ---------------------------------------------------------------------------------------------------

    @Override
    public VersionDto version() {
        return server.version();
    }

    @Override
    public ServerVersion checkServer() {
        return server.checkServer();
    }

    @Override
    public HealthDto health() {
        return server.health();
    }

    @Override
    public HealthDto ready() {
        return server.ready();
    }

    @Override
    public boolean serverReadOnly() {
        return transport.readOnly();
    }

    // ---- auth -----------------------------------------------------------------------------------------------------

    @Override
    public AuthResponseDto login(String username, String password) {
        return auth.login(username, password);
    }

    @Override
    public UserDto loginWithAppPassword(String username, String appPassword) {
        return auth.loginWithAppPassword(username, appPassword);
    }

    @Override
    public AppPasswordDto createAppPassword(String label) {
        return auth.createAppPassword(label);
    }

    @Override
    public DeviceAuthorizationDto startDeviceLogin(String clientName) {
        return auth.startDeviceLogin(clientName);
    }

    @Override
    public void completeDeviceLogin(DeviceAuthorizationDto authorization) {
        auth.completeDeviceLogin(authorization);
    }

    @Override
    public void refreshNow() {
        auth.refreshNow();
    }

    @Override
    public void logout() {
        auth.logout();
    }

    @Override
    public boolean isLoggedIn() {
        return auth.isLoggedIn();
    }

    @Override
    public UserDto me() {
        return auth.me();
    }

    // ---- drives and folders ---------------------------------------------------------------------------------------

    @Override
    public List<DriveDto> drives() {
        return drives.drives();
    }

    @Override
    public List<IncomingShareDto> incomingShares() {
        return drives.incomingShares();
    }

    @Override
    public FolderDto folder(String folderId) {
        return folders.folder(folderId);
    }

    @Override
    public ResourcePage resources(String folderId, int limit, String cursor) {
        return folders.resources(folderId, limit, cursor);
    }

    @Override
    public Iterator<Resource> allResources(String folderId) {
        return folders.allResources(folderId, FolderCalls::logSkipped);
    }

    @Override
    public Iterator<Resource> allResources(String folderId, Consumer<SkippedResource> onSkipped) {
        return folders.allResources(folderId, onSkipped);
    }

    @Override
    public BatchFoldersDto folders(List<String> folderIds) {
        return folders.folders(folderIds);
    }

    @Override
    public FolderDto createFolder(String parentId, String name) {
        return folders.createFolder(parentId, name);
    }

    @Override
    public FolderDto renameFolder(String folderId, String newName) {
        return folders.renameFolder(folderId, newName);
    }

    @Override
    public FolderDto moveFolder(String folderId, String newParentId) {
        return folders.moveFolder(folderId, newParentId);
    }

    @Override
    public void deleteFolder(String folderId) {
        folders.deleteFolder(folderId);
    }

    // ---- files ----------------------------------------------------------------------------------------------------

    @Override
    public FileDto upload(String folderId, String name, Path file) {
        return files.upload(folderId, name, file, n -> { });
    }

    @Override
    public FileDto upload(String folderId, String name, Path file, java.util.function.LongConsumer sent) {
        return files.upload(folderId, name, file, sent);
    }

    @Override
    public FileDto createByHash(String folderId, String name, String hash) {
        return files.createByHash(folderId, name, hash);
    }

    @Override
    public DownloadResult download(String fileId, OutputStream out, long fromOffset, String ifNoneMatchEtag) {
        return files.download(fileId, out, fromOffset, ifNoneMatchEtag);
    }

    @Override
    public DownloadResult downloadToFile(String fileId, Path target, String expectedHash, String ifNoneMatchEtag) {
        return files.downloadToFile(fileId, target, expectedHash, ifNoneMatchEtag);
    }

    @Override
    public FileMetadataDto fileMetadata(String fileId) {
        return files.fileMetadata(fileId);
    }

    @Override
    public FileDto renameFile(String fileId, String newName) {
        return files.renameFile(fileId, newName);
    }

    @Override
    public FileDto moveFile(String fileId, String newFolderId) {
        return files.moveFile(fileId, newFolderId);
    }

    @Override
    public void deleteFile(String fileId) {
        files.deleteFile(fileId);
    }

    // ---- batch ----------------------------------------------------------------------------------------------------

    @Override
    public BatchTrashResult trashBatch(Collection<String> fileIds, Collection<String> folderIds) {
        return batch.trashBatch(fileIds, folderIds);
    }

    @Override
    public BatchFilesDto files(List<String> fileIds) {
        return batch.files(fileIds);
    }

    @Override
    public BatchFilesDto moveFiles(List<String> fileIds, String targetFolderId) {
        return batch.moveFiles(fileIds, targetFolderId);
    }

    @Override
    public BatchFoldersDto moveFolders(List<String> folderIds, String targetFolderId) {
        return batch.moveFolders(folderIds, targetFolderId);
    }

    // ---- trash ----------------------------------------------------------------------------------------------------

    @Override
    public TrashPageDto trash(int limit, String cursor) {
        return trash.trash(limit, cursor);
    }

    @Override
    public void restoreFromTrash(String trashId) {
        trash.restoreFromTrash(trashId);
    }

    // ---- delta ----------------------------------------------------------------------------------------------------

    @Override
    public List<String> negotiate(List<ChunkRefDto> chunks) {
        return delta.negotiate(chunks);
    }

    @Override
    public List<ChunkRefDto> putChunks(Path file, List<ChunkSlice> chunks) {
        return delta.putChunks(file, chunks);
    }

    @Override
    public List<ChunkRefDto> putChunks(Path file, List<ChunkSlice> chunks, java.util.function.LongConsumer sent) {
        return delta.putChunks(file, chunks, sent);
    }

    @Override
    public List<ChunkRefDto> putChunksOfFiles(List<org.oxisync.protocol.FileChunks> files) {
        return delta.putChunksOfFiles(files);
    }

    @Override
    public FileDto commit(CommitDto commit) {
        return delta.commit(commit);
    }

    @Override
    public Optional<ManifestDto> manifest(String fileId, String ifNoneMatchFileHash) {
        return delta.manifest(fileId, ifNoneMatchFileHash);
    }

    @Override
    public void downloadChunks(List<ChunkRefDto> chunks, ChunkSink sink) {
        delta.downloadChunks(chunks, sink);
    }

    @Override
    public DeltaBudget deltaBudget() {
        return transport.budget();
    }

    @Override
    public boolean deltaUsableNow() {
        return transport.budget().usableNow(transport.clock());
    }

    @Override
    public int deltaRoomNow() {
        return transport.budget().roomNow(transport.clock());
    }

    // ---- dedup ----------------------------------------------------------------------------------------------------

    @Override
    public Set<String> ownedHashes(Collection<String> hashes) {
        return delta.ownedHashes(hashes);
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
}
