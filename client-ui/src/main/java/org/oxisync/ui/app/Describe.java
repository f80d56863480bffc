package org.oxisync.ui.app;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Turns the engine's plan lines ({@code SyncAction.describe()}: "upload    a.txt (new, 9 B)") into sentences
 * for people ("Upload a.txt · new, 9 B"). Bookkeeping lines (journal records) are dropped. Unknown lines are
 * shown as they are.
 */
public final class Describe {
    private static final Pattern SIZE = Pattern.compile("^(.*) \\((new|update), (\\d+) B\\)$");

    private Describe() {
    }

    public static Optional<String> action(String line) {
        String l = line.strip().replaceAll("\\s+", " ");
        String[] w = l.split(" ", 3);
        String verb = w[0].toLowerCase(Locale.ROOT);
        String rest = l.substring(Math.min(l.length(), verb.length())).strip();
        String side = w.length > 1 ? w[1] : "";
        String afterSide = w.length > 2 ? w[2] : "";
        return switch (verb) {
            case "record", "forget" -> Optional.empty();
            case "upload" -> Optional.of("Upload " + sized(rest));
            case "download" -> Optional.of("Download " + sized(rest));
            case "mkdir" -> Optional.of("Create folder " + afterSide + (side.equals("local") ? " here" : " on the server"));
            case "move" -> Optional.of("Move " + afterSide.replace(" -> ", " → ") + (side.equals("local") ? " here" : " on the server"));
            case "delete" -> Optional.of("Delete " + afterSide + " here");
            case "trash" -> Optional.of("Move " + afterSide + " to the server's trash");
            case "conflict" -> Optional.of("Conflict: " + rest.replaceFirst("^keep local ", "keep your ")
                    .replace(" as ", " version as "));
            case "skip" -> Optional.of("Skip " + rest);
            default -> Optional.of(l);
        };
    }

    /**
     * What a finished plan line did, in the past tense ("download x (new, 9 B)" → "Downloaded x · new, 9 B"),
     * for the list of recent changes; skipped items and bookkeeping are not changes (empty).
     */
    public static Optional<String> done(String line) {
        String l = line.strip().replaceAll("\\s+", " ");
        String verb = l.split(" ", 2)[0].toLowerCase(Locale.ROOT);
        if (verb.equals("skip")) {
            return Optional.empty();
        }
        return action(line).map(a -> switch (verb) {
            case "upload" -> "Uploaded" + a.substring("Upload".length());
            case "download" -> "Downloaded" + a.substring("Download".length());
            case "mkdir" -> "Created" + a.substring("Create".length());
            case "move", "trash" -> "Moved" + a.substring("Move".length());
            case "delete" -> "Deleted" + a.substring("Delete".length());
            default -> a;
        });
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

    private static String sized(String rest) {
        Matcher m = SIZE.matcher(rest);
        if (!m.matches()) {
            return rest;
        }
        return m.group(1) + " · " + (m.group(2).equals("new") ? "new, " : "changed, ")
                + Formats.bytes(Long.parseLong(m.group(3)));
    }
}
