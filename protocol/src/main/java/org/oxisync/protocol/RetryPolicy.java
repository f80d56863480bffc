package org.oxisync.protocol;

import java.time.Duration;

/**
 * Bounded retries with exponential backoff and full jitter for idempotent calls and for 429/503 on any call.
 * Attempt n (1-based) waits {@code random(0.5..1) × min(maxDelay, baseDelay × 2^(n-1))}, or the server's
 * {@code Retry-After} when it is given and not above {@code maxRetryAfter} (longer waits are left to the caller).
 */
public record RetryPolicy(int maxAttempts, Duration baseDelay, Duration maxDelay, Duration maxRetryAfter) {
    public static final RetryPolicy DEFAULT =
            new RetryPolicy(4, Duration.ofMillis(500), Duration.ofSeconds(20), Duration.ofSeconds(60));
    public static final RetryPolicy NONE = new RetryPolicy(1, Duration.ZERO, Duration.ZERO, Duration.ZERO);

    public RetryPolicy {
        if (maxAttempts < 1) {
            throw new IllegalArgumentException("maxAttempts must be >= 1");
        }
    }

    /** The backoff before attempt {@code attempt + 1}, given a jitter sample in [0, 1). */
    public Duration backoff(int attempt, double jitter) {
        long base = Math.max(0, baseDelay.toMillis());
        long exp = base << Math.min(20, Math.max(0, attempt - 1));
        long capped = Math.min(maxDelay.toMillis(), exp);
        return Duration.ofMillis((long) (capped * (0.5 + 0.5 * jitter)));
    }
}
