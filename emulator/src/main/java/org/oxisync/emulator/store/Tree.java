package org.oxisync.emulator.store;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.http.Json;
import org.oxisync.emulator.store.Model.FileRow;
import org.oxisync.emulator.store.Model.Folder;
import org.oxisync.emulator.store.Model.Manifest;
import org.oxisync.emulator.store.Model.User;

/**
 * The server's state: users, folders, files, manifests, loose chunks and the auth rows. Every method is
 * synchronized on this object; callers that read several rows hold the same lock
 * ({@code synchronized (tree)}). Each mutation marks the snapshot dirty and bumps tree ETags.
 */
public final class Tree implements AutoCloseable {
    /** Trash retention, hard-coded on the real server (reference §5.4). */
    public static final Duration TRASH_RETENTION = Duration.ofDays(30);
    public static final String ROOT_NAME = "Personal";

    private final Clock clock;
    private final ChunkStore chunks;
    private final Duration flushDelay;
    private final Persister persister;
    private final ScheduledExecutorService flusher;

    final Map<String, User> users = new LinkedHashMap<>();
    final Map<String, Folder> folders = new HashMap<>();
    final Map<String, FileRow> files = new HashMap<>();
    private final Map<String, Set<String>> childFolders = new HashMap<>();
    private final Map<String, Set<String>> childFiles = new HashMap<>();
    private final Map<String, Manifest> manifests = new HashMap<>();
    private final Map<String, Long> looseChunks = new HashMap<>();
    /** Per chunk, how many manifests reference it. */
    private final Map<String, Integer> chunkRefs = new HashMap<>();
    private final Map<String, Integer> pinned = new HashMap<>();
    private final Map<String, Long> usage = new HashMap<>();
    private final Set<String> dirtyFolders = new LinkedHashSet<>();
    private long version;
    private final OwnedIndex owned = new OwnedIndex();
    /** Drives, role grants and the ACL decisions. */
    final Sharing sharing = new Sharing(this);

    /** Auth rows, managed by the auth service under this lock. */
    public final Map<String, Model.Session> sessions = new LinkedHashMap<>();
    public final Map<String, Model.AppPassword> appPasswords = new LinkedHashMap<>();
    public final Map<String, Model.DeviceCode> deviceCodes = new LinkedHashMap<>();
    private String jwtSecret;
    /** Told about every change (the real-time bus); never blocks. */
    private volatile org.oxisync.emulator.bus.TreeListener treeListener = org.oxisync.emulator.bus.TreeListener.NONE;

