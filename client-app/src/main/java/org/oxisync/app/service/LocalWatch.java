package org.oxisync.app.service;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Recursive watching of one local folder. {@link #nativeWatch()} uses the OS's own notifications (inotify,
 * FSEvents, ReadDirectoryChangesW) through directory-watcher; tests may feed events by hand.
 */
public interface LocalWatch {

    /** Starts watching {@code root} and everything below it; returns once the watch is registered. */
    Handle watch(Path root, Sink sink) throws IOException;

    /** Where events go (on a watcher thread). */
    interface Sink {
        /** {@code path} (absolute, below the root) was created, modified or deleted. */
        void changed(Path path, boolean directory);

        /** Events were lost (queue overflow) or the watcher failed: only a scan can tell what changed. */
        void overflow(String why);
    }

    /** A running watch. */
    interface Handle extends AutoCloseable {
        @Override
        void close();
    }

    static LocalWatch nativeWatch() {
        return new NativeLocalWatch();
    }
}
