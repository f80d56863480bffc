package org.oxisync.core.transfer;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What the server got while the scan hashed a file ({@link EarlySendingDigester}), by the file's content hash, until
 * that content's {@link DeltaUpload} takes it: the chunks PUT then (sent, not sent again) and the chunks negotiate
 * answered present (not negotiated again). Keyed by content, so a file that changed after it was hashed finds nothing
 * and is uploaded in full. An entry lives {@link #KEEP}: the server collects loose chunks after an hour (§6.2 b), and
 * the commit's {@code still_missing} covers chunks collected sooner. Thread-safe; one per engine.
 */
public final class EarlyChunks {
    /** Less than the server's one-hour grace for loose chunks. */
    static final Duration KEEP = Duration.ofMinutes(50);

    /** The early send of one content: chunks PUT (and their bytes) and chunks the server already had. */
    record Sent(Set<String> put, Set<String> present, long bytesPut, Instant at) {
        static final Sent NONE = new Sent(Set.of(), Set.of(), 0, Instant.EPOCH);

        Sent {
            put = Set.copyOf(put);
            present = Set.copyOf(present);
        }
    }

    private final Map<String, Sent> byFileHash = new ConcurrentHashMap<>();
    private final Clock clock;

    public EarlyChunks(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    void record(String fileHash, Set<String> put, Set<String> present, long bytesPut) {
        Instant now = clock.instant();
        byFileHash.values().removeIf(s -> expired(s, now));
        if (!put.isEmpty() || !present.isEmpty()) {
            byFileHash.put(fileHash, new Sent(put, present, bytesPut, now));
        }
    }

    /** The early send of this content, removed from here; {@link Sent#NONE} when there was none or it is too old. */
    Sent take(String fileHash) {
        Sent s = byFileHash.remove(fileHash);
        return s == null || expired(s, clock.instant()) ? Sent.NONE : s;
    }

    /** Whether an early send of this content waits for its upload (for tests and logs). */
    public boolean holds(String fileHash) {
        return Optional.ofNullable(byFileHash.get(fileHash)).filter(s -> !expired(s, clock.instant())).isPresent();
    }

    private static boolean expired(Sent s, Instant now) {
        return s.at().plus(KEEP).isBefore(now);
    }
}
