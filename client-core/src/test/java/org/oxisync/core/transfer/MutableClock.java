package org.oxisync.core.transfer;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

/** A clock tests move by hand; shared by the emulator, the api (its sleeper advances it) and the local store. */
final class MutableClock extends Clock {
    private volatile Instant now;

    MutableClock(Instant start) {
        this.now = start;
    }

    synchronized void advance(Duration d) {
        now = now.plus(d);
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
