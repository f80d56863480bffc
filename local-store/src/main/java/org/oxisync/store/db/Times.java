package org.oxisync.store.db;

import java.time.Instant;

/** Conversions for stored times: epoch nanoseconds for file mtimes (exact change detection), millis elsewhere. */
public final class Times {
    private Times() {
    }

    public static Long toNanos(Instant t) {
        return t == null ? null : Math.addExact(Math.multiplyExact(t.getEpochSecond(), 1_000_000_000L), t.getNano());
    }

    public static Instant fromNanos(Long ns) {
        return ns == null ? null : Instant.ofEpochSecond(Math.floorDiv(ns, 1_000_000_000L), Math.floorMod(ns, 1_000_000_000L));
    }

    public static Long toMillis(Instant t) {
        return t == null ? null : t.toEpochMilli();
    }

    public static Instant fromMillis(Long ms) {
        return ms == null ? null : Instant.ofEpochMilli(ms);
    }
}
