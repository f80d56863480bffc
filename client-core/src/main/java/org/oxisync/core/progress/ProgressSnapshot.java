package org.oxisync.core.progress;

import java.time.Duration;
import java.util.Optional;

/**
 * A consistent snapshot of a run's progress.
 *
 * @param fraction the mean of the per-item fractions (the "percent" of §6.4), 0 when there are no items
 * @param bytesPerSecond the smoothed transfer rate, 0 until it can be measured
 * @param eta remaining bytes over the smoothed rate; empty while the rate is unknown or zero
 */
public record ProgressSnapshot(long bytesDone, long bytesTotal, int itemsDone, int itemsFailed, int itemsTotal,
                               double fraction, double bytesPerSecond, Optional<Duration> eta) {

    /** Items that finished, successfully or not. */
    public int itemsFinished() {
        return itemsDone + itemsFailed;
    }
}
