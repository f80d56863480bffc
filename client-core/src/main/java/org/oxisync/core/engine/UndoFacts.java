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
}
