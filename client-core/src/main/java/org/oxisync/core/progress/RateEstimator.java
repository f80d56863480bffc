package org.oxisync.core.progress;

import java.time.Duration;
import java.util.Optional;

/**
 * An exponentially smoothed byte rate for irregular samples: each sample's weight is
 * {@code 1 - exp(-dt / halfLife * ln 2)}, so the estimate forgets old rates with the given half-life whatever
 * the sampling interval. Samples closer together than {@code minInterval} are merged into the next one.
 * Not thread-safe; {@link ProgressAccumulator} calls it under its lock.
 */
final class RateEstimator {
    private final long halfLifeNanos;
    private final long minIntervalNanos;
    private long lastNanos;
    private long lastBytes;
    private double rate;
    private boolean hasRate;
    private boolean started;

    RateEstimator(Duration halfLife, Duration minInterval) {
        this.halfLifeNanos = halfLife.toNanos();
        this.minIntervalNanos = minInterval.toNanos();
    }

    /** Feeds the cumulative byte count seen at {@code nowNanos}. */
    void sample(long nowNanos, long bytes) {
        if (!started) {
            started = true;
            lastNanos = nowNanos;
            lastBytes = bytes;
            return;
        }
        long dt = nowNanos - lastNanos;
        if (dt < 0) {
            // the wall clock went back: measure from here (the rate so far stays) instead of ignoring every sample
            // until the clock is past the old one again
            lastNanos = nowNanos;
            lastBytes = bytes;
            return;
        }
        if (dt < minIntervalNanos || dt == 0) {
            return;
        }
        double instant = Math.max(0, bytes - lastBytes) * 1e9 / dt;
        if (hasRate) {
            double w = 1 - Math.exp(-Math.log(2) * dt / halfLifeNanos);
            rate += w * (instant - rate);
        } else {
            rate = instant;
            hasRate = true;
        }
        lastNanos = nowNanos;
        lastBytes = bytes;
    }

    double rate() {
        return hasRate ? rate : 0;
    }

    Optional<Duration> eta(long remainingBytes) {
        if (remainingBytes <= 0) {
            return Optional.of(Duration.ZERO);
        }
        if (!hasRate || rate <= 0) {
            return Optional.empty();
        }
        return Optional.of(Duration.ofNanos((long) Math.min(Long.MAX_VALUE, remainingBytes / rate * 1e9)));
    }
}
