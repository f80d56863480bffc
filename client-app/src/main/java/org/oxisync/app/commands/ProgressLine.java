package org.oxisync.app.commands;

import java.io.PrintWriter;
import java.time.Clock;
import org.oxisync.core.engine.SyncListener;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.app.state.Bytes;

/**
 * A live progress line on a terminal (at most ten updates a second, on standard error); nothing at all when the
 * output is not a terminal (cron, pipes) or when JSON was asked for.
 */
final class ProgressLine implements SyncListener {
    private final PrintWriter err;
    private final boolean enabled;
    private final Clock clock;
    private long lastMillis;
    private boolean dirty;

    private ProgressLine(PrintWriter err, boolean enabled) {
        this(err, enabled, Clock.systemUTC());
    }

    /** With {@code clock} pacing the updates (tests move it, backwards too). */
    ProgressLine(PrintWriter err, boolean enabled, Clock clock) {
        this.err = err;
        this.enabled = enabled;
        this.clock = clock;
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
        // a clock that went back (now < lastMillis) draws at once instead of freezing the line for the jump
        if (!enabled || now - lastMillis < 100 && now >= lastMillis) {
            return;
        }
        lastMillis = now;
        write(line(pair, s, width()));
    }

    private static int width() {
        try {
            return Math.max(40, Integer.parseInt(System.getenv().getOrDefault("COLUMNS", "100")) - 1);
        } catch (NumberFormatException e) {
            return 99;
        }
    }

    /**
     * {@code [Docs] 42% · 12.0 MiB of 28.4 MiB · 3/10 items · 4.1 MiB/s · 4 s left · photos/a.jpg}, cut to {@code width}
     * (the file name is shortened from the left, where a long path matters least).
     */
    static String line(String pair, ProgressSnapshot s, int width) {
        // the share of the bytes beside them ("50% · 8 B of 190.7 MiB" read as wrong); of the items when no bytes move
        double share = s.bytesTotal() > 0 ? Math.min(1.0, (double) s.bytesDone() / s.bytesTotal()) : s.fraction();
        StringBuilder b = new StringBuilder();
        b.append('[').append(pair).append("] ").append((long) Math.floor(100 * share)).append("% · ")
                .append(Bytes.human(s.bytesDone())).append(" of ").append(Bytes.human(s.bytesTotal())).append(" · ")
                .append(s.itemsFinished()).append('/').append(s.itemsTotal()).append(" items");
        if (s.bytesPerSecond() > 0) {
            b.append(" · ").append(Bytes.human((long) s.bytesPerSecond())).append("/s");
        }
        s.eta().ifPresent(d -> b.append(" · ").append(duration(d)).append(" left"));
        if (!s.active().isEmpty()) {
            String name = s.active().get(0).label();
            int room = width - b.length() - 3;
            if (room >= 8) {
                b.append(" · ").append(name.length() <= room ? name : "…" + name.substring(name.length() - room + 1));
            }
        }
        return b.length() <= width ? b.toString() : b.substring(0, width);
    }

    static String duration(java.time.Duration d) {
        long s = Math.max(0, d.toSeconds());
        if (s < 60) {
            return s + " s";
        }
        if (s < 3600) {
            return (s / 60) + " min " + (s % 60) + " s";
        }
        return (s / 3600) + " h " + (s % 3600 / 60) + " min";
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
