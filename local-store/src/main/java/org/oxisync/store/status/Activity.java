package org.oxisync.store.status;

import java.time.Instant;

/** One line of the activity log; pairId and path may be null for account-wide events. */
public record Activity(long id, Instant time, Long pairId, String kind, String path, String message) {
}
