package org.oxisync.core.plan;

import java.time.Instant;
import java.util.Objects;

/**
 * One entry of the remote tree, relative to the pair's remote folder.
 *
 * @param parentId the containing folder's id (the pair's root folder id for top-level entries)
 * @param contentHash BLAKE3 hex of a file's content; null for folders
 */
public record RemoteEntry(String path, EntryKind kind, String id, String parentId, String etag, String contentHash,
                          long size, Instant modifiedAt) {
    public RemoteEntry {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(id, "id");
        if (kind != EntryKind.FILE && kind != EntryKind.DIR) {
            throw new IllegalArgumentException("the server only has files and folders: " + path);
        }
    }

    public static RemoteEntry file(String path, String id, String parentId, String etag, String hash, long size,
                                   Instant modifiedAt) {
        return new RemoteEntry(path, EntryKind.FILE, id, parentId, etag, hash, size, modifiedAt);
    }

    public static RemoteEntry dir(String path, String id, String parentId, String etag) {
        return new RemoteEntry(path, EntryKind.DIR, id, parentId, etag, null, 0, null);
    }

    RemoteEntry withPath(String p) {
        return new RemoteEntry(p, kind, id, parentId, etag, contentHash, size, modifiedAt);
    }
}
