package org.oxisync.emulator.store;

import java.time.Clock;
import java.util.UUID;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.store.Model.FileRow;
import org.oxisync.emulator.store.Model.Folder;
import org.oxisync.emulator.store.Model.Manifest;

/**
 * What the server does to files: create (with its pre-checks), content swap, rename, move, delete and trash. Checks
 * as the real handlers make them, in their order; every change bumps the tree ETags, marks the state changed and is
 * published. Under the {@link Tree}'s lock.
 */
final class FileOps {
    private final Rows rows;
    private final Access access;
    private final Sharing sharing;
    private final Contents contents;
    private final TrashOps trash;
    private final TreeEtags etags;
    private final Changes changes;
    private final Clock clock;

    FileOps(Rows rows, Access access, Sharing sharing, Contents contents, TrashOps trash, TreeEtags etags,
            Changes changes, Clock clock) {
        this.rows = rows;
        this.access = access;
        this.sharing = sharing;
        this.contents = contents;
        this.trash = trash;
        this.etags = etags;
        this.changes = changes;
        this.clock = clock;
    }

    /**
     * Checks, before any bytes are stored, that creating {@code name} with {@code hash} is possible:
     * returns the existing identical file (idempotent), or throws 404/409/507.
     */
    FileRow precheckCreate(String userId, String folderId, String name, String hash, long size) {
        Folder parent = access.anyFolder(userId, folderId); // into a trashed folder too (file_blob_write_repository.rs:317)
        // Create on the folder before anything else (file_handler.rs:220-228, delta_upload_service.rs:303-314)
        sharing.require(userId, "create", parent);
        FileRow existing = rows.liveFileNamed(parent.id, name);
        if (existing != null) {
            if (hash != null && existing.hash.equals(hash)) {
                return existing;
            }
            throw ApiError.rest(409, "AlreadyExists", "File '" + name + "' already exists");
        }
        sharing.checkUserQuota(userId, size); // the user's envelope, in a Shared drive too (storage_usage_service.rs:492-522)
        sharing.checkDriveQuota(parent.driveId, size); // after the per-user check (delta_upload_service.rs:329-347)
        return null;
    }

    /**
     * A copy of a live file into a folder (batch copy): Read on the source and Create on the target
     * (file_management_service.rs:500-512), then the destination drive's cap on the file's size, since the copy is a
     * new row of that drive (:514-536); the user's envelope is not checked (as the server). The copy shares the
     * content. A name taken in the target is a 409 here (the server's INSERT hits its unique index).
     */
    FileRow copy(String userId, String id, String targetFolderId) {
        FileRow src = access.file(userId, id);
        sharing.require(userId, "read", src);
        Folder target = access.anyFolder(userId, targetFolderId);
        sharing.require(userId, "create", target);
        sharing.checkDriveQuota(target.driveId, src.size);
        if (rows.liveFileNamed(target.id, src.name) != null) {
            throw ApiError.rest(409, "Already Exists", "File '" + src.name + "' already exists");
        }
        return insert(userId, target, src.name, src.hash, src.size, src.mimeType, null);
    }

    /** Adds a file row once the checks are made: the content attached, usage counted, ancestors bumped, published. */
    FileRow insert(String userId, Folder parent, String name, String hash, long size, String mime, Manifest manifest) {
        contents.attach(hash, manifest);
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
        rows.addFile(f);
        contents.ownedBy(f);
        sharing.addUsage(f.driveId, size);
        etags.bumpFrom(parent.id);
        changes.changed();
        changes.publish(userId, "file_created", f.id, parent.id);
        return f;
    }

