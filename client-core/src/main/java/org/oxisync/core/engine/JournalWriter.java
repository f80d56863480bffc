package org.oxisync.core.engine;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.oxisync.core.naming.RelativePaths;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.store.LocalStore;
import org.oxisync.store.journal.Journal;

/**
 * Writes the journal as actions finish, in short batched transactions (every {@value #BATCH} changes and at each
 * phase end). Losing an unflushed batch to a crash is safe: the next run finds both sides equal and records them
 * again, or finds the entry gone on both sides and forgets it.
 *
 * <p>The run's other bookkeeping that a crash may lose (activity lines, chunk-index records: a cache) rides in the
 * same batches through {@link #later}: with {@code synchronous=FULL} every commit costs an fsync, and one or two
 * commits per file were most of a small-file upload's time.
 */
final class JournalWriter {
    static final int BATCH = 256;

    private final LocalStore store;
    private final long pairId;
    private final Clock clock;
    /** Told the path of every row a batch changes, and asked to keep them before the batch commits. */
    private final JournalTouches touches;
    private final List<Runnable> pending = new ArrayList<>();
    /**
     * Held while a batch is written: batches are taken and committed in order, and the monitor (guarding
     * {@link #pending}) is free meanwhile, so transfer workers keep recording while a commit waits for its fsync
     * (blocking them on every commit would be most of the client's stalls in a small-file upload).
     */
    private final java.util.concurrent.locks.ReentrantLock writing = new java.util.concurrent.locks.ReentrantLock(true);

    JournalWriter(LocalStore store, long pairId, Clock clock) {
        this(store, pairId, clock, JournalTouches.NONE);
    }

    JournalWriter(LocalStore store, long pairId, Clock clock, JournalTouches touches) {
        this.store = store;
        this.pairId = pairId;
        this.clock = clock;
        this.touches = touches;
    }

    /**
     * Writes the row for {@code e.path()}; any other row naming the same remote entry is dropped first. A remote id
     * belongs to one path: an item that reaches a new path other than by a move step (deleted on one side and moved
     * on the other, then copied to its new place) would otherwise leave its old row behind, naming the same id.
     */
    void upsert(JournalEntry e) {
        var row = JournalMapping.toStore(pairId, e, clock.instant());
        add(() -> {
            if (row.remoteId() != null) {
                dropOtherRowsNaming(row.remoteId(), row.path());
            }
            touches.touched(row.path());
            store.journal().upsert(row);
        });
    }

    /**
     * Writes the row of an entry whose path and remote id the journal does not know, without {@link #upsert}'s
     * look-up of other rows naming the id. For twins ({@link org.oxisync.core.plan.Twins}: neither the path nor the
     * remote id is in the run's journal base, and they are recorded before any step of the plan runs, so no other
     * row can name the id). At a million files of a join that look-up was one query per row, about half of the time
     * spent recording (bench/README.md, "The join without a plan item per file").
     */
    void insertNew(JournalEntry e) {
        var row = JournalMapping.toStore(pairId, e, clock.instant());
        add(() -> {
            touches.touched(row.path());
            store.journal().upsert(row);
        });
    }

    private void dropOtherRowsNaming(String remoteId, String path) {
        Journal j = store.journal();
        var other = j.findByRemoteId(pairId, remoteId);
        if (other.isPresent() && other.get().path().equals(path)) {
            j.delete(pairId, path); // rewritten by the caller; lets the lookup below see any other row
            other = j.findByRemoteId(pairId, remoteId);
        }
        while (other.isPresent()) {
            touches.touched(other.get().path());
            j.delete(pairId, other.get().path());
            other = j.findByRemoteId(pairId, remoteId);
        }
    }

    /** A store write that may wait for the next batch (see the class comment); it runs inside a transaction. */
    void later(Runnable write) {
        add(write);
    }

    void delete(String path) {
        add(() -> {
            touches.touched(path);
            store.journal().delete(pairId, path);
        });
    }

    void deleteTree(String path) {
        add(() -> {
            touches.touched(path);
            store.journal().delete(pairId, path);
            store.journal().deleteTree(pairId, path);
        });
    }

    /**
     * Re-keys the item's row and its subtree to {@code to}. The item's row is the one at {@code from} (its path
     * before the move), else the one naming {@code remoteId}: when both sides moved an item, the side that follows
     * moves it from where it is now, while the journal still has it at its old path. {@code newRow} makes the row
     * at {@code to} from the old row (null when there is none).
     */
    void move(String from, String to, String remoteId, UnaryOperator<JournalEntry> newRow) {
        // Goes with the next batch, after everything recorded before it and before everything recorded after it
        // (the batch runs its writes in order, each seeing the ones before). A move committed on its own would cost
        // an fsync per move: most of a 1,000-rename run. Losing it to a crash is as safe as losing any other row: the
        // next run finds the item at the same new path on both sides (moved locally and on the server) and
        // records it there, without a transfer (JournalWriterTest, a lost move batch).
        add(() -> rekey(from, to, remoteId, newRow));
    }

    private void rekey(String from, String to, String remoteId, UnaryOperator<JournalEntry> newRow) {
        Journal j = store.journal();
        store.inTransaction(() -> { // nested in the batch's transaction: one commit for the whole batch
            var row = j.get(pairId, from);
            if (row.isEmpty() && remoteId != null) {
                row = j.findByRemoteId(pairId, remoteId);
            }
            String source = row.map(r -> r.path()).orElse(from);
            touches.touched(source);
            touches.touched(to);
            List<org.oxisync.store.journal.JournalEntry> subtree = j.descendants(pairId, source);
            j.delete(pairId, source);
            j.deleteTree(pairId, source);
            j.upsert(JournalMapping.toStore(pairId, newRow.apply(row.map(JournalMapping::toPlan).orElse(null)),
                    clock.instant()));
            for (var r : subtree) {
                var p = JournalMapping.toPlan(r);
                var rebased = new JournalEntry(RelativePaths.rebase(p.path(), source, to), p.kind(), p.size(),
                        p.mtimeMillis(), p.fileKey(), p.localHash(), p.remoteId(), p.remoteEtag(), p.remoteHash());
                j.upsert(JournalMapping.toStore(pairId, rebased, clock.instant()));
            }
            store.chunks().moveLocalFiles(pairId, source, to); // a later delta download still reuses their chunks
        });
    }

    private void add(Runnable op) {
        boolean full;
        synchronized (this) {
            pending.add(op);
            full = pending.size() >= BATCH;
        }
        if (full) {
            flush();
        }
    }

    /** Writes everything recorded so far, in one transaction. */
    void flush() {
        writing.lock();
        try {
            writePending();
        } finally {
            writing.unlock();
        }
    }

    /** With {@link #writing} held. */
    private void writePending() {
        List<Runnable> ops;
        synchronized (this) {
            if (pending.isEmpty()) {
                return;
            }
            ops = new ArrayList<>(pending);
            pending.clear();
        }
        store.inTransaction(() -> {
            ops.forEach(Runnable::run);
            try { // the paths kept before the commit that changes them (see SealTouches)
                touches.persist();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException("could not keep the journal paths of a batch", e);
            }
        });
    }
}
