package org.oxisync.core.engine;

import java.time.Instant;
import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.SyncAction;
import org.oxisync.core.reason.Reason;
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
    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(TwinRecorder.class);

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

    /**
     * Records every twin of {@code twins} in order until {@code stop} says so, telling {@code listener} of each as the
     * plan's step would (a batch that fails to commit is each of its twins' error in {@code tally}, as a failed step
     * is; they are new on both sides again next run); returns how many were handled.
     */
    int record(TwinRecords twins, ScanResult scan, StopSignal stop, String pairName, SyncListener listener,
               RunTally tally) {
        int done = 0;
        java.util.List<SyncAction.RecordJournal> batch = new java.util.ArrayList<>();
        for (int k = 0; k < twins.size(); k++) {
            if (k % JournalWriter.BATCH == 0 && (!commit(batch, pairName, listener, tally) || stop.stopRequested())) {
                break;
            }
            SyncAction.RecordJournal step = twins.get(k);
            JournalEntry e = step.entry();
            journal.insertNew(e); // a twin's path and remote id are new to the journal (Twins)
            rememberChunks(e, scan);
            batch.add(step);
            done++;
        }
        commit(batch, pairName, listener, tally);
        return done;
    }

    /** Commits the steps of {@code batch}, then tells the listener of each; false when the commit failed. */
    private boolean commit(java.util.List<SyncAction.RecordJournal> batch, String pairName, SyncListener listener,
                           RunTally tally) {
        if (batch.isEmpty()) {
            return true;
        }
        try {
            journal.flush();
            batch.forEach(step -> listener.itemDone(pairName, step.describe(), null));
            return true;
        } catch (RuntimeException e) {
            Reason why = Failures.reason(e);
            LOG.warn("{}: recording {} entries failed: {}", pairName, batch.size(), why.detail());
            for (SyncAction.RecordJournal step : batch) {
                tally.error(step.path(), why);
                store.errors().recordFailure(pairId, step.path(), why.detail(), why.wireCode(), why.args());
                listener.itemFailed(pairName, step.describe(), why);
            }
            return false;
        } finally {
            batch.clear();
        }
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
