package org.oxisync.app.service;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * How often a pair asks the server whether its tree changed, when the server has no real-time bus (OxiCloud 0.8.7
 * has none: reference §7.5). Idle, the configured interval ({@code --poll-seconds}, 30 s by default): one small
 * request each. For {@link #BUSY_WINDOW} after something changed (a run that moved anything, in either direction,
 * or a poll that saw the tree move), a fifth of it, at least {@link #BUSY_FLOOR}: when people work on a shared
 * folder at the same time, changes come in bursts and answer each other (an edit, a conflict copy, a move of the
 * folder it was in), and each round otherwise waits a whole interval. Measured with ten devices of one user
 * (bench/README.md, "Many clients, one folder"): the rounds after the writers stopped were the larger part of the
 * time to converge. The extra cost is one {@code GET /api/folders/{id}} every few seconds during that minute, which
 * the server's delta limiter does not count.
 */
final class PollCadence {
    static final Duration BUSY_WINDOW = Duration.ofMinutes(1);
    static final Duration BUSY_FLOOR = Duration.ofSeconds(2);

    private final Clock clock;
    private Instant busyUntil;

    PollCadence(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /** Something changed on either side: poll often for the next minute. */
    synchronized void activity() {
        busyUntil = clock.instant().plus(BUSY_WINDOW);
    }

    /** The delay before the next poll, given the configured (idle) interval. */
    synchronized Duration next(Duration idle) {
        Instant now = clock.instant();
        if (busyUntil == null || !now.isBefore(busyUntil)) {
            return idle;
        }
        if (Duration.between(now, busyUntil).compareTo(BUSY_WINDOW) > 0) {
            busyUntil = now.plus(BUSY_WINDOW); // the clock went back: the window never grows past one minute
        }
        Duration busy = idle.dividedBy(5);
        if (busy.compareTo(BUSY_FLOOR) < 0) {
            busy = BUSY_FLOOR;
        }
        return busy.compareTo(idle) < 0 ? busy : idle;
    }
}
