package org.oxisync.emulator.store;

import java.time.Clock;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.oxisync.emulator.store.Model.Folder;

/**
 * Folders' tree ETags ({@code treeModifiedAt}): a change bumps the changed item's folder and every ancestor. As on
 * the real server (tree_etag_flush_service.rs:28-33, 160-163; config.rs:249-250, 1290) the bumps are queued and a
 * background task applies them every OXICLOUD_TREE_ETAG_FLUSH_MS (500 ms); a zero delay bumps at once instead.
 * Called under the {@link Tree}'s lock; the flush task takes that lock itself.
 */
final class TreeEtags implements AutoCloseable {
    private final Object lock;
    private final Rows rows;
    private final Changes changes;
    private final Clock clock;
    private final Set<String> dirtyFolders = new LinkedHashSet<>();
    private final ScheduledExecutorService flusher;

    TreeEtags(Object lock, Rows rows, Changes changes, Clock clock, Duration flushDelay) {
        this.lock = lock;
        this.rows = rows;
        this.changes = changes;
        this.clock = clock;
        this.flusher = flushDelay.isZero() ? null : Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "emulator-tree-etag-flush");
            t.setDaemon(true);
            return t;
        });
        if (flusher != null) {
            long period = Math.max(1, flushDelay.toMillis());
            flusher.scheduleAtFixedRate(this::flushDirty, period, period, TimeUnit.MILLISECONDS);
        }
    }

    /** Bumps {@code folderId} and every ancestor (the strict ancestors of the changed item). */
    void bumpFrom(String folderId) {
        for (Folder x = folderId == null ? null : rows.folders.get(folderId); x != null; x = rows.parent(x)) {
            if (flusher == null) {
                bump(x);
            } else {
                dirtyFolders.add(x.id);
            }
        }
    }

    private void bump(Folder f) {
        f.treeModifiedAt = Math.max(clock.instant().getEpochSecond(), f.treeModifiedAt + 1);
    }

    private void flushDirty() {
        synchronized (lock) {
            try {
                if (!dirtyFolders.isEmpty()) {
                    applyDirty();
                    changes.changed();
                }
            } catch (RuntimeException e) {
                // keep the periodic task alive
            }
        }
    }

    /** Applies the queued bumps now. */
    void applyDirty() {
        for (String id : dirtyFolders) {
            Folder f = rows.folders.get(id);
            if (f != null) {
                bump(f);
            }
        }
        dirtyFolders.clear();
    }

    /** Stops the flush task and applies what it still held. */
    @Override
    public void close() {
        if (flusher != null) {
            flusher.shutdownNow();
            synchronized (lock) {
                applyDirty();
            }
        }
    }
}
