package org.oxisync.core.commands;

import java.io.PrintWriter;
import java.time.Clock;
import org.oxisync.core.engine.SyncListener;
import org.oxisync.core.progress.ProgressSnapshot;

/**
 * A live progress line on a terminal (at most ten updates a second, on standard error); nothing at all when the
 * output is not a terminal (cron, pipes) or when JSON was asked for.
 */
final class ProgressLine implements SyncListener {
    private final PrintWriter err;
    private final boolean enabled;
    private final Clock clock = Clock.systemUTC();
    private long lastMillis;
    private boolean dirty;

    private ProgressLine(PrintWriter err, boolean enabled) {
        this.err = err;
        this.enabled = enabled;
    }

    static ProgressLine forConsole(PrintWriter err, boolean json) {
        return new ProgressLine(err, !json && System.console() != null);
    }

    @Override
    public synchronized void phase(String pair, String phase) {
        if (enabled) {
            write("[" + pair + "] " + phase + "…");
        }
    }

    @Override
    public synchronized void progress(String pair, ProgressSnapshot s) {
        long now = clock.millis();
        if (!enabled || now - lastMillis < 100) {
            return;
        }
        lastMillis = now;
        write(String.format("[%s] %s / %s, %d/%d items", pair, Bytes.human(s.bytesDone()),
                Bytes.human(s.bytesTotal()), s.itemsFinished(), s.itemsTotal()));
    }

    private void write(String line) {
        err.print("\r\033[2K" + line);
        err.flush();
        dirty = true;
    }

    synchronized void clear() {
        if (enabled && dirty) {
            err.print("\r\033[2K");
            err.flush();
        }
    }
}
