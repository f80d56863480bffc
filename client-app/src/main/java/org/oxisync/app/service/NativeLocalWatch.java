package org.oxisync.app.service;

import io.methvin.watcher.DirectoryChangeEvent;
import io.methvin.watcher.DirectoryChangeListener;
import io.methvin.watcher.DirectoryWatcher;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutorService;

/**
 * {@link LocalWatch} over io.methvin directory-watcher: recursive, native on Linux, macOS and Windows. File hashing
 * is off: it would read every file at start (the engine's scan does the real comparison), and it would hide
 * touch-only changes the engine should see.
 */
final class NativeLocalWatch implements LocalWatch {
    @Override
    public Handle watch(Path root, Sink sink) throws IOException {
        DirectoryWatcher watcher = DirectoryWatcher.builder()
                .path(root)
                .fileHashing(false)
                .listener(new DirectoryChangeListener() {
                    @Override
                    public void onEvent(DirectoryChangeEvent e) {
                        if (e.eventType() == DirectoryChangeEvent.EventType.OVERFLOW) {
                            sink.overflow("the watcher's event queue overflowed");
                        } else if (e.path() != null) {
                            sink.changed(e.path(), e.isDirectory());
                        }
                    }

                    @Override
                    public void onException(Exception e) {
                        sink.overflow("the watcher failed: " + e);
                    }
                })
                .build();
        ExecutorService thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "oxisync-watch");
            t.setDaemon(true);
            return t;
        });
        watcher.watchAsync(thread).whenComplete((v, error) -> {
            if (!watcher.isClosed()) {
                sink.overflow("the watcher stopped" + (error == null ? "" : ": " + error));
            }
        });
        return () -> {
            try {
                watcher.close();
            } catch (IOException ignored) {
                // closing
            } finally {
                thread.shutdownNow();
            }
        };
    }
}
