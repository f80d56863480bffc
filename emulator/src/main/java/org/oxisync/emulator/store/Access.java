package org.oxisync.emulator.store;

import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.store.Model.FileRow;
import org.oxisync.emulator.store.Model.Folder;

/**
 * Looks a folder or file up as a caller may see it: 404 when it does not exist or the caller holds no role on it
 * (denial looks like absence), and for the live lookups also when it is in the trash. Under the {@link Tree}'s lock.
 */
final class Access {
    private final Rows rows;
    private final Sharing sharing;

    Access(Rows rows, Sharing sharing) {
        this.rows = rows;
        this.sharing = sharing;
    }

    /** A live folder of the caller. */
    Folder folder(String userId, String id) {
        Folder f = rows.folders.get(id);
        if (f == null || sharing.role(userId, f) == null || !rows.isLive(f)) {
            throw ApiError.notFound("Folder", id);
        }
        return f;
    }

    /**
     * A folder of the caller whether or not it is in the trash: the server's authZ looks the drive up with no
     * {@code is_trashed} filter (pg_acl_engine.rs:731-743, folder_db_repository.rs:1479-1486), and the file INSERT and
     * folder create read the parent with none either (file_blob_write_repository.rs:313-330,
     * folder_db_repository.rs:274-282).
     */
    Folder anyFolder(String userId, String id) {
        Folder f = rows.folders.get(id);
        if (f == null || sharing.role(userId, f) == null) {
            throw ApiError.notFound("Folder", id);
        }
        return f;
    }

    /** A file of the caller whether or not it is in the trash (authZ ignores the trash state). */
    FileRow anyFile(String userId, String id) {
        FileRow f = rows.files.get(id);
        if (f == null || sharing.role(userId, f) == null) {
            throw ApiError.notFound("File", id);
        }
        return f;
    }

    /** A live file of the caller. */
    FileRow file(String userId, String id) {
        FileRow f = rows.files.get(id);
        if (f == null || sharing.role(userId, f) == null || !rows.isLive(f)) {
            throw ApiError.notFound("File", id);
        }
        return f;
    }
}
