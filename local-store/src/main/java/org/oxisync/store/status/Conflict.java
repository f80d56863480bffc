package org.oxisync.store.status;

import java.time.Instant;
import java.util.Optional;

/** A conflict: the original path, where the other side's copy was put, when, and whether the user resolved it. */
public record Conflict(long id, long pairId, String path, String conflictCopyPath, Instant time, Optional<Instant> resolvedAt) {
    public boolean resolved() {
        return resolvedAt.isPresent();
    }
}
