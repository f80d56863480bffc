package org.oxisync.protocol;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** A clock that only moves when something "sleeps" on it; tests never really wait. */
final class FakeTime extends Clock implements Sleeper {
    private volatile Instant now;
    final List<Duration> sleeps = Collections.synchronizedList(new ArrayList<>());

    FakeTime(Instant start) {
        this.now = start;
    }

    FakeTime() {
        this(Instant.parse("2026-09-01T10:00:00Z"));
    }

    @Override
    public synchronized void sleep(Duration d) {
        sleeps.add(d);
        now = now.plus(d);
    }

    synchronized void advance(Duration d) {
        now = now.plus(d);
    }

    Duration slept() {
        synchronized (sleeps) {
            return sleeps.stream().reduce(Duration.ZERO, Duration::plus);
        }
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
