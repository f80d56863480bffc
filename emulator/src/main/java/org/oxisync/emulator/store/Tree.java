package org.oxisync.emulator.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.oxisync.emulator.bus.TreeListener;
import org.oxisync.emulator.http.Json;
import org.oxisync.emulator.store.Model.FileRow;
import org.oxisync.emulator.store.Model.Folder;
import org.oxisync.emulator.store.Model.Manifest;
import org.oxisync.emulator.store.Model.User;

/**
 * The server's state: users, folders, files, manifests, loose chunks and the auth rows, and the one lock over all of
 * it. Every public method is synchronized on this object; callers that read several rows hold the same lock
 * ({@code synchronized (tree)}). This class is the façade: the work is done, under that lock, by one class per seam:
 * <ul>
 *   <li>{@link Accounts}: users with their Personal drive, Shared drives, grants;</li>
 *   <li>{@link Rows}: the rows and their indexes (children per folder, bytes per user), liveness, names, paths;</li>
 *   <li>{@link Access}: a folder or file as the caller may see it (404 otherwise);</li>
 *   <li>{@link Sharing}: drives, role grants and the ACL decisions;</li>
 *   <li>{@link FolderOps}, {@link FileOps}: what the folder and file endpoints change, with the server's checks;</li>
 *   <li>{@link TrashOps}: the trash, permanent deletes and the retention;</li>
 *   <li>{@link Contents}: manifests, chunk references, loose chunks, pins and what each user owns;</li>
 *   <li>{@link TreeEtags}: the (delayed) tree-ETag bumps; {@link Changes}: version, persistence and events;</li>
 *   <li>{@link SnapshotIo} and {@link Persister}: {@code metadata.json}.</li>
 * </ul>
 */
public final class Tree implements AutoCloseable {
    /** Trash retention, hard-coded on the real server (reference §5.4). */
    public static final Duration TRASH_RETENTION = TrashOps.RETENTION;
    public static final String ROOT_NAME = "Personal";

    private final Clock clock;
    private final ChunkStore chunks;
    private final Persister persister;
    private final Changes changes;
    final Rows rows = new Rows();
    /** Drives, role grants and the ACL decisions. */
    final Sharing sharing;
    final Contents contents;
    private final Access access;
    private final Accounts accounts;
    private final TreeDrives drives;
    private final TreeEtags etags;
    private final TrashOps trash;
    private final FolderOps folderOps;
    private final FileOps fileOps;

    /** Auth rows, managed by the auth service under this lock. */
    public final Map<String, Model.Session> sessions = new LinkedHashMap<>();
    public final Map<String, Model.AppPassword> appPasswords = new LinkedHashMap<>();
    public final Map<String, Model.DeviceCode> deviceCodes = new LinkedHashMap<>();
    private String jwtSecret;

    public Tree(Path dataDir, Clock clock, Duration flushDelay) throws IOException {
        this.clock = clock;
        Files.createDirectories(dataDir);
        this.chunks = new ChunkStore(dataDir);
        Path meta = dataDir.resolve("metadata.json");
        this.persister = new Persister(meta, this::writeSnapshot);
        this.changes = new Changes(persister);
        this.sharing = new Sharing(rows, clock);
        this.contents = new Contents(rows, chunks, clock);
        this.access = new Access(rows, sharing);
        this.accounts = new Accounts(rows, sharing, clock);

        if (Files.exists(meta)) {
            long start = System.nanoTime();
            jwtSecret = SnapshotIo.load(Json.MAPPER.readValue(meta.toFile(), Model.Snapshot.class), this);
            rows.users.values().forEach(accounts::ensurePersonalDrive); // snapshots written before drives were rows
            persister.expectWriteMillis((System.nanoTime() - start) / 1_000_000);
        }
        if (jwtSecret == null) {
            byte[] b = new byte[32];
            new java.security.SecureRandom().nextBytes(b);
            jwtSecret = java.util.HexFormat.of().formatHex(b);
        }
        this.etags = new TreeEtags(this, rows, changes, clock, flushDelay);
        this.trash = new TrashOps(rows, sharing, contents, etags, changes, clock);
        this.drives = new TreeDrives(this, rows, sharing, accounts, trash);
        this.folderOps = new FolderOps(rows, access, sharing, trash, etags, changes, clock);
        this.fileOps = new FileOps(rows, access, sharing, contents, trash, etags, changes, clock);
    }

