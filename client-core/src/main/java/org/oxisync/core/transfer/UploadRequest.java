package org.oxisync.core.transfer;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;
import org.oxisync.store.hash.FileDigest;

/**
 * One file to upload.
 *
 * @param pairId             folder pair (keys the resume state and the local chunk locations)
 * @param path               the pair-relative path (journal form)
 * @param file               the file on disk
 * @param digest             chunks and whole-file hash from the scan
 * @param parentFolderId     remote folder to create the file in (also needed for an update to 0 bytes, which
 *                           recreates the file: the emulator refuses an empty delta commit, audit #22; and for
 *                           an update whose chunks the server will not let this user claim, which goes through a
 *                           temporary multipart upload in this folder, audit #4)
 * @param name               remote name for a create
 * @param remoteFileId       null = create; otherwise the file whose content is replaced
 * @param expectedRemoteHash update only: the content hash the journal agreed on; null skips the pre-commit check
 * @param localMtime         the mtime the scan hashed (epoch-millisecond precision); null = taken when the upload starts
 * @param fileKey            the scan's file key ({@code BasicFileAttributes.fileKey().toString()}); null = taken
 *                           when the upload starts. Used for the chunk locations recorded after success.
 */
public record UploadRequest(long pairId, String path, Path file, FileDigest digest, String parentFolderId, String name,
                            String remoteFileId, String expectedRemoteHash, Instant localMtime, String fileKey) {
    public UploadRequest {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(digest, "digest");
        if (remoteFileId == null && (parentFolderId == null || name == null)) {
            throw new IllegalArgumentException("a new file needs parentFolderId and name");
        }
    }

    public UploadRequest(long pairId, String path, Path file, FileDigest digest, String parentFolderId, String name,
                         String remoteFileId, String expectedRemoteHash) {
        this(pairId, path, file, digest, parentFolderId, name, remoteFileId, expectedRemoteHash, null, null);
    }

    public boolean isUpdate() {
        return remoteFileId != null;
    }
}
