package org.oxisync.core.progress;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;

/**
 * The incremental progress accumulator of protocol reference §6.4: every item has a fraction in [0, 1]; a
 * running sum is updated by {@code new - old} on every change, so an update costs O(1) and nothing is ever
 * rescanned. Restarting an item sets it back to 0; completion or failure forces it to 1 (and its bytes to
 * its total), so the overall figure never stalls on a failed item. Bytes done/total and items done/failed
 * are kept the same way.
 *
 * <p>Thread-safe: transfer workers update their own items concurrently; every operation holds one short
 * lock. The ETA comes from a smoothed rate sampled on the injected clock whenever a snapshot is taken.
 *
 * <p>Items that have started moving bytes and are not finished are "active": a snapshot lists them (oldest
 * first) as the current transfers. The set holds at most as many items as there are workers, so copying it into a
 * snapshot costs O(workers), independent of the run's size.
 *
 * <p>A finished item's label (its path) is let go: only active items are listed by it, and a first upload of a
 * million files held every path to the run's end, about 80 bytes a file (bench/README.md "A million new files"). Its
 * {@link #item} then has no label; an item started over after it finished is listed with an empty one.
 */
public final class ProgressAccumulator {
    private final Clock clock;
    private final Object lock = new Object();
    private final RateEstimator rate;

    private String[] labels = new String[16];
    private long[] totals = new long[16];
    private long[] done = new long[16];
    private double[] fractions = new double[16];
    private ItemState[] states = new ItemState[16];
    private int count;
    private final LinkedHashSet<Integer> active = new LinkedHashSet<>();

    private double fractionSum;
    private long bytesDone;
    private long bytesTotal;
    private int itemsDone;
    private int itemsFailed;

    public ProgressAccumulator(Clock clock) {
        this(clock, Duration.ofSeconds(5), Duration.ofMillis(250));
    }

    /** @param halfLife how quickly the smoothed rate forgets; @param minSampleInterval samples closer are merged */
    public ProgressAccumulator(Clock clock, Duration halfLife, Duration minSampleInterval) {
        this.clock = clock;
        this.rate = new RateEstimator(halfLife, minSampleInterval);
    }

    /** Registers an item of {@code totalBytes} bytes; returns its id. */
    public int add(String label, long totalBytes) {
        if (totalBytes < 0) {
            throw new IllegalArgumentException("negative size for " + label);
        }
        synchronized (lock) {
            if (count == totals.length) {
                int n = count * 2;
                labels = Arrays.copyOf(labels, n);
                totals = Arrays.copyOf(totals, n);
                done = Arrays.copyOf(done, n);
                fractions = Arrays.copyOf(fractions, n);
                states = Arrays.copyOf(states, n);
            }
            int id = count++;
            labels[id] = label;
            totals[id] = totalBytes;
            states[id] = ItemState.PENDING;
            bytesTotal += totalBytes;
            return id;
        }
    }

    /** Sets the bytes transferred so far for an item (clamped to its total). Ignored once it is finished. */
    public void update(int id, long bytesSoFar) {
        synchronized (lock) {
            check(id);
            if (finished(id)) {
                return;
            }
            long total = totals[id];
            long b = Math.max(0, Math.min(bytesSoFar, total));
            set(id, b, total == 0 ? 0 : (double) b / total);
            states[id] = ItemState.ACTIVE;
            active.add(id);
        }
    }

    /** Starts an item over (a retry): its fraction and bytes go back to 0. */
    public void restart(int id) {
        synchronized (lock) {
            check(id);
            unfinish(id);
            set(id, 0, 0);
            states[id] = ItemState.PENDING;
            active.remove(id);
        }
    }

    /** Marks an item done: its fraction becomes 1. */
    public void complete(int id) {
        finish(id, ItemState.DONE);
    }

    /** Marks an item failed: its fraction also becomes 1, so the overall figure still reaches 100 %. */
    public void fail(int id) {
        finish(id, ItemState.FAILED);
    }

    private void finish(int id, ItemState state) {
        synchronized (lock) {
            check(id);
            unfinish(id);
            set(id, totals[id], 1);
            states[id] = state;
            labels[id] = null;
            active.remove(id);
            if (state == ItemState.DONE) {
                itemsDone++;
            } else {
                itemsFailed++;
            }
        }
    }

    private void unfinish(int id) {
        if (states[id] == ItemState.DONE) {
            itemsDone--;
        } else if (states[id] == ItemState.FAILED) {
            itemsFailed--;
        }
    }

    private void set(int id, long bytes, double fraction) {
        bytesDone += bytes - done[id];
        fractionSum += fraction - fractions[id];
        done[id] = bytes;
        fractions[id] = fraction;
    }

    private boolean finished(int id) {
        return states[id] == ItemState.DONE || states[id] == ItemState.FAILED;
    }

    private void check(int id) {
        if (id < 0 || id >= count) {
            throw new IllegalArgumentException("unknown progress item " + id);
        }
    }

    public ItemProgress item(int id) {
        synchronized (lock) {
            check(id);
            return new ItemProgress(id, labels[id], done[id], totals[id], fractions[id], states[id]);
        }
    }

    /** The overall fraction (mean of the per-item fractions): O(1), no clock read, for frequent polling. */
    public double fraction() {
        synchronized (lock) {
            return overallFraction();
        }
    }

    private double overallFraction() {
        // the running sum may drift by a few ulps; a finished run is exactly 1
        if (count == 0) {
            return 0;
        }
        return itemsDone + itemsFailed == count ? 1.0 : Math.min(1.0, Math.max(0.0, fractionSum / count));
    }

    private List<ItemProgress> activeItems() {
        List<ItemProgress> list = new ArrayList<>(Math.min(active.size(), ProgressSnapshot.MAX_ACTIVE));
        for (int id : active) {
            if (list.size() == ProgressSnapshot.MAX_ACTIVE) {
                break;
            }
            String label = labels[id];
            list.add(new ItemProgress(id, label == null ? "" : label, done[id], totals[id], fractions[id], states[id]));
        }
        return list;
    }

    /** The overall state; also feeds the rate estimator with the clock's current time. */
    public ProgressSnapshot snapshot() {
        long now = clock.millis() * 1_000_000L;
        synchronized (lock) {
            rate.sample(now, bytesDone);
            return new ProgressSnapshot(bytesDone, bytesTotal, itemsDone, itemsFailed, count, overallFraction(),
                    rate.rate(), rate.eta(bytesTotal - bytesDone), activeItems());
        }
    }
}