    public ChunkStore chunks() { return chunks; }
    public Clock clock() { return clock; }
    public synchronized String jwtSecret() { return jwtSecret; }

    public long now() {
        return clock.instant().getEpochSecond();
    }

    // ------------------------------------------------------------------ persistence and changes

    private synchronized void writeSnapshot(java.io.OutputStream out) throws IOException {
        SnapshotIo.write(this, jwtSecret, out);
    }

    /**
     * Defers every metadata write until {@link #releasePersistence} (bulk seeding: one snapshot at the end instead
     * of one every couple of seconds, each of the whole tree). Pair every call with a release in a finally block.
     */
    public void holdPersistence() {
        persister.hold();
    }

    /** Ends {@link #holdPersistence}; the last release writes the snapshot now if anything changed. */
    public void releasePersistence() throws IOException {
        persister.release();
    }

    /** Marks the state changed: persisted shortly, caches invalidated. */
    public synchronized void changed() {
        changes.changed();
    }

    /** Sets who hears about tree changes (the real-time bus). */
    public void treeListener(TreeListener listener) {
        changes.listener(listener);
    }

    /** Applies pending tree-ETag bumps now (used by tests with a delayed flush). */
    public synchronized void flushTreeEtags() {
        etags.applyDirty();
        changed();
    }

    @Override
    public void close() throws IOException {
        etags.close();
        persister.close();
    }

    // ------------------------------------------------------------------ users

    public synchronized User createUser(String username, String email, String passwordHash, long quota) {
        User u = accounts.createUser(username, email, passwordHash, quota);
        changed();
        return u;
    }

    public synchronized List<User> allUsers() {
        return new ArrayList<>(rows.users.values());
    }

    public synchronized User userByName(String username) {
        for (User u : rows.users.values()) {
            if (u.username.equals(username)) {
                return u;
            }
        }
        return null;
    }

    public synchronized User userByEmail(String email) {
        for (User u : rows.users.values()) {
            if (u.email.equalsIgnoreCase(email)) {
                return u;
            }
        }
        return null;
    }

    public synchronized User user(String id) {
        return rows.users.get(id);
    }

    /** The user's own usage: the bytes of their Personal drive only (storage_usage_service.rs:88-120). */
    public synchronized long usage(String userId) {
        return sharing.userUsage(userId);
    }

    public synchronized void checkQuotaFor(String userId, long extra) {
        sharing.checkUserQuota(userId, extra);
    }

    // ------------------------------------------------------------------ drives and grants

    /** Drives, memberships and grants, under this tree's lock (see {@link TreeDrives}). */
    public TreeDrives drives() {
        return drives;
    }

    /**
     * The server's {@code authz.require} on a folder or file the caller can see (look it up with
     * {@link #anyFolder}/{@link #file} first): 403 "Missing 'P' permission on Kind id" when the role lacks
     * {@code permission} ({@code read}, {@code create}, {@code update}, {@code delete}).
     */
    public synchronized void requireOnFolder(String userId, String permission, String folderId) {
        sharing.require(userId, permission, access.anyFolder(userId, folderId));
    }

    public synchronized void requireOnFile(String userId, String permission, String fileId) {
        sharing.require(userId, permission, access.anyFile(userId, fileId));
    }

    /** The per-drive cap of the folder's drive, checked on creates (storage_usage_service.rs:533-569). */
    public synchronized void checkDriveQuotaFor(String folderId, long extra) {
        Folder f = rows.folders.get(folderId);
        if (f != null) {
            sharing.checkDriveQuota(f.driveId, extra);
        }
    }

    /** The caller's role on a folder or file (drive role or cascaded grant); null when it may not read it. */
    public synchronized DriveRole roleOn(String userId, Object item) {
        if (item instanceof Folder f) {
            return sharing.role(userId, f);
        }
        return sharing.role(userId, (FileRow) item);
    }

    // ------------------------------------------------------------------ lookups

    /** Every file row of the user, live, trashed or inside a trashed folder (for test observers). */
    public synchronized List<FileRow> allFilesOf(String userId) {
        List<FileRow> out = new ArrayList<>();
        for (FileRow f : rows.files.values()) {
            if (f.ownerId.equals(userId)) {
                out.add(f);
            }
        }
        return out;
    }

