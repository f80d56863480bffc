package org.oxisync.protocol;

import java.time.Clock;
import java.time.Duration;

/**
 * A bandwidth limit in bytes per second, changeable while transfers run (0 = unlimited). A token bucket with a
 * one-second burst on the injected clock; callers that go into debt sleep it off through the {@link Sleeper}.
 * Shared by all streams of one direction, so the limit is for the whole client.
 */
public final class Throttle {
    private final Clock clock;
    private final Sleeper sleeper;
    private volatile long bytesPerSecond;
    private double tokens;
    private long lastNanos;

    public Throttle(Clock clock, Sleeper sleeper, long bytesPerSecond) {
        this.clock = clock;
        this.sleeper = sleeper;
        setBytesPerSecond(bytesPerSecond);
    }

    public static Throttle unlimited(Clock clock, Sleeper sleeper) {
        return new Throttle(clock, sleeper, 0);
    }

    public long bytesPerSecond() {
        return bytesPerSecond;
    }

    /** Changes the limit; takes effect for the next bytes of every running transfer. */
    public void setBytesPerSecond(long bytesPerSecond) {
        if (bytesPerSecond < 0) {
            throw new IllegalArgumentException("bytesPerSecond must be >= 0");
        }
        synchronized (this) {
            long now = nowNanos();
            long old = this.bytesPerSecond;
            // settle the old rate's bucket up to now, then start the new rate from it (never above one second's burst)
            tokens = old <= 0 ? 0 : Math.min(old, tokens + elapsedSince(now) / 1e9 * old);
            tokens = Math.min(tokens, bytesPerSecond);
            this.bytesPerSecond = bytesPerSecond;
            this.lastNanos = now;
        }
    }

    /** The largest piece a stream should pass at once so a low limit still flows smoothly. */
    public int pieceSize(int wanted) {
        long rate = bytesPerSecond;
        return rate <= 0 ? wanted : (int) Math.max(1, Math.min(wanted, Math.max(512, rate / 8)));
    }

    /** Takes {@code bytes} from the bucket, sleeping while it is in debt. */
    public void acquire(long bytes) throws InterruptedException {
        Duration wait;
        synchronized (this) {
            long rate = bytesPerSecond;
            if (rate <= 0) {
                return;
            }
            long now = nowNanos();
            tokens = Math.min(rate, tokens + elapsedSince(now) / 1e9 * rate);
            lastNanos = now;
            tokens -= bytes;
            if (tokens >= 0) {
                return;
            }
            wait = Duration.ofNanos((long) (-tokens / rate * 1e9));
        }
        sleeper.sleep(wait);
    }

    /**
     * Nanoseconds since the bucket was last settled; never negative: a wall clock that jumped back adds no tokens,
     * and does not put the bucket in a debt the size of the jump (which would stall every transfer for as long).
     */
    private long elapsedSince(long now) {
        return Math.max(0, now - lastNanos);
    }

    private long nowNanos() {
        var i = clock.instant();
        return i.getEpochSecond() * 1_000_000_000L + i.getNano();
    }
}
