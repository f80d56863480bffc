package org.oxisync.store;

import java.time.Duration;
import java.util.Objects;
import org.oxisync.store.io.FileWrites;
import org.oxisync.store.status.ActivityLog;
import org.oxisync.store.status.Backoff;
import org.oxisync.store.versions.RetentionPolicy;

/**
 * Tunables of a {@link LocalStore}. {@code gcGrace}: chunk files younger than this are never collected, which
 * covers chunks put just before the record that references them is committed. {@code fileWrites}: how content files
 * are opened for writing ({@link FileWrites#SYSTEM}; tests pass a disk that fills up).
 */
public record StoreOptions(RetentionPolicy retention, Backoff backoff, int activityCapacity, Duration gcGrace,
                           FileWrites fileWrites) {
    public static final StoreOptions DEFAULT = new StoreOptions(RetentionPolicy.DEFAULT, Backoff.DEFAULT,
            ActivityLog.DEFAULT_CAPACITY, Duration.ofMinutes(10), FileWrites.SYSTEM);

    public StoreOptions {
        Objects.requireNonNull(fileWrites, "fileWrites");
    }

    /** Without a file-write seam: the platform's file system. */
    public StoreOptions(RetentionPolicy retention, Backoff backoff, int activityCapacity, Duration gcGrace) {
        this(retention, backoff, activityCapacity, gcGrace, FileWrites.SYSTEM);
    }

    public StoreOptions withRetention(RetentionPolicy r) {
        return new StoreOptions(r, backoff, activityCapacity, gcGrace, fileWrites);
    }

    public StoreOptions withActivityCapacity(int n) {
        return new StoreOptions(retention, backoff, n, gcGrace, fileWrites);
    }

    public StoreOptions withGcGrace(Duration g) {
        return new StoreOptions(retention, backoff, activityCapacity, g, fileWrites);
    }

    public StoreOptions withBackoff(Backoff b) {
        return new StoreOptions(retention, b, activityCapacity, gcGrace, fileWrites);
    }

    public StoreOptions withFileWrites(FileWrites w) {
        return new StoreOptions(retention, backoff, activityCapacity, gcGrace, w);
    }
}