    public synchronized boolean isLive(Folder f) { return rows.isLive(f); }
    public synchronized boolean isLive(FileRow f) { return rows.isLive(f); }

    /** A live folder of the caller; 404 otherwise (denial looks like absence). */
    public synchronized Folder folder(String userId, String id) { return access.folder(userId, id); }

    /** A folder of the caller whether or not it is in the trash (see {@link Access#anyFolder}). */
    public synchronized Folder anyFolder(String userId, String id) { return access.anyFolder(userId, id); }

    /** A file of the caller whether or not it is in the trash (authZ ignores the trash state). */
    public synchronized FileRow anyFile(String userId, String id) { return access.anyFile(userId, id); }

    public synchronized FileRow file(String userId, String id) { return access.file(userId, id); }

    public synchronized List<Folder> liveChildFolders(String folderId) { return rows.liveChildFolders(folderId); }

    public synchronized List<FileRow> liveChildFiles(String folderId) { return rows.liveChildFiles(folderId); }

    /**
     * A number that changes whenever any row, name, place, trash state or content of the tree may have (callers hold
     * the tree's lock): what a listing computed under the lock stays valid for.
     */
    public synchronized long version() { return rows.version() + changes.version(); }

    public synchronized String folderPath(Folder f) { return rows.folderPath(f); }

    public synchronized String filePath(FileRow f) {
        return rows.folderPath(rows.folders.get(f.folderId)) + "/" + f.name;
    }

    public synchronized Folder folderRow(String id) { return rows.folders.get(id); }

    public synchronized FileRow fileRow(String id) { return rows.files.get(id); }

    // ------------------------------------------------------------------ folders (FolderOps)

    public synchronized Folder createFolder(String userId, String parentId, String rawName) {
        return folderOps.create(userId, parentId, rawName);
    }

    public synchronized Folder renameFolder(String userId, String id, String rawName) {
        return folderOps.rename(userId, id, rawName);
    }

    public synchronized Folder moveFolder(String userId, String id, String newParentId) {
        return folderOps.move(userId, id, newParentId);
    }

    /** {@code DELETE /api/folders/{id}}; true when it was deleted for good (see {@link FolderOps#delete}). */
    public synchronized boolean deleteFolder(String userId, String id) { return folderOps.delete(userId, id); }

    public synchronized void trashFolder(String userId, String id) { folderOps.trash(userId, id); }

    /** A live folder and its subtree deleted for good, no trash (see {@link FolderOps#deleteLiveForGood}). */
    public synchronized void deleteLiveFolderForGood(String userId, String id) { folderOps.deleteLiveForGood(userId, id); }

    /**
     * The trash-only path ({@code DELETE /api/trash/...}, {@code POST /api/batch/trash}): an item already in the trash
     * is a 500 (see {@link FolderOps#trashOnly}).
     */
    public synchronized void trashOnly(String userId, String id, boolean folder) {
        if (folder) {
            folderOps.trashOnly(userId, id);
        } else {
            fileOps.trashOnly(userId, id);
        }
    }

    // ------------------------------------------------------------------ files (FileOps)

    /** Result of a create: the row, and whether it is new (false = idempotent identical content). */
    public record Created(FileRow file, boolean isNew) {}

    /**
     * Checks, before any bytes are stored, that creating {@code name} with {@code hash} is possible:
     * returns the existing identical file (idempotent), or throws 404/409/507.
     */
    public synchronized FileRow precheckCreate(String userId, String folderId, String name, String hash, long size) {
        return fileOps.precheckCreate(userId, folderId, name, hash, size);
    }

    /** Creates a file row for content whose manifest is given (registered if new). */
    public synchronized Created createFile(String userId, String folderId, String name, String hash, long size,
                                           String mime, Manifest manifest) {
        FileRow existing = fileOps.precheckCreate(userId, folderId, name, hash, size);
        if (existing != null) {
            return new Created(existing, false);
        }
        return new Created(fileOps.insert(userId, rows.folders.get(folderId), name, hash, size, mime, manifest), true);
    }

