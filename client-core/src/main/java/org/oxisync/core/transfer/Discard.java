package org.oxisync.core.transfer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.List;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.slf4j.Logger;

/**
 * Removes a server copy an upload made that must not stay. Usually to the trash (trash-only, audit #2: its content
 * is the user's file, which may still be wanted). But when the local path no longer holds the file that was
 * scanned (another device and inode: a folder on the way or the file itself was swapped while it was read), the
 * bytes sent may be another file's, from outside the sync root: those are deleted for good (a DELETE of a trashed
 * file, as OxiCloud 0.8.7 does it), so they never sit in the server's trash.
 */
final class Discard {
    private Discard() {}

    static void uploaded(OxiCloudApi api, UploadRequest req, String fileId, Logger log) {
        boolean foreign = !stillTheScannedFile(req);
        try {
            api.trashBatch(List.of(fileId), List.of());
            if (foreign) {
                api.deleteFile(fileId);
                log.warn("{} was another file while it was sent; the server's copy is deleted for good", req.path());
            }
        } catch (OxiCloudException e) {
            log.warn("could not remove the upload {} of {} from the server: {}", fileId, req.path(), e.getMessage());
        }
    }

    /** After {@code trashedId}, an upload of {@code req}, went to the trash: deleted for good if it is foreign. */
    static void purgeIfForeign(OxiCloudApi api, UploadRequest req, String trashedId, Logger log) {
        if (stillTheScannedFile(req)) {
            return;
        }
        try {
            api.deleteFile(trashedId);
            log.warn("{} was another file while it was sent; the server's copy is deleted for good", req.path());
        } catch (OxiCloudException e) {
            log.warn("could not delete the upload {} of {} for good: {}", trashedId, req.path(), e.getMessage());
        }
    }

    /** Whether the path still holds the file (device, inode) the scan saw; unknown keys count as the same. */
    static boolean stillTheScannedFile(UploadRequest req) {
        if (req.fileKey() == null) {
            return true;
        }
        try {
            Object key = Files.readAttributes(req.file(), BasicFileAttributes.class, LinkOption.NOFOLLOW_LINKS)
                    .fileKey();
            return key == null || key.toString().equals(req.fileKey());
        } catch (IOException e) {
            return false; // gone or unreadable: what was read cannot be vouched for
        }
    }
}
