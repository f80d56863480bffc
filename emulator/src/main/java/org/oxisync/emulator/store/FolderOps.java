package org.oxisync.emulator.store;

import java.time.Clock;
import java.util.UUID;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.store.Model.FileRow;
import org.oxisync.emulator.store.Model.Folder;

/**
 * What the server does to folders: create, rename, move (a folder moved into another drive takes its subtree and
 * its bytes with it), delete and trash. Checks as the real handlers make them, in their order; every change bumps
 * the tree ETags, marks the state changed and is published. Under the {@link Tree}'s lock.
 */
final class FolderOps {
    private final Rows rows;
    private final Access access;
    private final Sharing sharing;
    private final TrashOps trash;
    private final TreeEtags etags;
    private final Changes changes;
    private final Clock clock;

    FolderOps(Rows rows, Access access, Sharing sharing, TrashOps trash, TreeEtags etags, Changes changes,
              Clock clock) {
        this.rows = rows;
        this.access = access;
        this.sharing = sharing;
        this.trash = trash;
        this.etags = etags;
        this.changes = changes;
        this.clock = clock;
    }

    Folder create(String userId, String parentId, String rawName) {
        Folder parent = access.anyFolder(userId, parentId); // a trashed parent is accepted (folder_db_repository.rs:274-282)
        sharing.require(userId, "create", parent); // folder_service.rs:360-366
        String name = Names.validate(rawName);
        if (rows.liveFolderNamed(parent.id, name) != null) {
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
        rows.addFolder(f);
        etags.bumpFrom(parent.id);
        changes.changed();
        changes.publish(userId, "folder_created", f.id, parent.id);
        return f;
    }

    Folder rename(String userId, String id, String rawName) {
        Folder f = access.folder(userId, id);
        // A drive's root is its name: renaming it renames the drive and needs Manage (an Owner), not Update
        // (folder_service.rs:708-735); the drive list reads the name from the root (drive_pg_repository.rs:204-231)
        sharing.require(userId, f.parentId == null ? "manage" : "update", f);
        String name = Names.validate(rawName);
        if (!name.equals(f.name)) {
            if (f.parentId != null && rows.liveFolderNamed(f.parentId, name) != null) {
                throw ApiError.rest(409, "AlreadyExists", "Folder '" + name + "' already exists");
            }
            f.name = name;
        }
        f.modifiedAt = now();
        f.updatedBy = userId; // folder_db_repository.rs:705-707
        changes.changed();
        if (f.parentId != null) {
            etags.bumpFrom(f.parentId);
            changes.publish(userId, "folder_renamed", f.id, f.parentId, f.id);
        } else {
            changes.publish(userId, "folder_renamed", f.id, f.id);
        }
        return f;
    }

    Folder move(String userId, String id, String newParentId) {
        Folder f = access.folder(userId, id);
        if (f.parentId == null) {
            throw ApiError.rest(403, "AccessDenied", "The root folder cannot be moved");
        }
        sharing.require(userId, "update", f); // Update on the source, Create on the target (folder_service.rs:808-835)
        Folder target = access.anyFolder(userId, newParentId); // into a trashed folder too (authZ ignores the trash)
        sharing.require(userId, "create", target);
        for (Folder x = target; x != null; x = rows.parent(x)) {
            if (x.id.equals(f.id)) {
                throw ApiError.badRequest("Cannot move a folder into itself or one of its descendants");
            }
        }
        if (!target.driveId.equals(f.driveId)) {
            // the destination drive's cap on the live bytes of the subtree, before the move (folder_service.rs:876-890)
            sharing.checkDriveQuota(target.driveId, liveBytes(f));
        }
        if (target.id.equals(f.parentId)) {
            return f;
        }
        if (rows.liveFolderNamed(target.id, f.name) != null) {
            throw ApiError.rest(409, "AlreadyExists", "Folder '" + f.name + "' already exists in the target folder");
        }
        String old = f.parentId;
        rows.reparentFolder(f, target.id);
        if (!target.driveId.equals(f.driveId)) {
            moveToDrive(f, target.driveId);
        }
        f.modifiedAt = now();
        f.updatedBy = userId; // folder_db_repository.rs:763-768
        etags.bumpFrom(old);
        etags.bumpFrom(target.id);
        changes.changed();
        changes.publish(userId, "folder_moved", f.id, old, target.id);
        return f;
    }

    /** The bytes of the live files below a folder (storage_usage_service.rs folder_subtree_bytes). */
    private long liveBytes(Folder d) {
        long sum = 0;
        for (String fid : rows.childFileIds(d.id)) {
            FileRow f = rows.files.get(fid);
            if (!f.trashed) {
                sum += f.size;
            }
        }
        for (String cid : rows.childFolderIds(d.id)) {
            Folder c = rows.folders.get(cid);
            if (!c.trashed) {
                sum += liveBytes(c);
            }
        }
        return sum;
    }

    /** A folder moved into another drive takes its subtree (and the subtree's bytes) with it. */
    private void moveToDrive(Folder d, String driveId) {
        d.driveId = driveId;
        for (String fid : rows.childFileIds(d.id)) {
            FileRow f = rows.files.get(fid);
            sharing.addUsage(f.driveId, -f.size);
            sharing.addUsage(driveId, f.size);
            f.driveId = driveId;
        }
        for (String cid : rows.childFolderIds(d.id)) {
            moveToDrive(rows.folders.get(cid), driveId);
        }
    }

    /**
     * {@code DELETE /api/folders/{id}}: trashes a live folder; one already in the trash (itself or through an
     * ancestor) makes the trash UPDATE hit no row, and the handler falls back to a permanent delete of the subtree
     * (trash_service.rs:243-253, folder_handler.rs:232-261, folder_db_repository.rs:791-822). Returns true when it
     * was deleted for good.
     */
    boolean delete(String userId, String id) {
        Folder f = access.anyFolder(userId, id);
        sharing.require(userId, "delete", f); // folder_service.rs:957-970
        if (f.parentId != null && !rows.isLive(f)) {
            trash.removeFolderTree(f);
            changes.changed();
            return true;
        }
        trash(userId, id);
        return false;
    }

    /**
     * A live folder deleted for good with everything below it, never into the trash: what a Nextcloud {@code MOVE}
     * onto an existing folder does to that destination (nextcloud/webdav_handler.rs:1517-1531 calls
     * folder_service.rs:945-993, whose {@code DELETE FROM storage.folders} is folder_db_repository.rs:791-822).
     */
    void deleteLiveForGood(String userId, String id) {
        Folder f = deletable(userId, id); // folder_service.rs:965-971
        trash.removeFolderTree(f);
        etags.bumpFrom(f.parentId);
        changes.changed();
    }

    /**
     * The trash-only path for a folder: one already in the trash makes the UPDATE hit no row, which
     * trash_service.rs:209-221/243-253 wraps as InternalError (500).
     */
    void trashOnly(String userId, String id) {
        Folder f = access.anyFolder(userId, id);
        sharing.require(userId, "delete", f); // trash_service.rs:190-200, 228-238
        if (!rows.isLive(f)) {
            throw ApiError.rest(500, "InternalError", "Error moving folder " + id + " to trash: Not Found: Folder not found: " + id);
        }
        trash(userId, id);
    }

    void trash(String userId, String id) {
        Folder f = deletable(userId, id);
        f.trashed = true;
        f.trashedAt = now();
        etags.bumpFrom(f.parentId);
        changes.changed();
        changes.publish(userId, "folder_deleted", f.id, f.parentId);
    }

    /** A live folder the user may delete: not a drive's root (403), and Delete allowed on it. */
    private Folder deletable(String userId, String id) {
        Folder f = access.folder(userId, id);
        if (f.parentId == null) {
            throw ApiError.rest(403, "AccessDenied", "The root folder cannot be deleted");
        }
        sharing.require(userId, "delete", f);
        return f;
    }

    private long now() {
        return clock.instant().getEpochSecond();
    }
}
