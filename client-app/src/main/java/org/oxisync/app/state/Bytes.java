package org.oxisync.app.state;

import java.math.RoundingMode;
import java.text.DecimalFormat;
import java.text.DecimalFormatSymbols;
import java.util.Locale;

/**
 * The one formatter of sizes shown to people, in the CLI and the desktop app (docs/first-use.md):
 * binary units with their binary names (KiB, MiB, GiB, TiB), one decimal rounded half up ("781.3 KiB" for 800,000
 * bytes), plain bytes below 1 KiB ("900 B"). The CLI writes the figure with a point ({@link #human(long)}); the app
 * with its language's decimal sign ({@link #human(long, Locale)}: "781,3 KiB" in German). JSON output keeps raw
 * byte counts.
 */
public final class Bytes {
    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB"};

    private Bytes() {}

    /** A unit and how many bytes it holds. */
    public record Unit(String name, long size) {
        /** {@code bytes} in this unit: one decimal, or a whole number for plain bytes. */
        public String figure(long bytes, Locale locale) {
            DecimalFormat f = new DecimalFormat(size == 1 ? "0" : "0.0", DecimalFormatSymbols.getInstance(locale));
            f.setRoundingMode(RoundingMode.HALF_UP);
            return size == 1 ? f.format(bytes) : f.format((double) bytes / size);
        }
    }

    /** The unit {@code bytes} is written in: the largest whose figure stays at least 1 (up to TiB). */
    public static Unit unitOf(long bytes) {
        int u = 0;
        double v = bytes;
        while (v >= 1024 && u < UNITS.length - 1) {
            v /= 1024;
            u++;
        }
        return new Unit(UNITS[u], 1L << (10 * u));
    }

    /** "781.3 KiB", as the CLI writes it. */
    public static String human(long bytes) {
        return human(bytes, Locale.ROOT);
    }

    /** "781.3 KiB" with the locale's decimal sign (never grouped). */
    public static String human(long bytes, Locale locale) {
        Unit u = unitOf(bytes);
        return u.figure(bytes, locale) + " " + u.name();
    }
}
