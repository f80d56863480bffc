package org.oxisync.core.transfer;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Objects;

/**
 * One remote file to bring down.
 *
 * @param expectedHash   the content hash remote discovery saw; null accepts whatever the server has now
 * @param size           the size discovery saw (for progress before the manifest arrives)
 * @param serverModified becomes the temp file's mtime; null leaves it
 * @param target         the final location; the temp file is created in its folder
 * @param versionsTarget the engine keeps the file now at {@code target} as a version once this download is in (it
 *                       replaces that file): chunks a delta download reads from it go into the chunk store on the way
 */
public record DownloadRequest(long pairId, String path, String remoteFileId, String expectedHash, long size,
                              Instant serverModified, Path target, boolean versionsTarget) {
    public DownloadRequest {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(remoteFileId, "remoteFileId");
        Objects.requireNonNull(target, "target");
        if (target.getParent() == null) {
            throw new IllegalArgumentException("target needs a parent folder");
        }
    }

    /** A download that replaces no file the engine versions (a new file, or a caller that keeps no versions). */
    public DownloadRequest(long pairId, String path, String remoteFileId, String expectedHash, long size,
                           Instant serverModified, Path target) {
        this(pairId, path, remoteFileId, expectedHash, size, serverModified, target, false);
    }
}
