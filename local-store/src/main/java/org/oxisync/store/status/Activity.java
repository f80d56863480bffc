package org.oxisync.store.status;

import java.time.Instant;
import java.util.Map;

/**
 * One line of the activity log; pairId and path may be null for account-wide events. {@code code} is the kind of the
 * line (client-core's ActivityCode name; null in rows written before it was kept, or by a writer that has none) and
 * {@code args} its values; {@code message} is the English sentence.
 */
public record Activity(long id, Instant time, Long pairId, String kind, String path, String message, String code,
                       Map<String, String> args) {
    public Activity {
        args = args == null ? Map.of() : Map.copyOf(args);
    }

    public Activity(long id, Instant time, Long pairId, String kind, String path, String message) {
        this(id, time, pairId, kind, path, message, null, Map.of());
    }
}
