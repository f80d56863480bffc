package org.oxisync.emulator.store;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.oxisync.emulator.http.ApiError;
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

    /** Top-level trashed rows of the user: folders first, then files, newest first within each kind. */
    List<Object> items(String userId) {
        List<Object> out = new ArrayList<>();
        rows.folders.values().stream().filter(f -> f.trashed && f.ownerId.equals(userId))
                .sorted((a, b) -> Long.compare(b.trashedAt, a.trashedAt)).forEach(out::add);
        rows.files.values().stream().filter(f -> f.trashed && f.ownerId.equals(userId))
                .sorted((a, b) -> Long.compare(b.trashedAt, a.trashedAt)).forEach(out::add);
        return out;
    }

    /** Restores a trashed row to its original parent; 404 when not in the trash, 409 when it cannot go back. */
    void restore(String userId, String id) {
        Folder d = rows.folders.get(id);
        if (d != null && d.ownerId.equals(userId) && d.trashed) {
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
        if (f != null && f.ownerId.equals(userId) && f.trashed) {
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
            return;
        }
        throw ApiError.notFound("Trash item");
    }

    /** Permanently deletes a trashed row (and a folder's whole subtree). */
    void deletePermanently(String userId, String id) {
        Folder d = rows.folders.get(id);
        if (d != null && d.ownerId.equals(userId) && d.trashed) {
            removeFolderTree(d);
            return;
        }
        FileRow f = rows.files.get(id);
        if (f != null && f.ownerId.equals(userId) && f.trashed) {
            removeFile(f);
            return;
        }
        throw ApiError.notFound("Trash item");
    }

    void empty(String userId) {
        for (Object o : items(userId)) {
            if (o instanceof Folder d && rows.folders.containsKey(d.id)) {
                removeFolderTree(d);
            } else if (o instanceof FileRow f && rows.files.containsKey(f.id)) {
                removeFile(f);
            }
        }
    }

    /** Deletes for good every user's trashed rows older than the retention. */
    void purgeExpired() {
        long now = clock.instant().getEpochSecond();
        for (String userId : new ArrayList<>(rows.users.keySet())) {
            for (Object o : items(userId)) {
                if (o instanceof Folder d && d.trashedAt != null && now - d.trashedAt >= RETENTION.toSeconds()
                        && rows.folders.containsKey(d.id)) {
                    removeFolderTree(d);
                } else if (o instanceof FileRow f && f.trashedAt != null
                        && now - f.trashedAt >= RETENTION.toSeconds() && rows.files.containsKey(f.id)) {
                    removeFile(f);
                }
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
