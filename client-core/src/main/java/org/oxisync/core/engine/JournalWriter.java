package org.oxisync.core.engine;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.store.LocalStore;
import org.oxisync.store.journal.Journal;

/**
 * Writes the journal as actions finish, in short batched transactions (every {@value #BATCH} changes and at each
 * phase end). Losing an unflushed batch to a crash is safe: the next run finds both sides equal and records them
 * again, or finds the entry gone on both sides and forgets it.
 */
final class JournalWriter {
    static final int BATCH = 256;

    private final LocalStore store;
    private final long pairId;
    private final Clock clock;
    private final List<Runnable> pending = new ArrayList<>();

    JournalWriter(LocalStore store, long pairId, Clock clock) {
        this.store = store;
        this.pairId = pairId;
        this.clock = clock;
    }

    synchronized void upsert(JournalEntry e) {
        var row = JournalMapping.toStore(pairId, e, clock.instant());
        add(() -> store.journal().upsert(row));
    }

    synchronized void delete(String path) {
        add(() -> store.journal().delete(pairId, path));
    }

    synchronized void deleteTree(String path) {
        add(() -> {
            store.journal().delete(pairId, path);
            store.journal().deleteTree(pairId, path);
        });
    }

    /** Re-keys {@code from} and its subtree to {@code to}, with {@code moved} as the new entry of {@code from}. */
    synchronized void move(String from, String to, JournalEntry moved) {
        flush();
        Journal j = store.journal();
        store.inTransaction(() -> {
            List<org.oxisync.store.journal.JournalEntry> subtree = new ArrayList<>();
            for (var row : j.all(pairId)) {
                if (RelativePaths.isStrictAncestor(from, row.path())) {
                    subtree.add(row);
                }
            }
            j.delete(pairId, from);
            j.deleteTree(pairId, from);
            j.upsert(JournalMapping.toStore(pairId, moved, clock.instant()));
            for (var row : subtree) {
                var p = JournalMapping.toPlan(row);
                var rebased = new JournalEntry(RelativePaths.rebase(p.path(), from, to), p.kind(), p.size(),
                        p.mtimeMillis(), p.fileKey(), p.localHash(), p.remoteId(), p.remoteEtag(), p.remoteHash());
                j.upsert(JournalMapping.toStore(pairId, rebased, clock.instant()));
            }
        });
    }

    private void add(Runnable op) {
        pending.add(op);
        if (pending.size() >= BATCH) {
            flush();
        }
    }

    synchronized void flush() {
        if (pending.isEmpty()) {
            return;
        }
        List<Runnable> ops = new ArrayList<>(pending);
        pending.clear();
        store.inTransaction(() -> ops.forEach(Runnable::run));
    }
}
