package org.oxisync.core.plan;

import java.util.Objects;

/**
 * One entry found by the local scan.
 *
 * @param path relative, '/'-separated (normalized to NFC by the reconciler)
 * @param size bytes (0 for folders)
 * @param mtimeMillis modification time, epoch milliseconds
 * @param fileKey the file system's identity of the entry (inode and device), null when unavailable
 */
public record LocalEntry(String path, EntryKind kind, long size, long mtimeMillis, String fileKey, LocalHash hash) {
    public LocalEntry {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(hash, "hash");
    }

    public static LocalEntry file(String path, long size, long mtimeMillis, String fileKey, String hash) {
        return new LocalEntry(path, EntryKind.FILE, size, mtimeMillis, fileKey, LocalHash.known(hash));
    }

    /** A file the scanner did not hash because it matches the journal. */
    public static LocalEntry unhashedFile(String path, long size, long mtimeMillis, String fileKey) {
        return new LocalEntry(path, EntryKind.FILE, size, mtimeMillis, fileKey, LocalHash.NOT_COMPUTED);
    }

    public static LocalEntry dir(String path, String fileKey) {
        return new LocalEntry(path, EntryKind.DIR, 0, 0, fileKey, LocalHash.NOT_COMPUTED);
    }

    LocalEntry withPath(String p) {
        return new LocalEntry(p, kind, size, mtimeMillis, fileKey, hash);
    }
}