    public Tree(Path dataDir, Clock clock, Duration flushDelay) throws IOException {
        this.clock = clock;
        this.flushDelay = flushDelay;
        Files.createDirectories(dataDir);
        this.chunks = new ChunkStore(dataDir);
        Path meta = dataDir.resolve("metadata.json");
        if (Files.exists(meta)) {
            load(Json.MAPPER.readValue(meta.toFile(), Model.Snapshot.class));
        }
        if (jwtSecret == null) {
            byte[] b = new byte[32];
            new java.security.SecureRandom().nextBytes(b);
            jwtSecret = java.util.HexFormat.of().formatHex(b);
        }
        this.persister = new Persister(meta, this::writeSnapshot);
        // tree_etag_flush_service.rs:28-33, 160-163; config.rs:249-250, 1290: a background task that wakes every
        // OXICLOUD_TREE_ETAG_FLUSH_MS (500 ms) and bumps the queued ancestors; zero = synchronous bumps instead
        this.flusher = flushDelay.isZero() ? null : Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "emulator-tree-etag-flush");
            t.setDaemon(true);
            return t;
        });
        if (flusher != null) {
            long period = Math.max(1, flushDelay.toMillis());
            flusher.scheduleAtFixedRate(this::flushDirty, period, period, TimeUnit.MILLISECONDS);
        }
    }

    public ChunkStore chunks() { return chunks; }
    public Clock clock() { return clock; }
    public synchronized String jwtSecret() { return jwtSecret; }

    public long now() {
        return clock.instant().getEpochSecond();
    }

    // ------------------------------------------------------------------ persistence

    private void load(Model.Snapshot s) {
        jwtSecret = s.jwtSecret;
        s.users.forEach(u -> users.put(u.id, u));
        s.folders.forEach(f -> {
            folders.put(f.id, f);
            if (f.parentId != null) {
                childFolders.computeIfAbsent(f.parentId, k -> new LinkedHashSet<>()).add(f.id);
            }
        });
        sharing.load(s);
        s.files.forEach(f -> {
            files.put(f.id, f);
            childFiles.computeIfAbsent(f.folderId, k -> new LinkedHashSet<>()).add(f.id);
            usage.merge(f.ownerId, f.size, Long::sum);
            sharing.addUsage(f.driveId, f.size);
        });
        users.values().forEach(this::ensurePersonalDrive); // snapshots written before drives were rows
        s.manifests.forEach(this::putManifest);
        looseChunks.putAll(s.looseChunks);
        s.sessions.forEach(x -> sessions.put(x.token, x));
        s.appPasswords.forEach(x -> appPasswords.put(x.id, x));
        s.deviceCodes.forEach(x -> deviceCodes.put(x.deviceCode, x));
        files.values().forEach(f -> owned.add(f.ownerId, f.hash, f.size, manifests.get(f.hash)));
    }

    /** Serializes the whole state into {@code out} under the lock (the manifests map itself, not a copy of it). */
    private synchronized void writeSnapshot(java.io.OutputStream out) throws IOException {
        Model.Snapshot s = new Model.Snapshot();
        s.jwtSecret = jwtSecret;
        s.users.addAll(users.values());
        s.folders.addAll(folders.values());
        s.files.addAll(files.values());
        s.manifests = manifests;
        s.looseChunks.putAll(looseChunks);
        s.sessions.addAll(sessions.values());
        s.appPasswords.addAll(appPasswords.values());
        s.deviceCodes.addAll(deviceCodes.values());
        sharing.save(s);
        try (com.fasterxml.jackson.core.JsonGenerator g = Json.MAPPER.createGenerator(out)) {
            g.disable(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET); // the persister forces it
            Json.MAPPER.writeValue(g, s);
        }
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
        version++;
        persister.markDirty();
    }

    @Override
    public void close() throws IOException {
        if (flusher != null) {
            flusher.shutdownNow();
            synchronized (this) {
                applyDirty();
            }
        }
        persister.close();
    }

    // ------------------------------------------------------------------ users

    public synchronized User createUser(String username, String email, String passwordHash, long quota) {
        long now = now();
        User u = new User();
        u.id = UUID.randomUUID().toString();
        u.username = username;
        u.email = email;
        u.passwordHash = passwordHash;
        u.quotaBytes = quota;
        u.driveId = UUID.randomUUID().toString();
        u.createdAt = now;
        u.updatedAt = now;
        Folder root = new Folder();
        root.id = UUID.randomUUID().toString();
        root.name = ROOT_NAME;
        root.driveId = u.driveId;
        root.ownerId = u.id;
        root.createdAt = now;
        root.modifiedAt = now;
        root.treeModifiedAt = now;
        folders.put(root.id, root);
        u.rootFolderId = root.id;
        users.put(u.id, u);
        ensurePersonalDrive(u);
        changed();
        return u;
    }

    /**
     * The user's Personal drive row and its Owner grant (granted by the user), as the drive lifecycle hook seeds them
     * (migrations/20260802100001_drives_backfill.sql:238-245).
     */
    private void ensurePersonalDrive(User u) {
        if (!sharing.drives.containsKey(u.driveId)) {
            Model.Drive d = new Model.Drive();
            d.id = u.driveId;
            d.kind = "personal";
            d.defaultForUser = u.id;
            d.rootFolderId = u.rootFolderId;
            d.createdAt = u.createdAt;
            d.updatedAt = u.updatedAt;
            sharing.drives.put(d.id, d);
        }
        if (sharing.driveRole(u.id, u.driveId) == null) {
            sharing.grant(u.id, "drive", u.driveId, DriveRole.OWNER, u.id);
        }
    }

    // ------------------------------------------------------------------ drives and grants

    /** Creates a Shared drive named {@code name} (its root folder's name); {@code creatorId} becomes its Owner. */
    public synchronized Model.Drive createSharedDrive(String name, String creatorId, Long quotaBytes) {
        long now = now();
        Folder root = new Folder();
        root.id = UUID.randomUUID().toString();
        root.name = Names.validate(name);
        root.ownerId = creatorId;
        root.createdAt = now;
        root.modifiedAt = now;
        root.treeModifiedAt = now;
        Model.Drive d = sharing.createDrive("shared", null, root.id, quotaBytes);
        root.driveId = d.id;
        folders.put(root.id, root);
        sharing.grant(creatorId, "drive", d.id, DriveRole.OWNER, creatorId);
        changed();
        return d;
    }

    /** Sets (adds or changes) a user's role on a drive, a folder or a file. */
    public synchronized Model.Grant grant(String userId, String resourceType, String resourceId, DriveRole role,
                                          String grantedBy) {
        boolean known = switch (resourceType) {
            case "drive" -> sharing.drives.containsKey(resourceId);
            case "folder" -> folders.containsKey(resourceId);
            case "file" -> files.containsKey(resourceId);
            default -> false;
        };
        if (!known || !users.containsKey(userId)) {
            throw ApiError.notFound(resourceType);
        }
        Model.Grant g = sharing.grant(userId, resourceType, resourceId, role, grantedBy);
        changed();
        return g;
    }

    public synchronized boolean revoke(String userId, String resourceType, String resourceId) {
        boolean removed = sharing.revoke(userId, resourceType, resourceId);
        changed();
        return removed;
    }

    public synchronized void setDriveQuota(String driveId, Long quotaBytes) {
        Model.Drive d = sharing.drives.get(driveId);
        if (d == null) {
            throw ApiError.notFound("Drive");
        }
        d.quotaBytes = quotaBytes;
        d.updatedAt = now();
        changed();
    }

    public synchronized Model.Drive drive(String driveId) {
        return sharing.drives.get(driveId);
    }

    public synchronized List<Model.Drive> readableDrives(String userId) {
        return sharing.readableDrives(userId);
    }

    /** The caller's role on a drive (its membership); null = none. */
    public synchronized DriveRole driveRole(String userId, String driveId) {
        return sharing.driveRole(userId, driveId);
    }

    public synchronized long driveUsage(String driveId) {
        return sharing.usage(driveId);
    }

    public synchronized List<Model.Grant> incomingGrants(String userId) {
        return sharing.incoming(userId);
    }

    /**
     * The server's {@code authz.require} on a folder or file the caller can see (look it up with
     * {@link #anyFolder}/{@link #file} first): 403 "Missing 'P' permission on Kind id" when the role lacks
     * {@code permission} ({@code read}, {@code create}, {@code update}, {@code delete}).
     */
    public synchronized void requireOnFolder(String userId, String permission, String folderId) {
        sharing.require(userId, permission, anyFolder(userId, folderId));
    }

    public synchronized void requireOnFile(String userId, String permission, String fileId) {
        sharing.require(userId, permission, anyFile(userId, fileId));
    }

    /** The per-drive cap of the folder's drive, checked on creates (storage_usage_service.rs:533-569). */
    public synchronized void checkDriveQuotaFor(String folderId, long extra) {
        Folder f = folders.get(folderId);
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

    public synchronized List<User> allUsers() {
        return new ArrayList<>(users.values());
    }

    public synchronized User userByName(String username) {
        for (User u : users.values()) {
            if (u.username.equals(username)) {
                return u;
            }
        }
        return null;
    }

    public synchronized User userByEmail(String email) {
        for (User u : users.values()) {
            if (u.email.equalsIgnoreCase(email)) {
                return u;
            }
        }
        return null;
    }

    public synchronized User user(String id) {
        return users.get(id);
    }

    public synchronized long usage(String userId) {
        return usage.getOrDefault(userId, 0L);
    }

    private void checkQuota(String userId, long extra) {
        User u = users.get(userId);
        if (u != null && u.quotaBytes > 0 && usage(userId) + extra > u.quotaBytes) {
            throw ApiError.quota();
        }
    }

    public synchronized void checkQuotaFor(String userId, long extra) {
        checkQuota(userId, extra);
    }

    // ------------------------------------------------------------------ lookups

    /** Every file row of the user, live, trashed or inside a trashed folder (for test observers). */
    public synchronized List<FileRow> allFilesOf(String userId) {
        List<FileRow> out = new ArrayList<>();
        for (FileRow f : files.values()) {
            if (f.ownerId.equals(userId)) {
                out.add(f);
            }
        }
        return out;
    }

    public synchronized boolean isLive(Folder f) {
        for (Folder x = f; x != null; x = x.parentId == null ? null : folders.get(x.parentId)) {
            if (x.trashed) {
                return false;
            }
        }
        return true;
    }

    public synchronized boolean isLive(FileRow f) {
        return !f.trashed && isLive(folders.get(f.folderId));
    }

    /** A live folder of the caller; 404 otherwise (denial looks like absence). */
    public synchronized Folder folder(String userId, String id) {
        Folder f = folders.get(id);
        if (f == null || sharing.role(userId, f) == null || !isLive(f)) {
            throw ApiError.notFound("Folder");
        }
        return f;
    }

    /**
     * A folder of the caller whether or not it is in the trash: the server's authZ looks the drive up with no
     * {@code is_trashed} filter (pg_acl_engine.rs:731-743, folder_db_repository.rs:1479-1486), and the file INSERT and
     * folder create read the parent with none either (file_blob_write_repository.rs:313-330,
     * folder_db_repository.rs:274-282). 404 only when it does not exist or is not the caller's.
     */
    public synchronized Folder anyFolder(String userId, String id) {
        Folder f = folders.get(id);
        if (f == null || sharing.role(userId, f) == null) {
            throw ApiError.notFound("Folder");
        }
        return f;
    }

    /** A file of the caller whether or not it is in the trash (authZ ignores the trash state). */
    public synchronized FileRow anyFile(String userId, String id) {
        FileRow f = files.get(id);
        if (f == null || sharing.role(userId, f) == null) {
            throw ApiError.notFound("File");
        }
        return f;
    }

    public synchronized FileRow file(String userId, String id) {
        FileRow f = files.get(id);
        if (f == null || sharing.role(userId, f) == null || !isLive(f)) {
            throw ApiError.notFound("File");
        }
        return f;
    }

    public synchronized List<Folder> liveChildFolders(String folderId) {
        List<Folder> out = new ArrayList<>();
        for (String id : childFolders.getOrDefault(folderId, Set.of())) {
            Folder f = folders.get(id);
            if (!f.trashed) {
                out.add(f);
            }
        }
        return out;
    }

    public synchronized List<FileRow> liveChildFiles(String folderId) {
        List<FileRow> out = new ArrayList<>();
        for (String id : childFiles.getOrDefault(folderId, Set.of())) {
            FileRow f = files.get(id);
            if (!f.trashed) {
                out.add(f);
            }
        }
        return out;
    }

    private Folder liveFolderNamed(String parentId, String name) {
        for (Folder f : liveChildFolders(parentId)) {
            if (f.name.equals(name)) {
                return f;
            }
        }
        return null;
    }

    private FileRow liveFileNamed(String folderId, String name) {
        for (FileRow f : liveChildFiles(folderId)) {
            if (f.name.equals(name)) {
                return f;
            }
        }
        return null;
    }

    public synchronized String folderPath(Folder f) {
        StringBuilder sb = new StringBuilder();
        for (Folder x = f; x != null; x = x.parentId == null ? null : folders.get(x.parentId)) {
            sb.insert(0, "/" + x.name);
        }
        return sb.toString();
    }

    public synchronized String filePath(FileRow f) {
        return folderPath(folders.get(f.folderId)) + "/" + f.name;
    }

    public synchronized Folder folderRow(String id) {
        return folders.get(id);
    }

    public synchronized FileRow fileRow(String id) {
        return files.get(id);
    }

    /** Sets who hears about tree changes (the real-time bus). */
    public void treeListener(org.oxisync.emulator.bus.TreeListener listener) {
        this.treeListener = listener == null ? org.oxisync.emulator.bus.TreeListener.NONE : listener;
    }

    private void publish(String userId, String event, String id, String... folderIds) {
        treeListener.changed(new org.oxisync.emulator.bus.TreeEvent(userId, event, id, List.of(folderIds)));
    }

    // ------------------------------------------------------------------ tree ETags

    /** Bumps {@code folderId} and every ancestor (the strict ancestors of the changed item). */
    private void bumpFrom(String folderId) {
        for (Folder x = folderId == null ? null : folders.get(folderId); x != null;
             x = x.parentId == null ? null : folders.get(x.parentId)) {
            if (flusher == null) {
                bump(x);
            } else {
                dirtyFolders.add(x.id);
            }
        }
    }

    private void bump(Folder f) {
        f.treeModifiedAt = Math.max(now(), f.treeModifiedAt + 1);
    }

    private synchronized void flushDirty() {
        try {
            if (!dirtyFolders.isEmpty()) {
                applyDirty();
                changed();
            }
        } catch (RuntimeException e) {
            // keep the periodic task alive
        }
    }

    private void applyDirty() {
        for (String id : dirtyFolders) {
            Folder f = folders.get(id);
            if (f != null) {
                bump(f);
            }
        }
        dirtyFolders.clear();
    }

    // ------------------------------------------------------------------ folders

    public synchronized Folder createFolder(String userId, String parentId, String rawName) {
        Folder parent = anyFolder(userId, parentId); // a trashed parent is accepted (folder_db_repository.rs:274-282)
        sharing.require(userId, "create", parent); // folder_service.rs:360-366
        String name = Names.validate(rawName);
        if (liveFolderNamed(parent.id, name) != null) {
            throw ApiError.rest(409, "AlreadyExists", "Folder '" + name + "' already exists");
        }
        long now = now();
        Folder f = new Folder();
        f.id = UUID.randomUUID().toString();
        f.name = name;
        f.parentId = parent.id;
        f.driveId = parent.driveId;
        f.ownerId = userId;
        f.createdAt = now;
        f.modifiedAt = now;
        f.treeModifiedAt = now;
        folders.put(f.id, f);
        childFolders.computeIfAbsent(parent.id, k -> new LinkedHashSet<>()).add(f.id);
        bumpFrom(parent.id);
        changed();
        publish(userId, "folder_created", f.id, parent.id);
        return f;
    }

    public synchronized Folder renameFolder(String userId, String id, String rawName) {
        Folder f = folder(userId, id);
        if (f.parentId == null) {
            throw ApiError.rest(403, "AccessDenied", "The root folder cannot be renamed");
        }
        sharing.require(userId, "update", f); // folder_service.rs:723-735
        String name = Names.validate(rawName);
        if (!name.equals(f.name)) {
            if (liveFolderNamed(f.parentId, name) != null) {
                throw ApiError.rest(409, "AlreadyExists", "Folder '" + name + "' already exists");
            }
            f.name = name;
        }
        f.modifiedAt = now();
        bumpFrom(f.parentId);
        changed();
        publish(userId, "folder_renamed", f.id, f.parentId, f.id);
        return f;
    }

    public synchronized Folder moveFolder(String userId, String id, String newParentId) {
        Folder f = folder(userId, id);
        if (f.parentId == null) {
            throw ApiError.rest(403, "AccessDenied", "The root folder cannot be moved");
        }
        sharing.require(userId, "update", f); // Update on the source, Create on the target (folder_service.rs:808-835)
        Folder target = anyFolder(userId, newParentId); // into a trashed folder too (authZ ignores the trash)
        sharing.require(userId, "create", target);
        for (Folder x = target; x != null; x = x.parentId == null ? null : folders.get(x.parentId)) {
            if (x.id.equals(f.id)) {
                throw ApiError.badRequest("Cannot move a folder into itself or one of its descendants");
            }
        }
        if (target.id.equals(f.parentId)) {
            return f;
        }
        if (liveFolderNamed(target.id, f.name) != null) {
            throw ApiError.rest(409, "AlreadyExists", "Folder '" + f.name + "' already exists in the target folder");
        }
        String old = f.parentId;
        childFolders.get(old).remove(f.id);
        childFolders.computeIfAbsent(target.id, k -> new LinkedHashSet<>()).add(f.id);
        f.parentId = target.id;
        if (!target.driveId.equals(f.driveId)) {
            moveToDrive(f, target.driveId);
        }
        f.modifiedAt = now();
        bumpFrom(old);
        bumpFrom(target.id);
        changed();
        publish(userId, "folder_moved", f.id, old, target.id);
        return f;
    }

    /**
     * {@code DELETE /api/folders/{id}}: trashes a live folder; one already in the trash (itself or through an
     * ancestor) makes the trash UPDATE hit no row, and the handler falls back to a permanent delete of the subtree
     * (trash_service.rs:243-253, folder_handler.rs:232-261, folder_db_repository.rs:791-822). Returns true when it
     * was deleted for good.
     */
    public synchronized boolean deleteFolder(String userId, String id) {
        Folder f = anyFolder(userId, id);
        sharing.require(userId, "delete", f); // folder_service.rs:957-970
        if (f.parentId != null && !isLive(f)) {
            removeFolderTree(f);
            changed();
            return true;
        }
        trashFolder(userId, id);
        return false;
    }

    /** {@code DELETE /api/files/{id}}: trashes a live file, deletes an already-trashed one for good (see deleteFolder). */
    public synchronized boolean deleteFile(String userId, String id) {
        FileRow f = anyFile(userId, id);
        sharing.require(userId, "delete", f); // file_management_service.rs:591-598
        if (!isLive(f)) {
            removeFile(f);
            changed();
            return true;
        }
        trashFile(userId, id);
        return false;
    }

    /**
     * The trash-only path ({@code DELETE /api/trash/...}, {@code POST /api/batch/trash}): an item already in the trash
     * makes the UPDATE hit no row, which trash_service.rs:209-221/243-253 wraps as InternalError (500).
     */
    public synchronized void trashOnly(String userId, String id, boolean folder) {
        if (folder) {
            Folder f = anyFolder(userId, id);
            sharing.require(userId, "delete", f); // trash_service.rs:190-200, 228-238
            if (!isLive(f)) {
                throw ApiError.rest(500, "InternalError", "Error moving folder " + id + " to trash: Folder not found");
            }
            trashFolder(userId, id);
        } else {
            FileRow f = anyFile(userId, id);
            sharing.require(userId, "delete", f);
            if (!isLive(f)) {
                throw ApiError.rest(500, "InternalError", "Error moving file " + id + " to trash: File not found");
            }
            trashFile(userId, id);
        }
    }

    public synchronized void trashFolder(String userId, String id) {
        Folder f = folder(userId, id);
        if (f.parentId == null) {
            throw ApiError.rest(403, "AccessDenied", "The root folder cannot be deleted");
        }
        sharing.require(userId, "delete", f);
        f.trashed = true;
        f.trashedAt = now();
        bumpFrom(f.parentId);
        changed();
        publish(userId, "folder_deleted", f.id, f.parentId);
    }

    // ------------------------------------------------------------------ files

    /** Result of a create: the row, and whether it is new (false = idempotent identical content). */
    public record Created(FileRow file, boolean isNew) {}

    /**
     * Checks, before any bytes are stored, that creating {@code name} with {@code hash} is possible:
     * returns the existing identical file (idempotent), or throws 404/409/507.
     */
    public synchronized FileRow precheckCreate(String userId, String folderId, String name, String hash, long size) {
        Folder parent = anyFolder(userId, folderId); // into a trashed folder too (file_blob_write_repository.rs:317)
        // Create on the folder before anything else (file_handler.rs:220-228, delta_upload_service.rs:303-314)
        sharing.require(userId, "create", parent);
        FileRow existing = liveFileNamed(parent.id, name);
        if (existing != null) {
            if (hash != null && existing.hash.equals(hash)) {
                return existing;
            }
            throw ApiError.rest(409, "AlreadyExists", "File '" + name + "' already exists");
        }
        checkQuota(userId, size);
        sharing.checkDriveQuota(parent.driveId, size); // after the per-user check (delta_upload_service.rs:329-347)
        return null;
    }

    /** Creates a file row for content whose manifest is given (registered if new). */
    public synchronized Created createFile(String userId, String folderId, String name, String hash, long size,
                                           String mime, Manifest manifest) {
        FileRow existing = precheckCreate(userId, folderId, name, hash, size);
        if (existing != null) {
            return new Created(existing, false);
        }
        return new Created(insertFile(userId, folders.get(folderId), name, hash, size, mime, manifest), true);
    }

    /**
     * Adds a file row once the caller has made {@link #precheckCreate}'s checks (or the same checks for a batch, as
     * {@link Seeding} does): the manifest attached, usage counted, ancestors bumped, the change published.
     */
    synchronized FileRow insertFile(String userId, Folder parent, String name, String hash, long size, String mime,
                                    Manifest manifest) {
        attachManifest(hash, manifest);
        long now = now();
        FileRow f = new FileRow();
        f.id = UUID.randomUUID().toString();
        f.name = name;
        f.folderId = parent.id;
        f.driveId = parent.driveId;
        f.ownerId = userId;
        f.mimeType = mime;
        f.hash = hash;
        f.size = size;
        f.createdAt = now;
        f.modifiedAt = now;
        files.put(f.id, f);
        owned.add(userId, hash, size, manifests.get(hash));
        childFiles.computeIfAbsent(parent.id, k -> new LinkedHashSet<>()).add(f.id);
        usage.merge(userId, size, Long::sum);
        sharing.addUsage(f.driveId, size);
        bumpFrom(parent.id);
        changed();
        publish(userId, "file_created", f.id, parent.id);
        return f;
    }

    /** Swaps a file's content (delta update mode, remote edits); keeps id and name. */
    public synchronized FileRow updateContent(String userId, String fileId, String hash, long size, String mime,
                                              Manifest manifest) {
        FileRow f = file(userId, fileId);
        sharing.require(userId, "update", f); // delta_upload_service.rs:315-325
        attachManifest(hash, manifest);
        String oldHash = f.hash;
        usage.merge(f.ownerId, size - f.size, Long::sum);
        sharing.addUsage(f.driveId, size - f.size);
        owned.remove(f.ownerId, oldHash);
        f.hash = hash;
        f.size = size;
        owned.add(f.ownerId, hash, size, manifests.get(hash));
        f.mimeType = mime;
        f.modifiedAt = now();
        releaseHashIfUnused(oldHash);
        bumpFrom(f.folderId);
        changed();
        publish(userId, "file_updated", f.id, f.folderId);
        return f;
    }

    public synchronized FileRow renameFile(String userId, String id, String rawName) {
        FileRow f = file(userId, id);
        sharing.require(userId, "update", f); // file_management_service.rs:560
        String name = Names.validate(rawName);
        if (!name.equals(f.name) && liveFileNamed(f.folderId, name) != null) {
            throw ApiError.rest(409, "AlreadyExists", "'" + name + "' already exists");
        }
        f.name = name;
        f.modifiedAt = now();
        bumpFrom(f.folderId);
        changed();
        publish(userId, "file_renamed", f.id, f.folderId);
        return f;
    }

    public synchronized FileRow moveFile(String userId, String id, String targetFolderId) {
        FileRow f = file(userId, id);
        sharing.require(userId, "update", f); // Update on the file + Create on the target (file_management_service.rs:403-407)
        Folder target = anyFolder(userId, targetFolderId); // into a trashed folder too
        sharing.require(userId, "create", target);
        if (target.id.equals(f.folderId)) {
            return f;
        }
        if (liveFileNamed(target.id, f.name) != null) {
            throw ApiError.rest(409, "AlreadyExists", "A file with this name already exists in the target folder");
        }
        String old = f.folderId;
        childFiles.get(old).remove(f.id);
        childFiles.computeIfAbsent(target.id, k -> new LinkedHashSet<>()).add(f.id);
        f.folderId = target.id;
        if (!target.driveId.equals(f.driveId)) {
            sharing.addUsage(f.driveId, -f.size);
            sharing.addUsage(target.driveId, f.size);
            f.driveId = target.driveId;
        }
        f.modifiedAt = now();
        bumpFrom(old);
        bumpFrom(target.id);
        changed();
        publish(userId, "file_moved", f.id, old, target.id);
        return f;
    }

    public synchronized void trashFile(String userId, String id) {
        FileRow f = file(userId, id);
        sharing.require(userId, "delete", f);
        f.trashed = true;
        f.trashedAt = now();
        bumpFrom(f.folderId);
        changed();
        publish(userId, "file_deleted", f.id, f.folderId);
    }

    // ------------------------------------------------------------------ trash

    /** Top-level trashed rows of the user: folders first, then files, newest first within each kind. */
    public synchronized List<Object> trashItems(String userId) {
        List<Object> out = new ArrayList<>();
        folders.values().stream().filter(f -> f.trashed && f.ownerId.equals(userId))
                .sorted((a, b) -> Long.compare(b.trashedAt, a.trashedAt)).forEach(out::add);
        files.values().stream().filter(f -> f.trashed && f.ownerId.equals(userId))
                .sorted((a, b) -> Long.compare(b.trashedAt, a.trashedAt)).forEach(out::add);
        return out;
    }

    /** Restores a trashed row to its original parent; 404 when not in the trash, 409 when it cannot go back. */
    public synchronized void restore(String userId, String id) {
        Folder d = folders.get(id);
        if (d != null && d.ownerId.equals(userId) && d.trashed) {
            Folder parent = folders.get(d.parentId);
            if (parent == null || !isLive(parent)) {
                throw ApiError.conflict("The original folder no longer exists");
            }
            if (liveFolderNamed(d.parentId, d.name) != null) {
                throw ApiError.rest(409, "AlreadyExists", "Folder '" + d.name + "' already exists");
            }
            d.trashed = false;
            d.trashedAt = null;
            bumpFrom(d.parentId);
            changed();
            publish(userId, "folder_restored", d.id, d.parentId);
            return;
        }
        FileRow f = files.get(id);
        if (f != null && f.ownerId.equals(userId) && f.trashed) {
            Folder parent = folders.get(f.folderId);
            if (parent == null || !isLive(parent)) {
                throw ApiError.conflict("The original folder no longer exists");
            }
            if (liveFileNamed(f.folderId, f.name) != null) {
                throw ApiError.rest(409, "AlreadyExists", "'" + f.name + "' already exists");
            }
            f.trashed = false;
            f.trashedAt = null;
            bumpFrom(f.folderId);
            changed();
            publish(userId, "file_restored", f.id, f.folderId);
            return;
        }
        throw ApiError.notFound("Trash item");
    }

    /** Permanently deletes a trashed row (and a folder's whole subtree). */
    public synchronized void deletePermanently(String userId, String id) {
        Folder d = folders.get(id);
        if (d != null && d.ownerId.equals(userId) && d.trashed) {
            removeFolderTree(d);
            changed();
            return;
        }
        FileRow f = files.get(id);
        if (f != null && f.ownerId.equals(userId) && f.trashed) {
            removeFile(f);
            changed();
            return;
        }
        throw ApiError.notFound("Trash item");
    }

    public synchronized void emptyTrash(String userId) {
        for (Object o : trashItems(userId)) {
            if (o instanceof Folder d && folders.containsKey(d.id)) {
                removeFolderTree(d);
            } else if (o instanceof FileRow f && files.containsKey(f.id)) {
                removeFile(f);
            }
        }
        changed();
    }

    private void removeFolderTree(Folder d) {
        for (String fid : new ArrayList<>(childFiles.getOrDefault(d.id, Set.of()))) {
            removeFile(files.get(fid));
        }
        for (String cid : new ArrayList<>(childFolders.getOrDefault(d.id, Set.of()))) {
            removeFolderTree(folders.get(cid));
        }
        folders.remove(d.id);
        childFolders.remove(d.id);
        childFiles.remove(d.id);
        if (d.parentId != null && childFolders.containsKey(d.parentId)) {
            childFolders.get(d.parentId).remove(d.id);
        }
    }

    private void removeFile(FileRow f) {
        files.remove(f.id);
        owned.remove(f.ownerId, f.hash);
        Set<String> siblings = childFiles.get(f.folderId);
        if (siblings != null) {
            siblings.remove(f.id);
        }
        usage.merge(f.ownerId, -f.size, Long::sum);
        sharing.addUsage(f.driveId, -f.size);
        releaseHashIfUnused(f.hash);
    }

    /** A folder moved into another drive takes its subtree (and the subtree's bytes) with it. */
    private void moveToDrive(Folder d, String driveId) {
        d.driveId = driveId;
        for (String fid : childFiles.getOrDefault(d.id, Set.of())) {
            FileRow f = files.get(fid);
            sharing.addUsage(f.driveId, -f.size);
            sharing.addUsage(driveId, f.size);
            f.driveId = driveId;
        }
        for (String cid : childFolders.getOrDefault(d.id, Set.of())) {
            moveToDrive(folders.get(cid), driveId);
        }
    }

    // ------------------------------------------------------------------ content

    private void putManifest(String hash, Manifest manifest) {
        manifests.put(hash, manifest);
        for (String h : distinctChunks(manifest)) {
            chunkRefs.merge(h, 1, Integer::sum);
        }
    }

    private static Set<String> distinctChunks(Manifest m) {
        Set<String> s = new LinkedHashSet<>();
        for (Model.ChunkRef c : m.chunks) {
            s.add(c.h());
        }
        return s;
    }

    private void attachManifest(String hash, Manifest manifest) {
        if (!manifests.containsKey(hash)) {
            if (manifest == null) {
                throw new IllegalStateException("no manifest for new content " + hash);
            }
            putManifest(hash, manifest);
        }
        for (Model.ChunkRef c : manifests.get(hash).chunks) {
            looseChunks.remove(c.h());
        }
    }

    /** When no row references the content any more, its manifest goes and unreferenced chunks become orphans. */
    private void releaseHashIfUnused(String hash) {
        if (owned.referenced(hash)) {
            return; // (the rows by hash, OwnedIndex: a content swap used to scan every row)
        }
        Manifest m = manifests.remove(hash);
        if (m == null) {
            return;
        }
        long now = now();
        for (String h : distinctChunks(m)) {
            Integer n = chunkRefs.get(h);
            if (n == null || n <= 1) {
                chunkRefs.remove(h);
                looseChunks.putIfAbsent(h, now);
            } else {
                chunkRefs.put(h, n - 1);
            }
        }
    }

    private Set<String> referencedChunks() {
        return chunkRefs.keySet();
    }

    public synchronized Manifest manifest(String hash) {
        return manifests.get(hash);
    }

    /** Records a freshly stored (or re-sent) chunk as a loose orphan unless a manifest references it. */
    public synchronized void addLoose(String hash) {
        if (!isReferenced(hash)) {
            looseChunks.put(hash, now());
            changed();
        }
    }

    private boolean isReferenced(String hash) {
        return chunkRefs.containsKey(hash);
    }

    public synchronized boolean isLoose(String hash) {
        return looseChunks.containsKey(hash) && chunks.has(hash);
    }

    public synchronized Set<String> looseChunkHashes() {
        return new HashSet<>(looseChunks.keySet());
    }

    /** Whole-file hashes of the user's files, trashed ones included, with their sizes. */
    public synchronized Map<String, Long> ownedHashes(String userId) {
        return owned.hashes(userId);
    }

    /** The MIME type of one of the user's live files with this content. */
    public synchronized String ownedMime(String userId, String hash) {
        for (FileRow f : files.values()) {
            if (f.ownerId.equals(userId) && f.hash.equals(hash)) {
                return f.mimeType;
            }
        }
        return "application/octet-stream";
    }

    /** Chunk hashes reachable through the user's files (trashed ones included), with their sizes. */
    public synchronized Map<String, Long> ownedChunks(String userId) {
        return owned.chunks(userId);
    }

    /**
     * Pins the distinct chunks the user may use (owned or loose orphans) against GC; returns those that
     * cannot be pinned (nothing is pinned then).
     */
    public synchronized List<String> pin(String userId, Collection<String> distinct) {
        Map<String, Long> owned = ownedChunks(userId);
        List<String> missing = new ArrayList<>();
        for (String h : distinct) {
            // dedup_service.rs:917-960 (:929): a loose chunk is claimable only while its ref_count is 0, and a pin
            // raises it; so while one commit holds it, another commit of the same loose chunk gets still_missing
            boolean available = (owned.containsKey(h) || looseChunks.containsKey(h) && !pinned.containsKey(h))
                    && chunks.has(h);
            if (!available) {
                missing.add(h);
            }
        }
        if (missing.isEmpty()) {
            distinct.forEach(h -> pinned.merge(h, 1, Integer::sum));
        }
        return missing;
    }

    public synchronized void unpin(Collection<String> distinct) {
        for (String h : distinct) {
            pinned.computeIfPresent(h, (k, n) -> n == 1 ? null : n - 1);
        }
    }

    /**
     * Garbage collection: purges trash older than 30 days, then deletes loose chunks orphaned longer
     * than {@code grace} ago that nothing references or pins. Returns the number of chunks deleted.
     */
    public synchronized int collectGarbage(Duration grace) throws IOException {
        long now = now();
        for (String userId : new ArrayList<>(users.keySet())) {
            for (Object o : trashItems(userId)) {
                if (o instanceof Folder d && d.trashedAt != null && now - d.trashedAt >= TRASH_RETENTION.toSeconds()
                        && folders.containsKey(d.id)) {
                    removeFolderTree(d);
                } else if (o instanceof FileRow f && f.trashedAt != null
                        && now - f.trashedAt >= TRASH_RETENTION.toSeconds() && files.containsKey(f.id)) {
                    removeFile(f);
                }
            }
        }
        Set<String> referenced = referencedChunks();
        int deleted = 0;
        for (var it = looseChunks.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (referenced.contains(e.getKey())) {
                it.remove();
            } else if (now - e.getValue() >= grace.toSeconds() && !pinned.containsKey(e.getKey())) {
                chunks.delete(e.getKey());
                it.remove();
                deleted++;
            }
        }
        changed();
        return deleted;
    }

    /** Applies pending tree-ETag bumps now (used by tests with a delayed flush). */
    public synchronized void flushTreeEtags() {
        applyDirty();
        changed();
    }
}
