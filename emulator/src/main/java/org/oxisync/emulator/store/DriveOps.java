package org.oxisync.emulator.store;

import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.store.Model.FileRow;
import org.oxisync.emulator.store.Model.Folder;

/** Removing a Shared drive as the server does. Under the {@link Tree}'s lock; the caller marks the change. */
final class DriveOps {
    private final Rows rows;
    private final Sharing sharing;
    private final TrashOps trash;

    DriveOps(Rows rows, Sharing sharing, TrashOps trash) {
        this.rows = rows;
        this.sharing = sharing;
        this.trash = trash;
    }

    /**
     * Deletes a Shared drive ({@code DELETE /api/drives/{id}}, drive_management_service.rs:390-460): Manage on it
     * (403 for a member without it, 404 for anyone else; the handler never takes the admin bypass,
     * drive_handler.rs:368-380); a user's default Personal drive → 405; live content other than the root → 409. Then
     * the drive's memberships, its root and what its trash still holds go (drive_pg_repository.rs:508-590: the
     * root's DELETE cascades to the trashed rows).
     */
    void delete(String userId, String driveId) {
        Model.Drive d = sharing.drives.get(driveId);
        DriveRole role = d == null ? null : sharing.driveRole(userId, driveId);
        if (role == null) {
            throw ApiError.rest(404, "Not Found", "Drive not found: " + driveId);
        }
        if (!role.allows("manage")) {
            throw ApiError.rest(403, "Access Denied", "Missing 'manage' permission on Drive " + driveId);
        }
        if (d.defaultForUser != null) {
            throw ApiError.rest(405, "Unsupported Operation", "The default Personal drive cannot be deleted.");
        }
        for (Folder f : rows.folders.values()) {
            // live = neither trashed nor under a trashed folder: the server's trash UPDATE marks the whole subtree
            if (driveId.equals(f.driveId) && f.parentId != null && rows.isLive(f)) {
                throw ApiError.rest(409, "Conflict", "Drive is not empty — move or trash its contents before deleting.");
            }
        }
        for (FileRow f : rows.files.values()) {
            if (driveId.equals(f.driveId) && rows.isLive(f)) {
                throw ApiError.rest(409, "Conflict", "Drive is not empty — move or trash its contents before deleting.");
            }
        }
        trash.clearDrive(driveId);
        sharing.grants.values().removeIf(g -> g.resourceId.equals(driveId) || g.resourceId.equals(d.rootFolderId));
        trash.removeFolderTree(rows.folders.get(d.rootFolderId));
        sharing.drives.remove(driveId);
    }
}
