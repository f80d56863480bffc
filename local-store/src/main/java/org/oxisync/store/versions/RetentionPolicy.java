package org.oxisync.store.versions;

import java.time.Duration;

/**
 * How long and how much the version store keeps: versions older than {@code maxAge} go, then the oldest go
 * until the deduplicated bytes of the rest are at most {@code maxTotalBytes}.
 */
public record RetentionPolicy(Duration maxAge, long maxTotalBytes) {
    public static final RetentionPolicy DEFAULT = new RetentionPolicy(Duration.ofDays(30), 10L * 1024 * 1024 * 1024);

    public RetentionPolicy {
        if (maxAge.isNegative() || maxTotalBytes < 0) {
            throw new IllegalArgumentException("retention limits must not be negative");
        }
    }
}
