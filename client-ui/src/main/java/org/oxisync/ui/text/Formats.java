package org.oxisync.ui.text;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.FormatStyle;
import java.util.Locale;
import org.oxisync.app.state.Bytes;
import org.oxisync.ui.i18n.I18n;

/**
 * Human-readable sizes, durations and times for labels, in the language of the {@link I18n} given. Pure functions.
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
    public static String bytes(I18n i18n, long n) {
        return Bytes.human(n, i18n.formatLocale());
    }

    /** "1 file", "3 files" (every plural form of the language). */
    public static String files(I18n i18n, long n) {
        return i18n.t("count.files", "count", n);
    }

    /** "3.1 of 12.0 MiB": {@code done} in the unit of {@code total}, so the two read as one figure. */
    public static String bytesOf(I18n i18n, long done, long total) {
        Bytes.Unit u = Bytes.unitOf(total);
        Locale l = i18n.formatLocale();
        return i18n.t("size.of", "done", u.figure(done, l), "total", u.figure(total, l), "unit", u.name());
    }

    /** The text with its first letter capitalised, for messages shown on their own ("the folder is missing"). */
    public static String sentence(String s) {
        return s == null || s.isEmpty() ? "" : s.substring(0, 1).toUpperCase(Locale.ROOT) + s.substring(1);
    }

    /** "about 2 min", "less than a minute", "about 1 h 5 min". */
    public static String duration(I18n i18n, Duration d) {
        long s = d.toSeconds();
        if (s < 60) {
            return i18n.t("duration.lessThanMinute");
        }
        long h = s / 3600;
        long m = (s % 3600 + 59) / 60;
        if (m == 60) {
            h++;
            m = 0;
        }
        if (h == 0) {
            return i18n.t("duration.minutes", "minutes", m);
        }
        return m == 0 ? i18n.t("duration.hours", "hours", h) : i18n.t("duration.hoursMinutes", "hours", h, "minutes", m);
    }

    /** "about 2 min left", "less than a minute left". */
    public static String timeLeft(I18n i18n, Duration d) {
        return i18n.t("duration.left", "duration", duration(i18n, d));
    }

    /** "just now", "5 min ago", "3 h ago", else a date and time. */
    public static String ago(I18n i18n, Instant t, Clock clock) {
        if (t == null) {
            return i18n.t("time.never");
        }
        long s = Duration.between(t, clock.instant()).toSeconds();
        if (s < 45) {
            return i18n.t("time.justNow");
        }
        if (s < 3600) {
            return i18n.t("time.minutesAgo", "minutes", Math.max(1, s / 60));
        }
        if (s < 86_400) {
            return i18n.t("time.hoursAgo", "hours", s / 3600);
        }
        return dateTime(i18n, t, clock.getZone());
    }

    /** A date and time in the language's own form ("Mar 3, 2026, 10:42 AM", "03.03.2026, 10:42"). */
    public static String dateTime(I18n i18n, Instant t, ZoneId zone) {
        return DATE_TIME.withLocale(i18n.formatLocale()).format(t.atZone(zone));
    }

    /** Hours and minutes, 24-hour, in the language's digits and separator ("10:42"). */
    public static String time(I18n i18n, Instant t, ZoneId zone) {
        com.ibm.icu.text.DateFormat f = com.ibm.icu.text.DateFormat.getInstanceForSkeleton("HHmm",
                com.ibm.icu.util.ULocale.forLocale(i18n.formatLocale()));
        f.setTimeZone(com.ibm.icu.util.TimeZone.getTimeZone(zone.getId()));
        return f.format(java.util.Date.from(t));
    }
}
