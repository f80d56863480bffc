package org.oxisync.ui.app;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.Locale;
import org.oxisync.core.commands.Bytes;
import org.oxisync.ui.i18n.I18n;

import static org.oxisync.ui.i18n.I18n.t;

/**
 * Human-readable sizes, durations and times for labels. Pure functions.
 *
 * <p>Sizes go through the CLI's formatter ({@link Bytes}): binary units with their binary names, one decimal
 * ("781.3 KiB" for 800,000 bytes), plain bytes below 1 KiB ("900 B"), the decimal sign of the app's language;
 * counts say "1 file" / "2 files". {@code FormatsTest} checks the app and the CLI agree.
 */
public final class Formats {
    private static final String[] UNITS = {"B", "KiB", "MiB", "GiB", "TiB"};
    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofLocalizedDateTime(FormatStyle.MEDIUM,
            FormatStyle.SHORT);

    private Formats() {
    }

    /** "781.3 KiB": {@link Bytes#human(long, Locale)}, the one formatter the CLI uses too, in the app's language. */
    public static String bytes(long n) {
        return Bytes.human(n, I18n.formatLocale());
    }

    /** "1 file", "3 files" (every plural form of the language). */
    public static String files(long n) {
        return t("count.files", "count", n);
    }

    /** "3.1 of 12.0 MiB": {@code done} in the unit of {@code total}, so the two read as one figure. */
    public static String bytesOf(long done, long total) {
        Bytes.Unit u = Bytes.unitOf(total);
        Locale l = I18n.formatLocale();
        return t("size.of", "done", u.figure(done, l), "total", u.figure(total, l), "unit", u.name());
    }

    /** The text with its first letter capitalised, for messages shown on their own ("the folder is missing"). */
    public static String sentence(String s) {
        return s == null || s.isEmpty() ? "" : s.substring(0, 1).toUpperCase(Locale.ROOT) + s.substring(1);
    }

    /** "about 2 min", "less than a minute", "about 1 h 5 min". */
    public static String duration(Duration d) {
        long s = d.toSeconds();
        if (s < 60) {
            return t("duration.lessThanMinute");
        }
        long h = s / 3600;
        long m = (s % 3600 + 59) / 60;
        if (m == 60) {
            h++;
            m = 0;
        }
        if (h == 0) {
            return t("duration.minutes", "minutes", m);
        }
        return m == 0 ? t("duration.hours", "hours", h) : t("duration.hoursMinutes", "hours", h, "minutes", m);
    }

    /** "about 2 min left", "less than a minute left". */
    public static String timeLeft(Duration d) {
        return t("duration.left", "duration", duration(d));
    }

    /** "just now", "5 min ago", "3 h ago", else a date and time. */
    public static String ago(Instant t, Clock clock) {
        if (t == null) {
            return t("time.never");
        }
        long s = Duration.between(t, clock.instant()).toSeconds();
        if (s < 45) {
            return t("time.justNow");
        }
        if (s < 3600) {
            return t("time.minutesAgo", "minutes", Math.max(1, s / 60));
        }
        if (s < 86_400) {
            return t("time.hoursAgo", "hours", s / 3600);
        }
        return dateTime(t, clock.getZone());
    }

    /** A date and time in the language's own form ("Mar 3, 2026, 10:42 AM", "03.03.2026, 10:42"). */
    public static String dateTime(Instant t, ZoneId zone) {
        return DATE_TIME.withLocale(I18n.formatLocale()).format(t.atZone(zone));
    }

    /** Hours and minutes, 24-hour, in the language's digits and separator ("10:42"). */
    public static String time(Instant t, ZoneId zone) {
        com.ibm.icu.text.DateFormat f = com.ibm.icu.text.DateFormat.getInstanceForSkeleton("HHmm",
                com.ibm.icu.util.ULocale.forLocale(I18n.formatLocale()));
        f.setTimeZone(com.ibm.icu.util.TimeZone.getTimeZone(zone.getId()));
        return f.format(java.util.Date.from(t));
    }
}
