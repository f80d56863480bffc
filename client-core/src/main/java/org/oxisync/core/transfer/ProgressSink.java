package org.oxisync.core.transfer;

import org.oxisync.core.progress.ProgressAccumulator;

/** Receives one transfer's progress: bytes sent/received or reused so far, and restarts (a fallback path). */
public interface ProgressSink {
    void bytes(long soFar);

    void restart();

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
