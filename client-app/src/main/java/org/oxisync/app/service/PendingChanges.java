package org.oxisync.app.service;

import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.oxisync.core.engine.ItemError;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;
import org.oxisync.store.LocalStore;

/**
 * What a pair's next run must look at: the local paths changed since the last run that ended OK, whether the whole
 * tree must be scanned instead, the server folders a bus event named, and the user's answer to a mass-delete stop.
 * Events that arrive while a run is queued or going are held apart ({@link #changedDuringRun}) and judged when it
 * ends, because the run may be writing those very paths. Not thread-safe: its {@link PairWorker} guards it with its
 * own lock.
 */
final class PendingChanges {
    /** Paths remembered; more than this counts as "something changed" (a full scan). */
    static final int MAX_TRACKED = 10_000;

    /** What one run takes: its local hint, the folders to list whatever their ETag says, the user's answer. */
    record Taken(boolean full, Set<String> paths, Set<String> staleFolders, MassDeleteChoice answer) {}

    private final Set<String> dirtyPaths = new HashSet<>();
    private final Set<String> changedDuringRun = new HashSet<>();
    private boolean overflowDuringRun;
    private final Set<String> staleRemote = new HashSet<>();
    /** The next run scans the whole local tree: first run, watcher overflow, periodic run, on demand, new settings. */
    private boolean fullScanDue = true;
    private MassDeleteChoice massDeleteChoice;

    /** A local path changed while no run is queued or going. */
    void addDirty(String relativePath) {
        if (dirtyPaths.size() < MAX_TRACKED) {
            dirtyPaths.add(relativePath);
        } else {
            fullScanDue = true;
        }
    }

    /** A local path changed while a run is queued or going: judged when it ends. */
    void changedDuringRun(String relativePath) {
        if (changedDuringRun.size() < MAX_TRACKED) {
            changedDuringRun.add(relativePath);
        } else {
            overflowDuringRun = true;
        }
    }

    void overflowDuringRun() {
        overflowDuringRun = true;
    }

    void fullScanDue() {
        fullScanDue = true;
    }

    void remoteFolderChanged(String folderId) {
        if (staleRemote.size() < MAX_TRACKED) {
            staleRemote.add(folderId);
        }
    }

    void answer(MassDeleteChoice choice) {
        massDeleteChoice = choice;
    }

    /** Anything waiting for a run (a resumed pair runs at once then). */
    boolean anyLocal() {
        return fullScanDue || !dirtyPaths.isEmpty();
    }

    /**
     * Hands everything to the run that starts now. Events that came while it was queued are the user's (the run has
     * written nothing yet), so they join the hint.
     */
    Taken takeForRun() {
        changedDuringRun.forEach(this::addDirty);
        changedDuringRun.clear();
        fullScanDue |= overflowDuringRun;
        overflowDuringRun = false;
        boolean full = fullScanDue;
        Set<String> paths = full ? Set.of() : Set.copyOf(dirtyPaths);
        fullScanDue = false;
        dirtyPaths.clear();
        Set<String> stale = Set.copyOf(staleRemote);
        staleRemote.clear();
        MassDeleteChoice answer = massDeleteChoice;
        massDeleteChoice = null;
        return new Taken(full, paths, stale, answer);
    }

    /**
     * After a run that did not end OK ({@code report} null when it threw): not everything it was given was handled,
     * so the next run looks at those paths, folders and the failed items' paths again.
     */
    void giveBack(Taken taken, SyncReport report) {
        if (report != null && report.status() == SyncStatus.OK) {
            return;
        }
        fullScanDue |= taken.full();
        taken.paths().forEach(this::addDirty);
        staleRemote.addAll(taken.staleFolders());
        if (report != null) {
            for (ItemError e : report.errors()) {
                if (!e.path().isEmpty()) {
                    addDirty(e.path());
                }
            }
        }
    }

    /**
     * Judges the events that arrived while the run was queued or going: the engine's own writes match the journal
     * now, so only a path that differs from it is a change. Returns whether a run is due for them.
     */
    boolean judgeChangesDuringRun(LocalStore store, long pairId, Path root) {
        boolean dirty = overflowDuringRun;
        overflowDuringRun = false;
        if (!dirty && !changedDuringRun.isEmpty()) {
            for (String p : changedDuringRun) {
                if (JournalDrift.differs(store, pairId, root, p)) {
                    dirty = true;
                    addDirty(p);
                }
            }
        } else if (dirty) {
            fullScanDue = true; // the watcher overflowed during the run, or too many paths to remember
        }
        changedDuringRun.clear();
        return dirty;
    }
}
