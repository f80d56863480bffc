package org.oxisync.protocol;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.oxisync.protocol.internal.HttpOxiCloudApi;

/**
 * The OxiCloud REST calls a sync client needs (§14 of the protocol reference), one method per endpoint plus a few
 * helpers that split or page. Every method throws only {@link OxiCloudException} subtypes. Thread-safe.
 */
public interface OxiCloudApi extends AutoCloseable {

    static OxiCloudApi create(ApiConfig config) {
        return new HttpOxiCloudApi(config);
    }

    /**
     * Starts preparing, on a background thread, the JDK's TLS trust store and the HTTP client's platform, so that a
     * client created soon after (by {@link #create}) does not wait for them. Optional; for short-lived processes.
     */
    static void warmUp() {
        org.oxisync.protocol.internal.ClientWarmup.start();
    }

    // ---- server -------------------------------------------------------------------------------------------------

    /** {@code GET /api/version}. */
    VersionDto version();

    /** {@code GET /api/version}, then requires an OxiCloud server at or above {@link ServerVersion#MINIMUM}. */
    ServerVersion checkServer();

    /** {@code GET /health}. */
    HealthDto health();

    /** {@code GET /ready}; 503 surfaces as {@link OxiCloudException.ServerError}. */
    HealthDto ready();

    /** Whether the last reply carried {@code X-Server-Status} with {@code readonly: true}: pause writes. */
    boolean serverReadOnly();

    // ---- auth ---------------------------------------------------------------------------------------------------

    /** {@code POST /api/auth/login}; stores the token pair before returning. */
    AuthResponseDto login(String username, String password);

    /** Uses an app password (HTTP Basic) from now on; checks it with {@code GET /api/auth/me} and stores it. */
    UserDto loginWithAppPassword(String username, String appPassword);

    /** {@code POST /api/auth/app-passwords} (needs a session): mints an app password for {@link #loginWithAppPassword}. */
    AppPasswordDto createAppPassword(String label);

    /** {@code POST /api/auth/device/authorize}: show {@code verification_uri_complete} and the user code. */
    DeviceAuthorizationDto startDeviceLogin(String clientName);

    /**
     * Polls {@code POST /api/auth/device/token} every {@code interval} seconds (+5 s on each {@code slow_down}) until
     * the user approves, then stores the token pair. Throws {@link OxiCloudException.LoginFailed} on
     * {@code access_denied}, {@code expired_token} or when {@code expires_in} has passed.
     */
    void completeDeviceLogin(DeviceAuthorizationDto authorization);

    /** Forces a single-flight refresh now (normally automatic before expiry and on 401). */
    void refreshNow();

    /** {@code POST /api/auth/logout} when logged in with tokens; always forgets the stored credentials. */
    void logout();

    /** True while the client holds credentials it has not seen rejected. */
    boolean isLoggedIn();

    /** {@code GET /api/auth/me}. */
    UserDto me();

    // ---- drives and folders -------------------------------------------------------------------------------------

    /** {@code GET /api/drives}. */
    List<DriveDto> drives();

    /** {@code GET /api/folders/{id}}, carrying the tree ETag. */
    FolderDto folder(String folderId);

    /** One page of {@code GET /api/folders/{id}/resources}; {@code limit} 1..200, {@code cursor} may be null. */
    ResourcePage resources(String folderId, int limit, String cursor);

    /** All children of a folder, following {@code next_cursor} lazily (200 per page). */
    Iterator<Resource> allResources(String folderId);

    /** {@code POST /api/batch/folders/get}, split into calls of at most 1000 ids, results merged. */
    BatchFoldersDto folders(List<String> folderIds);

    /** {@code POST /api/folders}. */
    FolderDto createFolder(String parentId, String name);

    /** {@code PUT /api/folders/{id}/rename}. */
    FolderDto renameFolder(String folderId, String newName);

    /** {@code PUT /api/folders/{id}/move}. */
    FolderDto moveFolder(String folderId, String newParentId);

    /** {@code DELETE /api/folders/{id}} (to the trash when enabled). */
    void deleteFolder(String folderId);

    // ---- files --------------------------------------------------------------------------------------------------

    /** {@code POST /api/files/upload}: multipart, {@code folder_id} part first, the file streamed from disk. */
    FileDto upload(String folderId, String name, Path file);

    /** {@code POST /api/files/by-hash}: creates a file from content the caller already owns. */
    FileDto createByHash(String folderId, String name, String hash);

    /**
     * {@code GET /api/files/{id}?original=true} streamed into {@code out}, from byte {@code fromOffset} (a
     * {@code Range} request when above 0). With {@code ifNoneMatchEtag} (unquoted) a 304 returns
     * {@code notModified} and writes nothing.
     */
    DownloadResult download(String fileId, OutputStream out, long fromOffset, String ifNoneMatchEtag);

    /**
     * Downloads into {@code target} through {@code target + ".oxipart"}: resumes an existing part file with
     * {@code Range}, verifies the whole-file BLAKE3 when {@code expectedHash} is given, and only then moves it into
     * place atomically. A hash mismatch deletes the part file; a network failure keeps it for the next resume.
     */
    DownloadResult downloadToFile(String fileId, Path target, String expectedHash, String ifNoneMatchEtag);

    /** {@code GET /api/files/{id}?metadata=true}. */
    FileMetadataDto fileMetadata(String fileId);

    /** {@code PUT /api/files/{id}/rename}. */
    FileDto renameFile(String fileId, String newName);

    /** {@code PUT /api/files/{id}/move}. */
    FileDto moveFile(String fileId, String newFolderId);

    /** {@code DELETE /api/files/{id}} (to the trash when enabled). */
    void deleteFile(String fileId);

    // ---- trash --------------------------------------------------------------------------------------------------

    /** One page of {@code GET /api/trash/resources}. */
    TrashPageDto trash(int limit, String cursor);

    /** {@code POST /api/trash/{id}/restore}. */
    void restoreFromTrash(String trashId);

    // ---- delta --------------------------------------------------------------------------------------------------

    /** {@code POST /api/files/delta/negotiate}: the distinct hashes the server still needs. */
    List<String> negotiate(List<ChunkRefDto> chunks);

    /**
     * {@code PUT /api/files/delta/chunks}: streams the given byte ranges of {@code file} as frames, split into bodies of
     * at most {@link Limits#putBatchBytes()}; checks that the server's echoed hashes equal each slice's hash.
     */
    List<ChunkRefDto> putChunks(Path file, List<ChunkSlice> chunks);

    /** {@code POST /api/files/delta/commit}; 409 {@code still_missing} → {@link OxiCloudException.StillMissing}. */
    FileDto commit(CommitDto commit);

    /** {@code GET /api/files/{id}/manifest}; empty when {@code ifNoneMatchFileHash} matched (304). */
    Optional<ManifestDto> manifest(String fileId, String ifNoneMatchFileHash);

    /**
     * {@code POST /api/files/delta/download} for the distinct chunks, in batches of at most
     * {@link Limits#downloadBatchBytes()}; each frame is checked (size, BLAKE3) before {@code sink} sees it.
     */
    void downloadChunks(List<ChunkRefDto> chunks, ChunkSink sink);

    // ---- dedup --------------------------------------------------------------------------------------------------

    /** {@code POST /api/dedup/check-batch}, split at 10 000 hashes: the subset the caller already owns. */
    Set<String> ownedHashes(Collection<String> hashes);

    /** Releases connections and threads. */
    @Override
    void close();
}