    /**
     * Adds a file row once the caller has made {@link #precheckCreate}'s checks (or the same checks for a batch, as
     * {@link Seeding} does).
     */
    synchronized FileRow insertFile(String userId, Folder parent, String name, String hash, long size, String mime,
                                    Manifest manifest) {
        return fileOps.insert(userId, parent, name, hash, size, mime, manifest);
    }

    /** Swaps a file's content (delta update mode, remote edits); keeps id and name. */
    public synchronized FileRow updateContent(String userId, String fileId, String hash, long size, String mime,
                                              Manifest manifest) {
        return fileOps.updateContent(userId, fileId, hash, size, mime, manifest);
    }

    public synchronized FileRow renameFile(String userId, String id, String rawName) {
        return fileOps.rename(userId, id, rawName);
    }

    /** A copy of a live file into a folder, sharing its content (see {@link FileOps#copy}). */
    public synchronized FileRow copyFile(String userId, String id, String targetFolderId) {
        return fileOps.copy(userId, id, targetFolderId);
    }

    public synchronized FileRow moveFile(String userId, String id, String targetFolderId) {
        return fileOps.move(userId, id, targetFolderId);
    }

    /** {@code DELETE /api/files/{id}}: trashes a live file, deletes an already-trashed one for good. */
    public synchronized boolean deleteFile(String userId, String id) { return fileOps.delete(userId, id); }

    public synchronized void trashFile(String userId, String id) { fileOps.trash(userId, id); }

    // ------------------------------------------------------------------ trash (TrashOps)

    /** Trashed rows of every drive the user is a member of: folders first, then files, newest first. */
    public synchronized List<Object> trashItems(String userId) { return trash.items(userId); }

    /** Restores a trashed row (Delete needed); an id not in the trash succeeds, as on the server (TrashOps). */
    public synchronized void restore(String userId, String id) { trash.restore(userId, id); }

    /** Permanently deletes a trashed row (and a folder's whole subtree). */
    public synchronized void deletePermanently(String userId, String id) {
        trash.deletePermanently(userId, id);
        changed();
    }

    /** Every trashed row of every drive where the user holds Delete, whoever trashed it. */
    public synchronized void emptyTrash(String userId) {
        trash.empty(userId);
        changed();
    }

    /** The trash of one drive: 404 for a non-member, 403 for a member without Delete. */
    public synchronized void emptyDriveTrash(String userId, String driveId) {
        trash.emptyDrive(userId, driveId);
        changed();
    }

    /**
     * Garbage collection: purges trash older than 30 days, then deletes loose chunks orphaned longer
     * than {@code grace} ago that nothing references or pins. Returns the number of chunks deleted.
     */
    public synchronized int collectGarbage(Duration grace) throws IOException {
        trash.purgeExpired();
        int deleted = contents.sweepLoose(grace);
        changed();
        return deleted;
    }

    // ------------------------------------------------------------------ content (Contents)

    public synchronized Manifest manifest(String hash) { return contents.manifest(hash); }

    /** Records a freshly stored (or re-sent) chunk as a loose orphan unless a manifest references it. */
    public synchronized void addLoose(String hash) {
        if (contents.addLoose(hash)) {
            changed();
        }
    }

    public synchronized boolean isLoose(String hash) { return contents.isLoose(hash); }

    public synchronized Set<String> looseChunkHashes() { return contents.looseChunkHashes(); }

    /** Whole-file hashes of the user's files, trashed ones included, with their sizes. */
    public synchronized Map<String, Long> ownedHashes(String userId) { return contents.ownedHashes(userId); }

    /** The MIME type of one of the user's files with this content. */
    public synchronized String ownedMime(String userId, String hash) { return contents.ownedMime(userId, hash); }

    /** Chunk hashes reachable through the user's files (trashed ones included), with their sizes. */
    public synchronized Map<String, Long> ownedChunks(String userId) { return contents.ownedChunks(userId); }

    /**
     * Pins the distinct chunks the user may use (owned or loose orphans) against GC; returns those that
     * cannot be pinned (nothing is pinned then).
     */
    public synchronized List<String> pin(String userId, Collection<String> distinct) {
        return contents.pin(userId, distinct);
    }

    public synchronized void unpin(Collection<String> distinct) { contents.unpin(distinct); }
}
