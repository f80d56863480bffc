package org.oxisync.protocol;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.oxisync.testing.ManualClock;

/** A clock that only moves when something "sleeps" on it (or the test advances it); tests never really wait. */
final class FakeTime extends ManualClock implements Sleeper {
    final List<Duration> sleeps = Collections.synchronizedList(new ArrayList<>());

    FakeTime(Instant start) {
        super(start);
    }

    FakeTime() {
        this(Instant.parse("2026-09-01T10:00:00Z"));
    }

    @Override
    public synchronized void sleep(Duration d) {
        sleeps.add(d);
        advance(d);
    }

    Duration slept() {
        synchronized (sleeps) {
            return sleeps.stream().reduce(Duration.ZERO, Duration::plus);
        }
    }
}
