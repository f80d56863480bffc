package org.oxisync.ui.app;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.Locale;

/**
 * Human-readable sizes, durations and times for labels. Pure functions.
 *
 * <p>Sizes use the CLI's one convention ({@code org.oxisync.core.commands.Bytes.human}): binary units with
 * their binary names, one decimal ("781.3 KiB" for 800,000 bytes), plain bytes below 1 KiB ("900 B"); counts
 * say "1 file" / "2 files". {@code FormatsTest} checks the app and the CLI agree.
 */
public final class Formats {
    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB"};
    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM,
            FormatStyle.SHORT);

    private Formats() {
    }

    public static String bytes(long n) {
        if (n < 1024) {
            return n + " B";
        }
        double v = n;
        int u = 0;
        while (v >= 1024 && u < UNITS.length - 1) {
            v /= 1024;
            u++;
        }
        return String.format(Locale.ROOT, "%.1f %s", v, UNITS[u]);
    }

    /** "1 file", "2 files", "0 files": a count with its noun, singular only for exactly one. */
    public static String count(long n, String singular, String plural) {
        return n + " " + (n == 1 ? singular : plural);
    }

    /** "1 file" / "3 files". */
    public static String files(long n) {
        return count(n, "file", "files");
    }

    /** "3.1 of 12.0 MiB": {@code done} in the unit of {@code total}, so the two read as one figure. */
    public static String bytesOf(long done, long total) {
        if (total < 1024) {
            return done + " of " + total + " B";
        }
        double t = total;
        int u = 0;
        while (t >= 1024 && u < UNITS.length - 1) {
            t /= 1024;
            u++;
        }
        double d = done / Math.pow(1024, u);
        return String.format(Locale.ROOT, "%s of %s %s", figure(d), figure(t), UNITS[u]);
    }

    private static String figure(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }

    /** The text with its first letter capitalised, for messages shown on their own ("the folder is missing"). */
    public static String sentence(String s) {
        return s == null || s.isEmpty() ? "" : s.substring(0, 1).toUpperCase(Locale.ROOT) + s.substring(1);
    }

    /** "about 2 min", "less than a minute", "about 1 h 5 min". */
    public static String timeLeft(Duration d) {
        long s = d.toSeconds();
        if (s < 60) {
            return "less than a minute left";
        }
        long h = s / 3600;
        long m = (s % 3600 + 59) / 60;
        if (m == 60) {
            h++;
            m = 0;
        }
        return "about " + (h > 0 ? h + " h " : "") + (m > 0 || h == 0 ? m + " min" : "").trim() + " left";
    }

    /** "just now", "5 min ago", "3 h ago", else a date and time. */
    public static String ago(Instant t, Clock clock) {
        if (t == null) {
            return "never";
        }
        long s = Duration.between(t, clock.instant()).toSeconds();
        if (s < 45) {
            return "just now";
        }
        if (s < 3600) {
            return Math.max(1, s / 60) + " min ago";
        }
        if (s < 86_400) {
            return s / 3600 + " h ago";
        }
        return dateTime(t, clock.getZone());
    }

    public static String dateTime(Instant t, ZoneId zone) {
        return DATE_TIME.withLocale(Locale.getDefault()).format(t.atZone(zone));
    }
}
