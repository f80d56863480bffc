package org.oxisync.core.engine;

import java.io.IOException;

/**
 * Told every journal path a run's {@link JournalWriter} changes, and asked to keep them durably before each commit:
 * how a run that started from a seal keeps the seal true ({@link SealTouches}).
 */
interface JournalTouches {
    /** Keeps nothing: a run that did not start from a seal (it removed the seal before changing anything). */
    JournalTouches NONE = new JournalTouches() {
        @Override
        public void touched(String path) {
        }

        @Override
        public void persist() {
        }
    };

    /** The row at {@code path} (and, for a folder, rows below it) is about to change in the current batch. */
    void touched(String path);

    /** Keeps the paths told since the last call durably; called before the batch that changes them commits. */
    void persist() throws IOException;
}
