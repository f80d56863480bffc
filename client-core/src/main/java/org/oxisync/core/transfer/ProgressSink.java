package org.oxisync.core.transfer;

import org.oxisync.core.progress.ProgressAccumulator;

/** Receives one transfer's progress: bytes sent/received or reused so far, and restarts (a fallback path). */
public interface ProgressSink {
    void bytes(long soFar);

    void restart();

    /**
     * True when the run should stop: large transfers ask between chunk batches (a safe point: what was sent or
     * staged is recorded) and end with {@link TransferException.Stopped}.
     */
    default boolean stopRequested() {
        return false;
    }

    /** Throws {@link TransferException.Stopped} when {@link #stopRequested()}; call only at a safe point. */
    default void stopIfRequested(String path) throws TransferException.Stopped {
        if (stopRequested()) {
            throw new TransferException.Stopped(path + ": stopped at a safe point; the next run continues it");
        }
    }

    ProgressSink NONE = new ProgressSink() {
        @Override
        public void bytes(long soFar) {
        }

        @Override
        public void restart() {
        }
    };

    /** Feeds one item of an accumulator (completion and failure stay with the caller). */
    static ProgressSink of(ProgressAccumulator accumulator, int itemId) {
        return new ProgressSink() {
            @Override
            public void bytes(long soFar) {
                accumulator.update(itemId, soFar);
            }

            @Override
            public void restart() {
                accumulator.restart(itemId);
            }
        };
    }
}
