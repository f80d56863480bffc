package org.oxisync.protocol;

import java.io.OutputStream;
import java.nio.file.Path;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The OxiCloud REST calls a sync client needs (§14 of the protocol reference), one method per endpoint plus a few
 * helpers that split or page. Every method throws only {@link OxiCloudException} subtypes. Thread-safe. The contract
 * only: {@code org.oxisync.protocol.http.HttpOxiCloudApi#create} makes the OkHttp implementation.
 */
public interface OxiCloudApi extends AutoCloseable {

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

    /** {@code GET /api/drives}: every drive the caller holds a role on, with {@code caller_role}, quota and use. */
    List<DriveDto> drives();

    /**
     * Every page of {@code GET /api/grants/incoming/resources}: drives, folders and files shared with the caller,
     * each with the role its permissions amount to. Includes the caller's own Personal drive (its Owner grant).
     */
    List<IncomingShareDto> incomingShares();

    /** {@code GET /api/folders/{id}}, carrying the tree ETag. */
    FolderDto folder(String folderId);

    /**
     * One page of {@code GET /api/folders/{id}/resources}; {@code limit} 1..200, {@code cursor} may be null. Rows
     * with an unsafe name are in {@link ResourcePage#skipped()}, not in the items.
     */
    ResourcePage resources(String folderId, int limit, String cursor);

    /** All children of a folder, following {@code next_cursor} lazily (200 per page); unsafe rows are logged and left out. */
    Iterator<Resource> allResources(String folderId);

    /** As {@link #allResources(String)}, handing each row left out for an unsafe name to {@code onSkipped}. */
    Iterator<Resource> allResources(String folderId, Consumer<SkippedResource> onSkipped);

    /**
     * {@code POST /api/batch/folders/get}, split into calls of at most 1000 ids, results merged. The server's 400 for
     * "all failed" is returned as a result with every id in {@code failed}; folders with an unsafe name are failed too.
     */
    BatchFoldersDto folders(List<String> folderIds);

    /** {@code POST /api/folders}. */
    FolderDto createFolder(String parentId, String name);

    /** {@code PUT /api/folders/{id}/rename}. */
    FolderDto renameFolder(String folderId, String newName);

    /** {@code PUT /api/folders/{id}/move}. */
    FolderDto moveFolder(String folderId, String newParentId);

    /**
     * {@code DELETE /api/folders/{id}}. Not idempotent and never re-sent: on OxiCloud 0.8.7 a second DELETE of an
     * already trashed folder (a retry, or another device) deletes it <em>permanently</em>. The sync engine should use
     * {@link #trashBatch}, which is trash-only.
     */
    void deleteFolder(String folderId);

    // ---- files --------------------------------------------------------------------------------------------------

    /**
     * {@code POST /api/files/upload}: multipart, {@code folder_id} part first, the file streamed from disk. The name
     * arrives byte for byte (quotes, {@code %}, non-ASCII, leading/trailing spaces). A name with CR, LF or another
     * control character cannot go in a header: it is uploaded under a temporary name and renamed; if it also has
     * leading or trailing whitespace (which rename trims) it throws {@link OxiCloudException.NameNotRepresentable}
     * before sending anything. The returned name is the server's.
     */
    FileDto upload(String folderId, String name, Path file);

    /** As {@link #upload(String, String, Path)}; {@code sent} hears the file's bytes written so far as they go out. */
    FileDto upload(String folderId, String name, Path file, java.util.function.LongConsumer sent);

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

    /**
     * {@code PUT /api/files/{id}/rename}. The server trims leading and trailing whitespace, so such names throw
     * {@link OxiCloudException.NameNotRepresentable} before sending.
     */
    FileDto renameFile(String fileId, String newName);

    /** {@code PUT /api/files/{id}/move}. */
    FileDto moveFile(String fileId, String newFolderId);

    /**
     * {@code DELETE /api/files/{id}}. Not idempotent and never re-sent: on OxiCloud 0.8.7 a second DELETE of an
     * already trashed file (a retry, or another device) deletes it <em>permanently</em>. The sync engine should use
     * {@link #trashBatch}, which is trash-only.
     */
    void deleteFile(String fileId);

    // ---- batch --------------------------------------------------------------------------------------------------

    /**
     * {@code POST /api/batch/trash} {@code {file_ids, folder_ids}}: moves to the trash, never deletes permanently;
     * split at 1000 ids per request. Not idempotent: never re-sent by the client. Ids the server did not trash
     * (already trashed, not found, no permission) are in {@link BatchTrashResult#failed()}.
     */
    BatchTrashResult trashBatch(Collection<String> fileIds, Collection<String> folderIds);

    /** {@code POST /api/batch/files/move} {@code {file_ids, target_folder_id}}, 1000 ids per request; not re-sent. */
    BatchFilesDto moveFiles(List<String> fileIds, String targetFolderId);

    /**
     * {@code POST /api/batch/files/get}, split into calls of at most 1000 ids: the files as the server has them now.
     * Not rate-limited (unlike the manifest), so it is how a client re-checks a remote file before replacing it.
     */
    BatchFilesDto files(List<String> fileIds);

    /** {@code POST /api/batch/folders/move} {@code {folder_ids, target_folder_id}}, 1000 ids per request; not re-sent. */
    BatchFoldersDto moveFolders(List<String> folderIds, String targetFolderId);

    // ---- trash --------------------------------------------------------------------------------------------------

    /** One page of {@code GET /api/trash/resources}. */
    TrashPageDto trash(int limit, String cursor);

    /** {@code POST /api/trash/{id}/restore} with {@link TrashItemDto#id()}. */
    void restoreFromTrash(String trashId);

    // ---- delta --------------------------------------------------------------------------------------------------

    /** {@code POST /api/files/delta/negotiate}: the distinct hashes the server still needs. */
    List<String> negotiate(List<ChunkRefDto> chunks);

    /**
     * {@code PUT /api/files/delta/chunks}: streams the given byte ranges of {@code file} as frames, split into bodies of
     * at most {@link Limits#putBatchBytes()}; checks that the server's echoed hashes equal each slice's hash.
     */
    List<ChunkRefDto> putChunks(Path file, List<ChunkSlice> chunks);

    /**
     * As {@link #putChunks(Path, List)}; {@code sent} hears the chunk bytes (frame prefixes not counted) of this call
     * written so far as they go out, never less than it heard before (a retried or split batch does not go back).
     */
    List<ChunkRefDto> putChunks(Path file, List<ChunkSlice> chunks, java.util.function.LongConsumer sent);

    /**
     * {@code PUT /api/files/delta/chunks} with the chunks of several files in one body, in the given order. The
     * server stores what it receives as loose chunks by content, tied to no file and no upload session
     * ({@code delta_upload_handler.rs:193-209} {@code delta_upload_chunks} passes the frames to
     * {@code delta_upload_service.rs:262} {@code store_loose_chunks}); the commit that follows names them. Bodies are
     * split at {@link Limits#putBatchBytes()} between files (a file's chunks stay in one body, so a file above that
     * size gets a body of its own); one request counts once against the server's delta rate limit, so a run that
     * updates many small files spends one delta request for their chunks instead of one per file. Checks the echoed
     * hashes as {@link #putChunks} does; no splitting on the server's 400 "split" (the caller falls back to
     * {@link #putChunks} per file). Returns the server's echo of every chunk, in order.
     */
    List<ChunkRefDto> putChunksOfFiles(List<FileChunks> files);

    /**
     * {@code POST /api/files/delta/commit}; 409 {@code still_missing} → {@link OxiCloudException.StillMissing}. No
     * whole-call limit; the read timeout grows with the file size (the server hashes the whole file before it
     * answers). Not idempotent: after a timeout or a lost reply it checks whether the commit landed (update: manifest
     * 304 for the new hash; create: the folder lists the name with the hash) and returns that file, else re-sends
     * once. A create name with leading or trailing whitespace (trimmed by the server) throws
     * {@link OxiCloudException.NameNotRepresentable} before sending.
     */
    FileDto commit(CommitDto commit);

    /** {@code GET /api/files/{id}/manifest}; empty when {@code ifNoneMatchFileHash} matched (304). */
    Optional<ManifestDto> manifest(String fileId, String ifNoneMatchFileHash);

    /**
     * {@code POST /api/files/delta/download} for the distinct chunks, in batches of at most
     * {@link Limits#downloadBatchBytes()}; each frame is checked (size, BLAKE3) before {@code sink} sees it.
     */
    void downloadChunks(List<ChunkRefDto> chunks, ChunkSink sink);

    /** The account's delta request budget this client draws on (read {@link DeltaBudget#view} for status). */
    DeltaBudget deltaBudget();

    /**
     * Whether a delta request could go out now without waiting: the account's budget is neither paused after a
     * refusal ({@link DeltaBudget#refused}) nor used up. The transfer policy takes the plain endpoints when it is not.
     */
    boolean deltaUsableNow();

    /**
     * How many delta requests could go out now without waiting ({@link DeltaBudget#roomNow}): 0 while the budget is
     * paused after a refusal. A group of small updates sends by delta only as many as fit.
     */
    int deltaRoomNow();

    // ---- dedup --------------------------------------------------------------------------------------------------

    /** {@code POST /api/dedup/check-batch}, split at 10 000 hashes: the subset the caller already owns. */
    Set<String> ownedHashes(Collection<String> hashes);

    /** Releases connections and threads. */
    @Override
    void close();
}
