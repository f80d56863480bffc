package org.oxisync.core.engine;

/**
 * Asks a running sync to stop at the next safe point: between items, and inside a large transfer between chunk
 * batches (what was sent or staged is recorded, so the next run continues). The run then ends with
 * {@link SyncStatus#STOPPED}. Pause and shutdown use it; polled, never blocking.
 */
@FunctionalInterface
public interface StopSignal {
    StopSignal NEVER = () -> false;

    boolean stopRequested();
}
