package org.oxisync.core.engine;

import java.util.Map;
import java.util.TreeMap;
import org.oxisync.core.plan.JournalEntry;

/**
 * What an item line of a run's activity records so that the run can be undone (core/undo): the content the path
 * held before the run as both sides last agreed ({@code before}, absent when the run created the path), the content
 * it holds after ({@code after}, absent when the run removed it), the server's id of the item ({@code remote}) and,
 * for a folder, {@code folder=true}. The bytes of {@code before} are found again by hash: in the local version store
 * (the run kept every local file it replaced or removed) or as the trashed item on the server.
 */
final class UndoFacts {
    private UndoFacts() {}

    static Map<String, String> of(long bytes, JournalEntry base, String after, String remoteId, boolean folder) {
        Map<String, String> args = new TreeMap<>();
        args.put("bytes", String.valueOf(bytes));
        if (base != null && base.localHash() != null) {
            args.put("before", base.localHash());
        } else if (base != null && folder) {
            args.put("before", "folder");
        }
        if (after != null) {
            args.put("after", after);
        }
        if (remoteId != null) {
            args.put("remote", remoteId);
        }
        if (folder) {
            args.put("folder", "true");
        }
        return args;
    }

    /**
     * What a transfer replaced: the journal's entry at {@code path} as the run began, or, for a file this run moved
     * there before it transferred it, the entry of its server id (at the path it was moved from).
     */
    static JournalEntry base(java.util.Map<String, JournalEntry> journal, String path, String remoteId) {
        JournalEntry base = journal.get(path);
        if (base == null && remoteId != null) {
            for (JournalEntry j : journal.values()) {
                if (remoteId.equals(j.remoteId())) {
                    return j;
                }
            }
        }
        return base;
    }

    /**
     * What a download replaced: as {@link #base}, or, for a local file the journal did not know (kept as a version
     * as it was replaced), that file's content.
     */
    static JournalEntry replaced(java.util.Map<String, JournalEntry> journal,
                                 org.oxisync.core.plan.SyncAction.Download d) {
        JournalEntry base = base(journal, d.path(), d.remoteId());
        if (base == null && d.replaces() != null && d.replaces().hash() != null) {
            return JournalEntry.file(d.path(), d.replaces().size(), d.replaces().mtimeMillis(), null,
                    d.replaces().hash(), null, null);
        }
        return base;
    }
}
