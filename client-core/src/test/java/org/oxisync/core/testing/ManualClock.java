package org.oxisync.core.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock only the test moves, and only forwards (but for {@link #jumpBack}, for the tests of a wall clock corrected
 * backwards); the one test clock of client-core's tests.
 */
public final class ManualClock extends Clock {
    private volatile Instant now;

    public ManualClock(Instant start) {
        this.now = start;
    }

    /** Moves to {@code t} unless that is in the past. */
    public synchronized void set(Instant t) {
        if (t.isAfter(now)) {
            now = t;
        }
    }

    public synchronized void advance(Duration d) {
        set(now.plus(d));
    }

    /** The wall clock is set back by {@code d} (NTP, the user, a dead RTC battery): docs/local-faults.md. */
    public synchronized void jumpBack(Duration d) {
        now = now.minus(d);
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        return this;
    }

    @Override
    public Instant instant() {
        return now;
    }
}
