package org.oxisync.store.journal;

import java.time.Instant;
import java.util.Objects;

/**
 * The last state both sides agreed on for one path of one folder pair. Nullable: mtime, fileKey (inode or
 * equivalent), localHash, remoteId, remoteEtag, remoteHash, lastSync. The path is normalized to NFC.
 */
public record JournalEntry(long pairId, String path, EntryKind kind, long size, Instant mtime, String fileKey,
                           String localHash, String remoteId, String remoteEtag, String remoteHash,
                           Instant lastSync) {
    public JournalEntry {
        path = RelativePaths.normalize(path);
        Objects.requireNonNull(kind, "kind");
        if (size < 0) {
            throw new IllegalArgumentException("size must not be negative: " + size);
        }
    }

    public JournalEntry withRemote(String remoteId, String remoteEtag, String remoteHash) {
        return new JournalEntry(pairId, path, kind, size, mtime, fileKey, localHash, remoteId, remoteEtag,
                remoteHash, lastSync);
    }

    public JournalEntry withLocal(long size, Instant mtime, String fileKey, String localHash) {
        return new JournalEntry(pairId, path, kind, size, mtime, fileKey, localHash, remoteId, remoteEtag,
                remoteHash, lastSync);
    }

    public JournalEntry withLastSync(Instant lastSync) {
        return new JournalEntry(pairId, path, kind, size, mtime, fileKey, localHash, remoteId, remoteEtag,
                remoteHash, lastSync);
    }
}
