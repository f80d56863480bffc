package org.oxisync.store.status;

import java.time.Instant;

/** The last failure of one item, how often it failed and when it may be retried. */
public record ItemError(long pairId, String path, String message, int attempts, Instant firstFailure,
                        Instant lastFailure, Instant nextRetry) {
}
