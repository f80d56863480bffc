package org.oxisync.store;

import java.time.Duration;
import org.oxisync.store.status.ActivityLog;
import org.oxisync.store.status.Backoff;
import org.oxisync.store.versions.RetentionPolicy;

/**
 * Tunables of a {@link LocalStore}. {@code gcGrace}: chunk files younger than this are never collected, which
 * covers chunks put just before the record that references them is committed.
 */
public record StoreOptions(RetentionPolicy retention, Backoff backoff, int activityCapacity, Duration gcGrace) {
    public static final StoreOptions DEFAULT = new StoreOptions(RetentionPolicy.DEFAULT, Backoff.DEFAULT,
            ActivityLog.DEFAULT_CAPACITY, Duration.ofMinutes(10));

    public StoreOptions withRetention(RetentionPolicy r) {
        return new StoreOptions(r, backoff, activityCapacity, gcGrace);
    }

    public StoreOptions withActivityCapacity(int n) {
        return new StoreOptions(retention, backoff, n, gcGrace);
    }

    public StoreOptions withGcGrace(Duration g) {
        return new StoreOptions(retention, backoff, activityCapacity, g);
    }

    public StoreOptions withBackoff(Backoff b) {
        return new StoreOptions(retention, b, activityCapacity, gcGrace);
    }
}
