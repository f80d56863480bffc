package org.oxisync.store.status;

import java.time.Duration;

/** Exponential retry delay: {@code initial * 2^(attempts-1)}, capped at {@code max}. */
public record Backoff(Duration initial, Duration max) {
    public static final Backoff DEFAULT = new Backoff(Duration.ofSeconds(30), Duration.ofHours(6));

    public Backoff {
        if (initial.isNegative() || initial.isZero() || max.compareTo(initial) < 0) {
            throw new IllegalArgumentException("backoff needs 0 < initial <= max");
        }
    }

    public Duration delayAfter(int attempts) {
        if (attempts <= 1) {
            return initial;
        }
        int shift = Math.min(attempts - 1, 30);
        long ms = initial.toMillis();
        return ms > (max.toMillis() >> shift) ? max : Duration.ofMillis(Math.min(max.toMillis(), ms << shift));
    }
}
