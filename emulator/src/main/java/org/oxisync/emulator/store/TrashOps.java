package org.oxisync.emulator.store;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.store.Model.Drive;
import org.oxisync.emulator.store.Model.FileRow;
import org.oxisync.emulator.store.Model.Folder;

/**
 * The trash: listing, restore, permanent deletes (one item, the whole trash, or what is past the 30-day retention)
 * and the removal of rows for good, which releases their content. Under the {@link Tree}'s lock; the caller marks
 * the change.
 */
final class TrashOps {
    /** Trash retention, hard-coded on the real server (reference §5.4). */
    static final Duration RETENTION = Duration.ofDays(30);

    private final Rows rows;
    private final Sharing sharing;
    private final Contents contents;
    private final TreeEtags etags;
    private final Changes changes;
    private final Clock clock;

    TrashOps(Rows rows, Sharing sharing, Contents contents, TreeEtags etags, Changes changes, Clock clock) {
        this.rows = rows;
        this.sharing = sharing;
        this.contents = contents;
        this.etags = etags;
        this.changes = changes;
        this.clock = clock;
    }

    /**
     * Trashed rows of every drive the user is a member of, whoever trashed them: the listing is scoped by the drives
     * the caller can read, not by who trashed (trash_service.rs:810-818, trash_db_repository.rs:125-160, 392, 433).
     * Folders first, then files, newest first within each kind.
     */
    List<Object> items(String userId) {
        List<Object> out = new ArrayList<>();
        rows.folders.values().stream().filter(f -> f.trashed && sharing.driveRole(userId, f.driveId) != null)
                .sorted((a, b) -> Long.compare(b.trashedAt, a.trashedAt)).forEach(out::add);
        rows.files.values().stream().filter(f -> f.trashed && sharing.driveRole(userId, f.driveId) != null)
                .sorted((a, b) -> Long.compare(b.trashedAt, a.trashedAt)).forEach(out::add);
        return out;
    }

    /**
     * Restores a trashed row to its original parent. The trash row is looked up by id alone (trash_db_repository.rs:
     * 169-199); an id that is not in the trash is "already restored" and succeeds (trash_service.rs:429-436), so a 200
     * does not mean the item is back. Then Delete on the item is required, whoever trashed it: 403 when the caller may
     * read it (a Viewer), 404 when not (trash_service.rs:298-311). 409 when it cannot go back (the emulator's choice).
     */
    void restore(String userId, String id) {
        Folder d = rows.folders.get(id);
        if (d != null && d.trashed) {
            sharing.require(userId, "delete", d);
            Folder parent = rows.folders.get(d.parentId);
            if (parent == null || !rows.isLive(parent)) {
                throw ApiError.conflict("The original folder no longer exists");
            }
            if (rows.liveFolderNamed(d.parentId, d.name) != null) {
                throw ApiError.rest(409, "AlreadyExists", "Folder '" + d.name + "' already exists");
            }
            d.trashed = false;
            d.trashedAt = null;
            etags.bumpFrom(d.parentId);
            changes.changed();
            changes.publish(userId, "folder_restored", d.id, d.parentId);
            return;
        }
        FileRow f = rows.files.get(id);
        if (f != null && f.trashed) {
            sharing.require(userId, "delete", f);
            Folder parent = rows.folders.get(f.folderId);
            if (parent == null || !rows.isLive(parent)) {
                throw ApiError.conflict("The original folder no longer exists");
            }
            if (rows.liveFileNamed(f.folderId, f.name) != null) {
                throw ApiError.rest(409, "AlreadyExists", "'" + f.name + "' already exists");
            }
            f.trashed = false;
            f.trashedAt = null;
            etags.bumpFrom(f.folderId);
            changes.changed();
            changes.publish(userId, "file_restored", f.id, f.folderId);
        }
        // not in the trash: "considering as already restored" (trash_service.rs:429-436)
    }

    /**
     * Permanently deletes a trashed row (and a folder's whole subtree) after the same Delete check as a restore
     * (trash_service.rs:484-495); an id not in the trash is "already deleted" and succeeds (trash_service.rs:629-636).
     */
    void deletePermanently(String userId, String id) {
        Folder d = rows.folders.get(id);
        if (d != null && d.trashed) {
            sharing.require(userId, "delete", d);
            removeFolderTree(d);
            return;
        }
        FileRow f = rows.files.get(id);
        if (f != null && f.trashed) {
            sharing.require(userId, "delete", f);
            removeFile(f);
        }
    }

    /**
     * "Empty trash": every trashed row of every drive where the caller holds Delete (an Owner), whoever trashed it
     * (trash_service.rs:649-665, 701-720; trash_db_repository.rs:215-236 deletes by drive_id). In a Shared drive one
     * Owner's "empty trash" purges what every member deleted.
     */
    void empty(String userId) {
        for (Drive drive : new ArrayList<>(sharing.drives.values())) {
            DriveRole role = sharing.driveRole(userId, drive.id);
            if (role != null && role.allows("delete")) {
                clearDrive(drive.id);
            }
        }
    }

    /**
     * {@code DELETE /api/trash/drive/{id}}: Delete on the drive itself (trash_service.rs:668-692): 404 when the
     * caller is no member (or there is no such drive), 403 "Missing 'delete' permission on Drive id" for a member
     * without it.
     */
    void emptyDrive(String userId, String driveId) {
        DriveRole role = sharing.drives.containsKey(driveId) ? sharing.driveRole(userId, driveId) : null;
        if (role == null) {
            throw ApiError.rest(404, "Not Found", "Drive not found: " + driveId);
        }
        if (!role.allows("delete")) {
            throw ApiError.rest(403, "Access Denied", "Missing 'delete' permission on Drive " + driveId);
        }
        clearDrive(driveId);
    }

    /** Deletes for good every trashed row of the drive (trash_db_repository.rs:220-236). */
    void clearDrive(String driveId) {
        for (Folder d : new ArrayList<>(rows.folders.values())) {
            if (d.trashed && driveId.equals(d.driveId) && rows.folders.containsKey(d.id)) {
                removeFolderTree(d);
            }
        }
        for (FileRow f : new ArrayList<>(rows.files.values())) {
            if (f.trashed && driveId.equals(f.driveId) && rows.files.containsKey(f.id)) {
                removeFile(f);
            }
        }
    }

    /** Deletes for good every trashed row older than the retention, in every drive. */
    void purgeExpired() {
        long now = clock.instant().getEpochSecond();
        long keep = RETENTION.toSeconds();
        for (Folder d : new ArrayList<>(rows.folders.values())) {
            if (d.trashed && d.trashedAt != null && now - d.trashedAt >= keep && rows.folders.containsKey(d.id)) {
                removeFolderTree(d);
            }
        }
        for (FileRow f : new ArrayList<>(rows.files.values())) {
            if (f.trashed && f.trashedAt != null && now - f.trashedAt >= keep && rows.files.containsKey(f.id)) {
                removeFile(f);
            }
        }
    }

    /** Removes a folder and everything below it for good. */
    void removeFolderTree(Folder d) {
        for (String fid : rows.childFileIds(d.id)) {
            removeFile(rows.files.get(fid));
        }
        for (String cid : rows.childFolderIds(d.id)) {
            removeFolderTree(rows.folders.get(cid));
        }
        rows.removeFolder(d);
    }

    /** Removes a file row for good: its bytes leave the owner's and the drive's usage, its content is released. */
    void removeFile(FileRow f) {
        rows.removeFile(f);
        contents.noLongerOwnedBy(f);
        sharing.addUsage(f.driveId, -f.size);
        contents.release(f.hash);
    }
}
