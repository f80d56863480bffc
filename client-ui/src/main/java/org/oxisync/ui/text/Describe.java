package org.oxisync.ui.text;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.oxisync.core.plan.SkipReason;
import org.oxisync.ui.i18n.I18n;

/**
 * Turns the engine's plan lines ({@code SyncAction.describe()}: "upload    a.txt (new, 9 B)") into sentences
 * for people ("Upload a.txt · new, 9 B"). Bookkeeping lines (journal records) are dropped. Unknown lines are
 * shown as they are.
 */
public final class Describe {
    private static final Pattern SIZE = Pattern.compile("^(.*) \\((new|update), (\\d+) B\\)$");

    private Describe() {
    }

    public static Optional<String> action(I18n i18n, String line) {
        return render(i18n, line, "plan.");
    }

    /**
     * One plan line in the user's language; {@code prefix} is "plan." (what will happen) or "done." (what
     * happened). The engine's words (verbs, "new"/"update", "(3 files)") are read here, never shown.
     */
    private static Optional<String> render(I18n i18n, String line, String prefix) {
        String l = line.strip().replaceAll("\\s+", " ");
        String[] w = l.split(" ", 3);
        String verb = w[0].toLowerCase(Locale.ROOT);
        String rest = l.substring(Math.min(l.length(), verb.length())).strip();
        String side = w.length > 1 ? w[1] : "";
        String afterSide = w.length > 2 ? w[2] : "";
        String where = side.equals("local") ? "local" : "remote";
        return switch (verb) {
            case "record", "forget" -> Optional.empty();
            case "upload" -> Optional.of(sized(i18n, prefix + "upload", rest));
            case "download" -> Optional.of(sized(i18n, prefix + "download", rest));
            case "mkdir" -> Optional.of(i18n.t(prefix + "mkdir." + where, "folder", afterSide));
            case "move" -> Optional.of(i18n.t(prefix + "move." + where, "what", afterSide.replace(" -> ", " → ")));
            case "delete" -> Optional.of(i18n.t(prefix + "delete", "file", afterSide));
            case "trash" -> {
                Matcher m = COUNTED.matcher(afterSide);
                yield Optional.of(m.matches()
                        ? i18n.t(prefix + "trash.counted", "file", m.group(1), "files", Formats.files(i18n, Long.parseLong(m.group(2))))
                        : i18n.t(prefix + "trash", "file", afterSide));
            }
            case "conflict" -> {
                Matcher m = CONFLICT.matcher(rest);
                yield Optional.of(m.matches() ? i18n.t("plan.conflict", "file", m.group(1), "copy", m.group(2))
                        : i18n.t("plan.conflict.other", "detail", rest));
            }
            case "skip" -> {
                String file = subject(l);
                int paren = rest.lastIndexOf(" (");
                String reason = paren > 0 && rest.endsWith(")") ? rest.substring(paren + 2, rest.length() - 1) : "";
                yield Optional.of(reason.isEmpty() ? i18n.t("plan.skip", "file", file)
                        : i18n.t("plan.skip.reason", "file", file, "reason", skipReason(i18n, reason, file)));
            }
            default -> Optional.of(l);
        };
    }

    /**
     * A skip line's reason ({@code SkipReason.toString()}: "SERVER_NAME: …") by its code, the word before the colon
     * (an enum name, not English); a reason without a known code is shown in the generic frame.
     */
    private static String skipReason(I18n i18n, String reason, String file) {
        int colon = reason.indexOf(':');
        String token = colon > 0 ? reason.substring(0, colon) : "";
        for (SkipReason.Code c : SkipReason.Code.values()) {
            if (c.name().equals(token)) {
                SkipReason skip = new SkipReason(c, reason.substring(colon + 1).strip());
                return ReasonText.message(i18n, skip.reason(), null, file);
            }
        }
        return ReasonText.unknown(i18n, reason);
    }

    private static final Pattern COUNTED = Pattern.compile("^(.*) \\((\\d+) files?\\)$");
    private static final Pattern CONFLICT = Pattern.compile("^keep local (.*) as (.*)$");

    /**
     * What a finished plan line did, in the past tense ("download x (new, 9 B)" → "Downloaded x · new, 9 B"),
     * for the list of recent changes; skipped items and bookkeeping are not changes (empty).
     */
    public static Optional<String> done(I18n i18n, String line) {
        String l = line.strip().replaceAll("\\s+", " ");
        String verb = l.split(" ", 2)[0].toLowerCase(Locale.ROOT);
        if (verb.equals("skip")) {
            return Optional.empty();
        }
        return render(i18n, line, "done.");
    }

    /**
     * The file a plan line is about ("skip      a\\b.txt (SERVER_NAME: ...)" → "a\\b.txt", "mkdir     local  Docs" →
     * "Docs"); a line that is not a plan line comes back as it is.
     */
    public static String subject(String line) {
        String l = line.strip().replaceAll("\\s+", " ");
        String[] w = l.split(" ", 3);
        if (w.length < 2 || !PLAN_VERBS.contains(w[0].toLowerCase(Locale.ROOT))) {
            return l;
        }
        String rest = w.length == 3 && (w[1].equals("local") || w[1].equals("remote")) ? w[2]
                : l.substring(w[0].length()).strip();
        int paren = rest.lastIndexOf(" (");
        return paren > 0 && rest.endsWith(")") ? rest.substring(0, paren) : rest;
    }

    private static final java.util.Set<String> PLAN_VERBS = java.util.Set.of("upload", "download", "mkdir", "move",
            "delete", "trash", "conflict", "skip", "record", "forget");

    /** The file an upload or download line moved ("upload    a/b.txt (new, 9 B)" → "a/b.txt"), else empty. */
    public static Optional<String> transferredPath(String line) {
        String l = line.strip();
        int space = l.indexOf(' ');
        if (space < 0) {
            return Optional.empty();
        }
        String verb = l.substring(0, space).toLowerCase(Locale.ROOT);
        if (!verb.equals("upload") && !verb.equals("download")) {
            return Optional.empty();
        }
        String rest = l.substring(space).strip();
        Matcher m = SIZE.matcher(rest);
        return Optional.of(m.matches() ? m.group(1) : rest);
    }

    private static String sized(I18n i18n, String key, String rest) {
        Matcher m = SIZE.matcher(rest);
        if (!m.matches()) {
            return i18n.t(key, "file", rest);
        }
        String detail = i18n.t(m.group(2).equals("new") ? "plan.detail.new" : "plan.detail.changed",
                "size", Formats.bytes(i18n, Long.parseLong(m.group(3))));
        return i18n.t(key + ".sized", "file", m.group(1), "detail", detail);
    }
}