    /** Swaps a file's content (delta update mode, remote edits); keeps id and name; the old content is released. */
    FileRow updateContent(String userId, String fileId, String hash, long size, String mime, Manifest manifest) {
        FileRow f = access.file(userId, fileId);
        sharing.require(userId, "update", f); // delta_upload_service.rs:315-325
        contents.attach(hash, manifest);
        String oldHash = f.hash;
        sharing.addUsage(f.driveId, size - f.size);
        contents.noLongerOwnedBy(f);
        f.hash = hash;
        f.size = size;
        contents.ownedBy(f);
        f.mimeType = mime;
        f.modifiedAt = now();
        f.updatedBy = userId; // file_blob_write_repository.rs:152-196 (§14 provenance: the caller)
        contents.release(oldHash);
        etags.bumpFrom(f.folderId);
        changes.changed();
        changes.publish(userId, "file_updated", f.id, f.folderId);
        return f;
    }

    FileRow rename(String userId, String id, String rawName) {
        FileRow f = access.file(userId, id);
        sharing.require(userId, "update", f); // file_management_service.rs:560
        String name = Names.validate(rawName);
        if (!name.equals(f.name) && rows.liveFileNamed(f.folderId, name) != null) {
            throw ApiError.rest(409, "AlreadyExists", "'" + name + "' already exists");
        }
        rows.renameFile(f, name);
        f.modifiedAt = now();
        f.updatedBy = userId; // file_blob_write_repository.rs:745-762
        etags.bumpFrom(f.folderId);
        changes.changed();
        changes.publish(userId, "file_renamed", f.id, f.folderId);
        return f;
    }

    FileRow move(String userId, String id, String targetFolderId) {
        FileRow f = access.file(userId, id);
        sharing.require(userId, "update", f); // Update on the file + Create on the target (file_management_service.rs:403-407)
        Folder target = access.anyFolder(userId, targetFolderId); // into a trashed folder too
        sharing.require(userId, "create", target);
        if (!target.driveId.equals(f.driveId)) {
            // the destination drive's cap, before the move: 507 and the file stays (file_management_service.rs:436-461)
            sharing.checkDriveQuota(target.driveId, f.size);
        }
        if (target.id.equals(f.folderId)) {
            return f;
        }
        if (rows.liveFileNamed(target.id, f.name) != null) {
            throw ApiError.rest(409, "AlreadyExists", "A file with this name already exists in the target folder");
        }
        String old = f.folderId;
        rows.reparentFile(f, target.id);
        if (!target.driveId.equals(f.driveId)) {
            sharing.addUsage(f.driveId, -f.size);
            sharing.addUsage(target.driveId, f.size);
            f.driveId = target.driveId;
        }
        f.modifiedAt = now();
        f.updatedBy = userId; // file_blob_write_repository.rs:532-560
        etags.bumpFrom(old);
        etags.bumpFrom(target.id);
        changes.changed();
        changes.publish(userId, "file_moved", f.id, old, target.id);
        return f;
    }

    /** {@code DELETE /api/files/{id}}: trashes a live file, deletes an already-trashed one for good (as folders). */
    boolean delete(String userId, String id) {
        FileRow f = access.anyFile(userId, id);
        sharing.require(userId, "delete", f); // file_management_service.rs:591-598
        if (!rows.isLive(f)) {
            trash.removeFile(f);
            changes.changed();
            return true;
        }
        trash(userId, id);
        return false;
    }

    /** The trash-only path for a file: one already in the trash is a 500 (see {@link FolderOps#trashOnly}). */
    void trashOnly(String userId, String id) {
        FileRow f = access.anyFile(userId, id);
        sharing.require(userId, "delete", f);
        if (!rows.isLive(f)) {
            throw ApiError.rest(500, "InternalError", "Error moving file " + id + " to trash: Not Found: File not found: " + id);
        }
        trash(userId, id);
    }

    void trash(String userId, String id) {
        FileRow f = access.file(userId, id);
        sharing.require(userId, "delete", f);
        f.trashed = true;
        f.trashedAt = now();
        etags.bumpFrom(f.folderId);
        changes.changed();
        changes.publish(userId, "file_deleted", f.id, f.folderId);
    }

    private long now() {
        return clock.instant().getEpochSecond();
    }
}
