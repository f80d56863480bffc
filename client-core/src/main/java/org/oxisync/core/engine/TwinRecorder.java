package org.oxisync.core.engine;

import java.time.Instant;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.scan.ScanResult;
import org.oxisync.store.LocalStore;

/**
 * Writes the journal rows of the twins a run keeps out of its plan ({@link TwinRecords}: entries new to the journal
 * that both sides hold alike), as the plan's {@code RecordJournal} steps would: the row, and for a large file the
 * chunk list the scan computed (so that a later edit on the server comes down as a delta). Through a {@link
 * JournalWriter}: one transaction per {@value JournalWriter#BATCH} rows, made as they are written, never all held.
 *
 * <p>Crash safety: each row states what both sides held when they were read (same content, the local file's size,
 * time and key as scanned, the server's id and ETag as listed); a run killed half-way leaves the rows of its committed
 * batches, and the next run finds the rest new on both sides again (or changed since, which the row's recorded state
 * then shows as a change).
 */
final class TwinRecorder {
    private final LocalStore store;
    private final long pairId;
    private final JournalWriter journal;
    private final long deltaThreshold;

    TwinRecorder(LocalStore store, long pairId, JournalWriter journal, long deltaThreshold) {
        this.store = store;
        this.pairId = pairId;
        this.journal = journal;
        this.deltaThreshold = deltaThreshold;
    }

    /** Records every twin of {@code twins} in order until {@code stop} says so; returns how many were recorded. */
    int record(TwinRecords twins, ScanResult scan, StopSignal stop) {
        int done = 0;
        for (int k = 0; k < twins.size(); k++) {
            if (k % JournalWriter.BATCH == 0 && stop.stopRequested()) {
                break;
            }
            JournalEntry e = twins.get(k).entry();
            journal.upsert(e);
            rememberChunks(e, scan);
            done++;
        }
        journal.flush();
        return done;
    }

    /** As {@code PlanExecutor.rememberChunks} does for a recorded file. */
    private void rememberChunks(JournalEntry e, ScanResult scan) {
        if (e.kind() != EntryKind.FILE || e.size() < deltaThreshold || e.localHash() == null) {
            return;
        }
        scan.digest(e.path())
                .filter(d -> d.size() == e.size() && e.localHash().equals(d.fileHash()) && !d.chunks().isEmpty())
                .ifPresent(d -> journal.later(() -> store.chunks().recordLocalFile(pairId, e.path(), d,
                        Instant.ofEpochMilli(e.mtimeMillis()), e.fileKey())));
    }
}
