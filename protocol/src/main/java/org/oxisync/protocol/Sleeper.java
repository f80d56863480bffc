package org.oxisync.protocol;

import java.time.Duration;

/** Waits between retries, polls and throttled writes; tests inject one that advances a fake clock instead. */
@FunctionalInterface
public interface Sleeper {
    Sleeper SYSTEM = d -> Thread.sleep(Math.max(0, d.toMillis()), (int) (Math.max(0, d.toNanos()) % 1_000_000));

    void sleep(Duration duration) throws InterruptedException;
}
