package org.oxisync.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/**
 * A clock only the test moves: forwards with {@link #advance} and {@link #set}, backwards only through
 * {@link #jumpBack}, for the tests of a wall clock set back (NTP, the user, a dead RTC battery: docs/local-faults.md).
 * The one settable test clock of every module's tests; not final so that a test double that also sleeps on it
 * (protocol's FakeTime) can be one.
 */
public class ManualClock extends Clock {
    private volatile Instant now;

    public ManualClock(Instant start) {
        this.now = start;
    }

    /** Moves to {@code t} unless that is in the past (a scheduler running its due tasks in order). */
    public synchronized void set(Instant t) {
        if (t.isAfter(now)) {
            now = t;
        }
    }

    /** Moves forwards by {@code d}; a negative {@code d} is refused (say {@link #jumpBack} instead). */
    public synchronized void advance(Duration d) {
        if (d.isNegative()) {
            throw new IllegalArgumentException("advance(" + d + ") goes back: use jumpBack");
        }
        now = now.plus(d);
    }

    /** The wall clock is set back by {@code d}. */
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
