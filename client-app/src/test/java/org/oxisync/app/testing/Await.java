package org.oxisync.app.testing;

import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/** Waits, in real time, for something another thread or process does; the bound is generous (a loaded CI box). */
public final class Await {
    private Await() {
    }

    /** Polls {@code condition} until it holds; fails after {@code seconds} naming {@code what}. */
    public static void until(String what, int seconds, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + seconds + " s: " + what);
            }
            Thread.sleep(10);
        }
    }
}
