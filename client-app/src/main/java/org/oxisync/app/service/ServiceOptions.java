package org.oxisync.app.service;

import java.time.Duration;
import java.util.Objects;

/**
 * Timing of the continuous sync.
 *
 * @param quietPeriod local changes start a run once the folder has been quiet this long (1 s)
 * @param maxDelay ... but never later than this after the first change of a burst (10 s)
 * @param remotePoll how often the root folder's tree ETag is polled when the server has no bus (30 s)
 * @param remotePollWithBus the same while the real-time bus is connected: only a safety net (5 min)
 * @param fullScan a run on schedule even without any event, to catch what a watcher missed (1 h)
 */
public record ServiceOptions(Duration quietPeriod, Duration maxDelay, Duration remotePoll,
                             Duration remotePollWithBus, Duration fullScan) {
    public ServiceOptions {
        for (Duration d : new Duration[] {quietPeriod, maxDelay, remotePoll, remotePollWithBus, fullScan}) {
            Objects.requireNonNull(d, "durations must not be null");
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException("service durations must be positive: " + d);
            }
        }
        if (maxDelay.compareTo(quietPeriod) < 0) {
            throw new IllegalArgumentException("maxDelay must not be shorter than quietPeriod");
        }
    }

    public static ServiceOptions defaults() {
        return new ServiceOptions(Duration.ofSeconds(1), Duration.ofSeconds(10), Duration.ofSeconds(30),
                Duration.ofMinutes(5), Duration.ofHours(1));
    }

    public ServiceOptions withRemotePoll(Duration v) {
        return new ServiceOptions(quietPeriod, maxDelay, v, remotePollWithBus, fullScan);
    }
}
