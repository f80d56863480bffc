package org.oxisync.core.engine;

import org.oxisync.core.plan.EntryKind;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.SyncAction;

/**
 * The step of a {@link PlanExecutor} run that records an entry both sides already agree on (nothing to transfer):
 * its journal row, a folder's rows moved along when both sides moved it the same way, and a large file's chunk list.
 * Runs on the executor's thread.
 */
final class RecordSteps {
    private final PlanExecutor.Session s;

    RecordSteps(PlanExecutor.Session session) {
        this.s = session;
    }

    void record(SyncAction.RecordJournal r) {
        boolean movedFolder = r.entry().kind() == EntryKind.DIR && r.previousPath() != null
                && !r.previousPath().equals(r.entry().path());
        if (movedFolder) {
            // a folder both sides moved the same way (another client, or this one before a kill lost the
            // journal batch of its move): the rows below it move along, as a move step re-keys them
            s.journal().move(r.previousPath(), r.entry().path(), r.entry().remoteId(), old -> r.entry());
        } else {
            s.journal().upsert(r.entry());
        }
        if (!movedFolder && r.previousPath() != null && !r.previousPath().equals(r.entry().path())) {
            s.journal().delete(r.previousPath());
            String from = r.previousPath();
            String to = r.entry().path();
            s.journal().later(() -> s.store().chunks().moveLocalFiles(s.pairId(), from, to));
        }
        rememberChunks(r.entry());
    }

    /**
     * A large file recorded without a transfer (both sides already held the same content: a folder first synced by
     * another client, a copy restored from a backup) keeps the chunk list this scan computed, as a download or an
     * upload does, so that a later edit on the server comes down as a delta that reuses the unchanged chunks of the
     * local file instead of the whole file. Small files come by plain GET anyway, so their rows would only cost space.
     */
    private void rememberChunks(JournalEntry e) {
        if (e.kind() != EntryKind.FILE || e.size() < s.deltaThreshold() || e.localHash() == null) {
            return;
        }
        s.scan().digest(e.path())
                .filter(d -> d.size() == e.size() && e.localHash().equals(d.fileHash()) && !d.chunks().isEmpty())
                .ifPresent(d -> s.journal().later(() -> s.store().chunks().recordLocalFile(s.pairId(), e.path(), d,
                        java.time.Instant.ofEpochMilli(e.mtimeMillis()), e.fileKey())));
    }

}
