package org.oxisync.ui.view;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Optional;
import org.oxisync.core.reason.ActivityCode;
import org.oxisync.store.status.Activity;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.ActivityModel;
import org.oxisync.ui.ops.ConflictChoice;
import org.oxisync.ui.text.Formats;

/**
 * The Activity view's "Details" column in the user's language, from the line's kind ({@link ActivityCode}, kept in
 * the activity table's {@code code} column by client-core and the app) and its values (sizes, the conflict copy's
 * name, the run's counts). The English message beside it is for the CLI and the log and is never read here: a line
 * without a code this version knows (written before codes were kept) is shown as written. Held-back rows carry
 * their translated reason already. Pinned by {@code ActivityTextTest}.
 */
public final class ActivityText {
    private final I18n i18n;
    private final ZoneId zone;

    /**
     * @param i18n the words of the shell's language
     * @param zone the zone times inside a message are shown in
     */
    public ActivityText(I18n i18n, ZoneId zone) {
        this.i18n = i18n;
        this.zone = zone;
    }

    /** The details of an activity entry in the user's language. */
    public String details(Activity a) {
        if (a == null) {
            return "";
        }
        if (ActivityModel.HELD_BACK_KIND.equals(a.kind())) {
            return a.message(); // made by the app, in the user's language already
        }
        Optional<ActivityCode> code = code(a.code());
        if (code.isEmpty()) {
            return a.message() == null ? "" : Formats.sentence(a.message().strip());
        }
        Map<String, String> v = a.args();
        return switch (code.get()) {
            case SENT -> i18n.t("activity.detail.sent", "size", size(v));
            case SENT_CONFLICT_COPY -> i18n.t("activity.detail.sentConflictCopy", "size", size(v));
            case RECEIVED -> i18n.t("activity.detail.received", "size", size(v));
            case DELETED_ON_SERVER -> i18n.t("activity.detail.deletedOnServer");
            case FOLDER_DELETED_ON_SERVER -> i18n.t("activity.detail.folderDeletedOnServer");
            case TRASHED -> i18n.t("activity.detail.trashed");
            case CONFLICT_KEPT_LOCAL -> i18n.t("activity.detail.keptLocalAs", "copy", v.getOrDefault("copy", ""));
            case CONFLICT_OVERTAKEN -> i18n.t("activity.detail.overtaken", "copy", v.getOrDefault("copy", ""));
            case CONFLICT_CHANGED_WHILE_REPLACED -> i18n.t("activity.detail.changedWhileReplaced", "copy",
                    v.getOrDefault("copy", ""));
            case RESOLVED_COPY_DELETED -> i18n.t("activity.detail.resolvedCopyDeleted");
            case RESOLVED -> i18n.t("activity.detail.resolved", "choice", choice(v.get("choice")).label(i18n));
            case RESTORED -> restored(v.getOrDefault("time", ""));
            case MOVED -> i18n.t("activity.detail.moved", "from", v.getOrDefault("from", ""));
            case RUN -> run(v);
        };
    }

    /** True when {@code a} is shown from its code (tests; a line without one is shown as written). */
    public boolean known(Activity a) {
        return a != null && (ActivityModel.HELD_BACK_KIND.equals(a.kind()) || code(a.code()).isPresent());
    }

    /** The code by its stored name; empty for null or a name this version does not know. */
    static Optional<ActivityCode> code(String name) {
        if (name == null || name.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(ActivityCode.valueOf(name));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private String size(Map<String, String> v) {
        return Formats.bytes(i18n, number(v.get("bytes")));
    }

    private static long number(String s) {
        try {
            return s == null ? 0 : Long.parseLong(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The choice as stored: client-core's {@code ConflictResolution.Choice} or the app's {@link ConflictChoice}. */
    private static ConflictChoice choice(String stored) {
        String s = stored == null ? "" : stored;
        return switch (s) {
            case "MINE", "KEEP_LOCAL" -> ConflictChoice.KEEP_LOCAL;
            case "BOTH", "KEEP_BOTH" -> ConflictChoice.KEEP_BOTH;
            default -> ConflictChoice.KEEP_REMOTE;
        };
    }

    private String restored(String time) {
        try {
            return i18n.t("activity.detail.restored", "time", Formats.dateTime(i18n, Instant.parse(time), zone));
        } catch (DateTimeParseException e) {
            return i18n.t("activity.detail.restored", "time", time);
        }
    }

    private String run(Map<String, String> v) {
        String summary = i18n.t("status.summary", "changes", number(v.get("changes")), "conflicts",
                number(v.get("conflicts")), "errors", number(v.get("errors")));
        String status = v.getOrDefault("status", "ok");
        String result = switch (status) {
            case "partial", "failed", "stopped" -> status;
            default -> "ok";
        };
        return i18n.t("activity.detail.run", "result", i18n.t("activity.run." + result), "summary", summary);
    }
}
