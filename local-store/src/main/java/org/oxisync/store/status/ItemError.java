package org.oxisync.store.status;

import java.time.Instant;
import java.util.Map;

/**
 * The last failure of one item, how often it failed and when it may be retried. {@code code} is the kind of the
 * failure (client-core's ReasonCode name; null in rows written before it was kept) and {@code args} its values;
 * {@code message} is the English sentence.
 */
public record ItemError(long pairId, String path, String message, int attempts, Instant firstFailure,
                        Instant lastFailure, Instant nextRetry, String code, Map<String, String> args) {
    public ItemError {
        args = args == null ? Map.of() : Map.copyOf(args);
    }

    public ItemError(long pairId, String path, String message, int attempts, Instant firstFailure,
                     Instant lastFailure, Instant nextRetry) {
        this(pairId, path, message, attempts, firstFailure, lastFailure, nextRetry, null, Map.of());
    }
}
