package org.oxisync.ui.app;

import static org.oxisync.ui.i18n.I18n.t;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.oxisync.ui.ops.ConflictChoice;

/**
 * The Activity view's "Details" column in the user's language. The engine (client-core) and the store write the
 * activity log in English, for the CLI and the log file, with a fixed set of sentence shapes ("700006 bytes sent",
 * "moved to the server's trash", "ok: uploaded 1, downloaded 2, …"). Each known shape is matched as a whole and
 * becomes a bundle message with its values (sizes, the conflict copy's name, the run's counts); a sentence no rule
 * knows is shown as it was written (English), with byte counts made readable. What stays English is listed in
 * {@code docs/accessibility.md}. The shapes are pinned by {@code ActivityTextTest}, which uses the engine's words.
 */
public final class ActivityText {
    private record Rule(Pattern pattern, Function<Matcher, String> text) {}

    private static final String CHANGE_COUNTS = "uploaded (\\d+), downloaded (\\d+), deleted (\\d+) local / (\\d+) remote, "
            + "moved (\\d+), conflicts (\\d+), errors (\\d+)";

    private final ZoneId zone;
    private final List<Rule> rules;

    /** @param zone the zone times inside a message are shown in */
    public ActivityText(ZoneId zone) {
        this.zone = zone;
        this.rules = List.of(
                rule("(\\d+) bytes sent \\(conflict copy\\)", m -> t("activity.detail.sentConflictCopy", "size", size(m, 1))),
                rule("(\\d+) bytes sent", m -> t("activity.detail.sent", "size", size(m, 1))),
                rule("(\\d+) bytes", m -> t("activity.detail.received", "size", size(m, 1))),
                rule("deleted on the server", m -> t("activity.detail.deletedOnServer")),
                rule("folder deleted on the server", m -> t("activity.detail.folderDeletedOnServer")),
                rule("moved to the server's trash", m -> t("activity.detail.trashed")),
                rule("another device committed its version (?:right after|just before) this one; kept local version as (.+)",
                        m -> t("activity.detail.overtaken", "copy", m.group(1))),
                rule("kept local version as (.+)", m -> t("activity.detail.keptLocalAs", "copy", m.group(1))),
                rule("changed locally while the run replaced it; kept as (.+)",
                        m -> t("activity.detail.changedWhileReplaced", "copy", m.group(1))),
                rule("resolved: conflicted copy deleted", m -> t("activity.detail.resolvedCopyDeleted")),
                rule("resolved: keep (mine|theirs|both|the server's)",
                        m -> t("activity.detail.resolved", "choice", choice(m.group(1)).label())),
                rule("restored the version of (\\S+)", this::restored),
                rule("(ok|partial|failed|stopped): " + CHANGE_COUNTS, ActivityText::run));
    }

    private static Rule rule(String regex, Function<Matcher, String> text) {
        return new Rule(Pattern.compile(regex, Pattern.CASE_INSENSITIVE), text);
    }

    /** The details of an activity entry in the user's language (or, for an unknown sentence, as written). */
    public String details(String message) {
        if (message == null || message.isBlank()) {
            return "";
        }
        String m = message.strip();
        for (Rule r : rules) {
            Matcher matcher = r.pattern().matcher(m);
            if (matcher.matches()) {
                return r.text().apply(matcher);
            }
        }
        return org.oxisync.ui.model.ActivityModel.details(m);
    }

    /** True when {@code message} has a translation (tests, and docs/accessibility.md lists the others). */
    public boolean known(String message) {
        String m = message == null ? "" : message.strip();
        return rules.stream().anyMatch(r -> r.pattern().matcher(m).matches());
    }

    private static String size(Matcher m, int group) {
        return Formats.bytes(Long.parseLong(m.group(group)));
    }

    private static ConflictChoice choice(String words) {
        return switch (words.toLowerCase(Locale.ROOT)) {
            case "mine" -> ConflictChoice.KEEP_LOCAL;
            case "both" -> ConflictChoice.KEEP_BOTH;
            default -> ConflictChoice.KEEP_REMOTE;
        };
    }

    private String restored(Matcher m) {
        try {
            return t("activity.detail.restored", "time", Formats.dateTime(Instant.parse(m.group(1)), zone));
        } catch (DateTimeParseException e) {
            return t("activity.detail.restored", "time", m.group(1));
        }
    }

    private static String run(Matcher m) {
        int changes = 0;
        for (int g = 2; g <= 6; g++) {
            changes += Integer.parseInt(m.group(g));
        }
        String summary = t("status.summary", "changes", changes, "conflicts", Integer.parseInt(m.group(7)),
                "errors", Integer.parseInt(m.group(8)));
        return t("activity.detail.run", "result", t("activity.run." + m.group(1).toLowerCase(Locale.ROOT)),
                "summary", summary);
    }
}
