package org.oxisync.core.plan;

import java.util.Objects;

/**
 * The last state both sides agreed on for one path.
 *
 * @param localHash the content hash of the local file at that time (null for folders)
 * @param remoteHash the server's content hash at that time (null for folders)
 */
public record JournalEntry(String path, EntryKind kind, long size, long mtimeMillis, String fileKey, String localHash,
                           String remoteId, String remoteEtag, String remoteHash) {
    public JournalEntry {
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(kind, "kind");
    }

    public static JournalEntry file(String path, long size, long mtimeMillis, String fileKey, String hash,
                                    String remoteId, String remoteEtag) {
        return new JournalEntry(path, EntryKind.FILE, size, mtimeMillis, fileKey, hash, remoteId, remoteEtag, hash);
    }

    public static JournalEntry dir(String path, String fileKey, String remoteId) {
        return new JournalEntry(path, EntryKind.DIR, 0, 0, fileKey, null, remoteId, null, null);
    }

    /** The journal entry recording that {@code local} and {@code remote} agree. */
    public static JournalEntry agreed(String path, LocalEntry local, RemoteEntry remote, String localHash) {
        return new JournalEntry(path, local.kind(), local.size(), local.mtimeMillis(), local.fileKey(), localHash,
                remote.id(), remote.etag(), remote.contentHash());
    }
}
