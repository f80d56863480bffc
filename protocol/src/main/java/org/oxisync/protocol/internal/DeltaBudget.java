package org.oxisync.protocol.internal;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.Sleeper;

/**
 * The client-side budget for the server's 240 delta requests per minute per user (§6.2). A sliding window on the
 * injected clock: a request may start only when fewer than {@code perMinute} started in the last 60 s. That keeps
 * every 60-second window under the limit whatever window the server uses (stricter than a token bucket with a
 * full-minute burst, which can reach twice the limit across a window edge).
 */
final class DeltaBudget {
    private static final Duration WINDOW = Duration.ofMinutes(1);
    private final Clock clock;
    private final Sleeper sleeper;
    private final int perMinute;
    private final ArrayDeque<Instant> starts = new ArrayDeque<>();

    DeltaBudget(Clock clock, Sleeper sleeper, int perMinute) {
        this.clock = clock;
        this.sleeper = sleeper;
        this.perMinute = perMinute;
    }

    void acquire() {
        while (true) {
            Duration wait;
            synchronized (this) {
                Instant now = clock.instant();
                while (!starts.isEmpty() && !starts.peekFirst().plus(WINDOW).isAfter(now)) {
                    starts.removeFirst();
                }
                if (starts.size() < perMinute) {
                    starts.addLast(now);
                    return;
                }
                wait = Duration.between(now, starts.peekFirst().plus(WINDOW));
            }
            try {
                sleeper.sleep(wait);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new OxiCloudException.NetworkFailure("interrupted while waiting for the delta request budget", e);
            }
        }
    }
}
