package org.oxisync.ui.text;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.oxisync.core.plan.PairRights;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;
import org.oxisync.core.reason.Reasons;
import org.oxisync.ui.i18n.I18n;

/**
 * A reason from the engine ({@link Reason}: a {@link ReasonCode}, its values, the English sentence) in the user's
 * language: the message {@code reason.<CODE>} of the bundle with the reason's values. The English sentence is never
 * read to find the kind; it is shown only inside the translated frame {@code reason.unknown} for a code this version
 * does not know (a row written by a newer version) or a reason without one (rows written before codes were kept).
 * The words are those of the {@link I18n} given first.
 * See docs/accessibility.md, "Reasons". Pure functions.
 */
public final class ReasonText {
    private ReasonText() {}

    /** True when the reason means the server no longer accepts this computer's sign-in. */
    public static boolean needsSignIn(Reason r) {
        return r != null && r.code() == ReasonCode.SIGN_IN_REFUSED;
    }

    /** An exception (signing in, the wizard, saving a pair) in the user's words, by its type. */
    public static String of(I18n i18n, Throwable e, String server) {
        return message(i18n, Reasons.of(e), server, null);
    }

    public static String message(I18n i18n, Reason r, String server, String path) {
        return r == null ? "" : message(i18n, r.code().name(), r.args(), r.detail(), server, path, null);
    }

    /** {@code r}'s message, or {@code detail} in the generic frame when there is no reason (a state's words). */
    public static String message(I18n i18n, Reason r, String detail, String server, String path) {
        return r != null ? message(i18n, r, server, path) : unknown(i18n, detail);
    }

    /**
     * A reason as stored (the item-error table: its code's name, maybe null or unknown, its values and sentence).
     * {@code rights} (may be null) says why a held-back item was not sent.
     */
    public static String message(I18n i18n, String code, Map<String, String> args, String detail, String server, String path,
                                 PairRights rights) {
        Optional<ReasonCode> known = code(code);
        if (known.isEmpty()) {
            return unknown(i18n, detail);
        }
        ReasonCode c = known.get();
        Map<String, String> a = args == null ? Map.of() : args;
        boolean named = path != null && !path.isBlank();
        String key = "reason." + c.name();
        if (c == ReasonCode.RATE_LIMITED && seconds(a.get("seconds")).isEmpty()) {
            key = "reason.RATE_LIMITED.later";
        } else if (c == ReasonCode.NETWORK && (server == null || server.isBlank())) {
            key = "reason.NETWORK.anyServer";
        } else if (c == ReasonCode.REMOTE_FOLDER_GONE && a.containsKey("drive")) {
            // the drive or share itself is gone for the user, not a folder in it
            key = shared(a) ? "reason.REMOTE_FOLDER_GONE.share" : "reason.REMOTE_FOLDER_GONE.drive";
        }
        return i18n.t(key, "named", named ? "yes" : "no", "file", named ? path : "",
                "server", server == null ? "" : host(server),
                "wait", seconds(a.get("seconds")).map(s -> Formats.duration(i18n, Duration.ofSeconds(s))).orElse(""),
                "why", rights == null ? i18n.t("rights.why.settings") : RightsText.why(i18n, rights),
                "drive", a.getOrDefault("drive", ""),
                "detail", Formats.sentence(detail == null ? "" : detail));
    }

    /** A reason with no code this version knows: the engine's sentence inside a translated frame. */
    public static String unknown(I18n i18n, String detail) {
        return detail == null || detail.isBlank() ? "" : i18n.t("reason.unknown", "detail", Formats.sentence(detail.strip()));
    }

    /** What the user can do about a reason of this kind. */
    public static String advice(I18n i18n, String code) {
        return advice(i18n, code, Map.of());
    }

    /** What the user can do about {@code r} (its kind, and for a drive that is gone, which drive). */
    public static String adviceFor(I18n i18n, Reason r) {
        return r == null ? advice(i18n, (String) null) : advice(i18n, r.code().name(), r.args());
    }

    /**
     * What the user can do about a reason of this kind with these values: a Shared drive or shared folder that is gone
     * for the user cannot be restored from the trash by them, so the advice names it and asks its owner instead.
     */
    public static String advice(I18n i18n, String code, Map<String, String> args) {
        Map<String, String> a = args == null ? Map.of() : args;
        return switch (code(code).orElse(ReasonCode.UNEXPECTED)) {
            case REMOTE_FOLDER_GONE -> !a.containsKey("drive") ? i18n.t("advice.remoteGone")
                    : i18n.t(shared(a) ? "advice.remoteGone.share" : "advice.remoteGone.drive", "drive", a.get("drive"));
            case LOCAL_FOLDER_MISSING -> i18n.t("advice.localGone");
            case SIGN_IN_REFUSED -> i18n.t("advice.signIn");
            case QUOTA -> i18n.t("advice.quota");
            case MASS_DELETE_STOPPED -> i18n.t("advice.massDelete", "command", "oxisync sync-once --allow-mass-delete");
            case PERMISSION_DENIED -> i18n.t("advice.permissions");
            case NAME_REFUSED_BY_SERVER, NAME_NOT_ALLOWED_HERE, CASE_CLASH -> i18n.t("advice.name");
            case NETWORK, SERVER_READ_ONLY, RATE_LIMITED, SERVER_ERROR -> i18n.t("advice.unreachable");
            case LOCKED_OR_UNREADABLE -> i18n.t("advice.inUse");
            default -> i18n.t("advice.other");
        };
    }

    /** A folder shared with the user (true), or a Shared drive (false). */
    private static boolean shared(Map<String, String> args) {
        return "folder".equals(args.get("driveKind"));
    }

    /** The code by its wire name; empty for null or a name this version does not know. */
    public static Optional<ReasonCode> code(String name) {
        if (name == null || name.isBlank()) {
            return Optional.empty();
        }
        try {
            return Optional.of(ReasonCode.valueOf(name));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    private static Optional<Long> seconds(String s) {
        try {
            return s == null ? Optional.empty() : Optional.of(Long.parseLong(s));
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    private static String host(String server) {
        try {
            String a = java.net.URI.create(server).getAuthority();
            return a == null ? server : a;
        } catch (RuntimeException e) {
            return server;
        }
    }
}
