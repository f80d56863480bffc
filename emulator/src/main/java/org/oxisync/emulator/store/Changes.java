package org.oxisync.emulator.store;

import java.util.List;
import org.oxisync.emulator.bus.TreeEvent;
import org.oxisync.emulator.bus.TreeListener;

/**
 * What follows every change of the tree: the snapshot is persisted shortly, and the real-time bus hears about it. Touched under the
 * {@link Tree}'s lock, except the listener, which is set at start.
 */
final class Changes {
    private final Persister persister;
    /** Told about every change (the real-time bus); never blocks. */
    private volatile TreeListener listener = TreeListener.NONE;
    private long version;

    Changes(Persister persister) {
        this.persister = persister;
    }

    /** Marks the state changed: persisted shortly. */
    void changed() {
        version++;
        persister.markDirty();
    }

    /** Bumped by every {@link #changed}: with {@link Rows#version}, what a cached listing of a folder is valid for. */
    long version() {
        return version;
    }

    void listener(TreeListener l) {
        this.listener = l == null ? TreeListener.NONE : l;
    }

    void publish(String userId, String event, String id, String... folderIds) {
        listener.changed(new TreeEvent(userId, event, id, List.of(folderIds)));
    }
}
