package org.oxisync.app.control;

import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.oxisync.store.account.FolderPair;

/** How the commands word things: times, states, paths typed by users. One place, so every command agrees. */
public final class Show {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

    private Show() {}

    /** A time as users read it: local time zone, to the second ({@code 2026-11-29 10:00:03}). */
    public static String time(Instant t) {
        return TIME.format(t.atZone(ZoneId.systemDefault()));
    }

    /** {@link #time(Instant)} in {@code zone} (for tests). */
    public static String time(Instant t, ZoneId zone) {
        return TIME.format(t.atZone(zone));
    }

    /**
     * {@code word: detail} without saying a word twice: "syncing" and "syncing" give "syncing"; "stopped" and
     * "stopped before deleting 150 files" give "stopped before deleting 150 files".
     */
    public static String said(String word, String detail) {
        if (detail == null || detail.isBlank()) {
            return word;
        }
        String d = detail.strip();
        if (d.regionMatches(true, 0, word, 0, word.length())
                && (d.length() == word.length() || !Character.isLetterOrDigit(d.charAt(word.length())))) {
            return d;
        }
        return word + ": " + d;
    }

    /** A pair and a path inside it. */
    public record PairPath(FolderPair pair, String relative) {}

    /**
     * The pair and pair-relative path a user meant by {@code typed}: an absolute path, or one relative to the
     * current folder, inside a pair's folder; otherwise a path relative to the pair's folder ({@code fallback}, the
     * pair chosen by --pair or the only one).
     */
    public static Optional<PairPath> locate(String typed, List<FolderPair> pairs, Path cwd, Optional<FolderPair> fallback) {
        Path asFile = cwd.resolve(typed).toAbsolutePath().normalize();
        for (FolderPair p : pairs) {
            Path root = Path.of(p.localRoot()).toAbsolutePath().normalize();
            if (asFile.startsWith(root) && !asFile.equals(root)
                    && (fallback.isEmpty() || fallback.get().id() == p.id())) {
                return Optional.of(new PairPath(p, relative(root.relativize(asFile).toString())));
            }
        }
        // not inside a pair's folder: a path relative to the pair's folder ("/Docs/a.txt" may mean that too)
        return fallback.map(p -> new PairPath(p, relative(typed)));
    }

    /** A relative path as users type it, in the journal's NFC, '/'-separated form. */
    public static String relative(String p) {
        String s = p.replace('\\', '/');
        while (s.startsWith("./")) {
            s = s.substring(2);
        }
        while (s.startsWith("/")) {
            s = s.substring(1);
        }
        return java.text.Normalizer.normalize(s, java.text.Normalizer.Form.NFC);
    }

    /** Server text on a terminal: control characters (escape sequences included) become '?'. */
    public static String shown(String s) {
        if (s == null) {
            return "";
        }
        StringBuilder b = new StringBuilder(s.length());
        s.codePoints().forEach(c -> b.appendCodePoint(Character.isISOControl(c) ? '?' : c));
        return b.toString();
    }

    /**
     * A time as users type it ({@code versions restore --at}, {@code undo --to}): an ISO instant, an offset time, or
     * local time as the CLI prints it.
     *
     * @throws java.time.format.DateTimeParseException when it is none of these
     */
    public static Instant parseTime(String s) {
        try {
            return Instant.parse(s);
        } catch (java.time.format.DateTimeParseException e) {
            try {
                return java.time.OffsetDateTime.parse(s).toInstant();
            } catch (java.time.format.DateTimeParseException e2) {
                return java.time.LocalDateTime.parse(s.replace(' ', 'T')).atZone(ZoneId.systemDefault()).toInstant();
            }
        }
    }
}
