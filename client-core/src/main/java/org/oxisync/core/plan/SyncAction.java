package org.oxisync.core.plan;

import java.util.Objects;

/**
 * One step of a {@link SyncPlan}. Paths are relative to the pair, '/'-separated, NFC, and valid at the moment
 * the step runs in plan order (a step after a folder move names the moved location).
 */
public sealed interface SyncAction {

    /** The path the step produces or acts on. */
    String path();

    /** A short human line for {@code --dry-run}. */
    String describe();

    /** Renames the local entry at {@code from} to a conflict copy name in the same folder; it is uploaded as new. */
    record ConflictCopy(String from, String path, EntryKind kind) implements SyncAction {
        public String describe() {
            return "conflict  keep local " + from + " as " + path;
        }
    }

    record CreateLocalFolder(String path) implements SyncAction {
        public String describe() {
            return "mkdir     local  " + path;
        }
    }

    record CreateRemoteFolder(String path) implements SyncAction {
        public String describe() {
            return "mkdir     remote " + path;
        }
    }

    /**
     * Moves or renames a local entry to mirror a remote move (a folder move carries its subtree). {@code remoteId} is
     * the entry's remote counterpart when it has one (null otherwise): the journal row follows the move by it, also
     * through a stage name the remote side never had.
     */
    record MoveLocal(String from, String path, EntryKind kind, String remoteId) implements SyncAction {
        public MoveLocal(String from, String path, EntryKind kind) {
            this(from, path, kind, null);
        }

        public String describe() {
            return "move      local  " + from + " -> " + path + (caseOnly(from, path) ? " (case only)" : "");
        }
    }

    /** Moves or renames a remote entry to mirror a local move (a folder move carries its subtree). */
    record MoveRemote(String from, String path, String remoteId, EntryKind kind) implements SyncAction {
        public String describe() {
            return "move      remote " + from + " -> " + path + (caseOnly(from, path) ? " (case only)" : "");
        }
    }

    /** Uploads a local file: as a new file when {@code remoteId} is null, else as new content of that file. */
    record Upload(String path, String remoteId, long size, String localHash) implements SyncAction {
        public boolean isNew() {
            return remoteId == null;
        }

        public String describe() {
            return "upload    " + path + (isNew() ? " (new, " : " (update, ") + size + " B)";
        }
    }

    /**
     * Downloads a remote file to {@code path}. {@code replaces} is the local file it overwrites (null when the
     * path is free): the executor checks it is unchanged and keeps its old content in the version store.
     */
    record Download(String path, String remoteId, long size, String remoteHash, LocalState replaces)
            implements SyncAction {
        public String describe() {
            return "download  " + path + (replaces == null ? " (new, " : " (update, ") + size + " B)";
        }
    }

    /**
     * Removes a local entry deleted remotely. {@code expected} (files) guards against a change since the scan;
     * {@code fileCount} counts the files removed with it.
     */
    record DeleteLocal(String path, EntryKind kind, LocalState expected, int fileCount) implements SyncAction {
        public String describe() {
            return "delete    local  " + path + (kind == EntryKind.DIR ? "/ (" + fileCount + " files)" : "");
        }
    }

    /** Moves a remote entry deleted locally to the server's trash. */
    record DeleteRemote(String path, String remoteId, EntryKind kind, int fileCount) implements SyncAction {
        public String describe() {
            return "trash     remote " + path + (kind == EntryKind.DIR ? "/ (" + fileCount + " files)" : "");
        }
    }

    /**
     * Both sides already agree: only the journal is written. {@code previousPath} is the journal path this
     * entry replaces when both sides moved the item the same way (null otherwise).
     */
    record RecordJournal(JournalEntry entry, String previousPath) implements SyncAction {
        public String path() {
            return entry.path();
        }

        public String describe() {
            return "record    " + entry.path() + (previousPath == null ? "" : " (was " + previousPath + ")");
        }
    }

    /** Gone on both sides: the journal entry is dropped. */
    record ForgetJournal(String path) implements SyncAction {
        public String describe() {
            return "forget    " + path;
        }
    }

    /** Left out of this run, reported per item. */
    record Skip(String path, SkipReason reason) implements SyncAction {
        public Skip {
            Objects.requireNonNull(reason, "reason");
        }

        public String describe() {
            return "skip      " + path + " (" + reason + ")";
        }
    }

    private static boolean caseOnly(String a, String b) {
        return !a.equals(b) && a.equalsIgnoreCase(b);
    }
}
