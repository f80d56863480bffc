package org.oxisync.core.progress;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * A consistent snapshot of a run's progress.
 *
 * @param fraction the mean of the per-item fractions (the "percent" of §6.4), 0 when there are no items
 * @param bytesPerSecond the smoothed transfer rate, 0 until it can be measured
 * @param eta remaining bytes over the smoothed rate; empty while the rate is unknown or zero
 * @param active the transfers moving bytes right now, oldest first (at most {@link #MAX_ACTIVE}): the
 *               "current transfers" list, each with its own progress
 */
public record ProgressSnapshot(long bytesDone, long bytesTotal, int itemsDone, int itemsFailed, int itemsTotal,
                               double fraction, double bytesPerSecond, Optional<Duration> eta,
                               List<ItemProgress> active) {
    /** More transfers than this never run at once (workers are few); the list is capped so a snapshot stays small. */
    public static final int MAX_ACTIVE = 16;

    public ProgressSnapshot {
        active = List.copyOf(active);
    }

    /** A snapshot without the list of current transfers. */
    public ProgressSnapshot(long bytesDone, long bytesTotal, int itemsDone, int itemsFailed, int itemsTotal,
                            double fraction, double bytesPerSecond, Optional<Duration> eta) {
        this(bytesDone, bytesTotal, itemsDone, itemsFailed, itemsTotal, fraction, bytesPerSecond, eta, List.of());
    }

    /** Items that finished, successfully or not. */
    public int itemsFinished() {
        return itemsDone + itemsFailed;
    }
}
