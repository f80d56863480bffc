package org.oxisync.core.engine;

import java.time.Instant;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalEntry;

/** Converts between the store's journal rows and the reconciler's journal entries. */
final class JournalMapping {
    private JournalMapping() {}

    static JournalEntry toPlan(org.oxisync.store.journal.JournalEntry r) {
        EntryKind kind = switch (r.kind()) {
            case FILE -> EntryKind.FILE;
            case FOLDER -> EntryKind.DIR;
            case SYMLINK -> EntryKind.SYMLINK;
        };
        long mtime = r.mtime() == null ? 0 : r.mtime().toEpochMilli();
        // an in-sync file has the same hash on both sides: keep one string (64 chars) per row, not two
        String remoteHash = r.remoteHash() != null && r.remoteHash().equals(r.localHash()) ? r.localHash()
                : r.remoteHash();
        return new JournalEntry(r.path(), kind, r.size(), mtime, r.fileKey(), r.localHash(), r.remoteId(),
                r.remoteEtag(), remoteHash);
    }

    static org.oxisync.store.journal.JournalEntry toStore(long pairId, JournalEntry e, Instant now) {
        org.oxisync.store.journal.EntryKind kind = switch (e.kind()) {
            case FILE -> org.oxisync.store.journal.EntryKind.FILE;
            case DIR -> org.oxisync.store.journal.EntryKind.FOLDER;
            case SYMLINK, OTHER -> org.oxisync.store.journal.EntryKind.SYMLINK;
        };
        return new org.oxisync.store.journal.JournalEntry(pairId, e.path(), kind, e.size(),
                e.kind() == EntryKind.DIR ? null : Instant.ofEpochMilli(e.mtimeMillis()), e.fileKey(),
                e.localHash(), e.remoteId(), e.remoteEtag(), e.remoteHash(), now);
    }
}
