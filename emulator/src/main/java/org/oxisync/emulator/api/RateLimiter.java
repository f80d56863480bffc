package org.oxisync.emulator.api;

import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

/**
 * The real server's {@code RateLimiter} (src/interfaces/middleware/rate_limit.rs:42-83): a counter per key in a cache
 * whose entries live {@code window} after their last write. Every call, refused ones included, reads the count, adds
 * one and writes it back, and the write restarts the entry's time to live. So the count only goes back to zero after a
 * whole window with no request for that key; a caller that keeps trying while refused stays refused. Uses the
 * injected clock. {@code max = 0} turns it off.
 */
public final class RateLimiter {
    private record Entry(long count, long writtenAtMillis) {}

    private final long max;
    private final long windowMillis;
    private final Clock clock;
    private final Map<String, Entry> entries = new HashMap<>();

    public RateLimiter(long max, Duration window, Clock clock) {
        this.max = max;
        this.windowMillis = window.toMillis();
        this.clock = clock;
    }

    /** Counts this request for the key; true when it is within the limit, false when it must be refused. */
    public synchronized boolean tryAcquire(String key) {
        if (max <= 0) {
            return true;
        }
        long now = clock.millis();
        Entry e = entries.get(key);
        long count = (e == null || now - e.writtenAtMillis() >= windowMillis ? 0 : e.count()) + 1;
        entries.put(key, new Entry(count, now));
        if (entries.size() > 100_000) {
            entries.values().removeIf(x -> now - x.writtenAtMillis() >= windowMillis);
        }
        return count <= max;
    }

    public long windowSeconds() {
        return windowMillis / 1000;
    }
}
