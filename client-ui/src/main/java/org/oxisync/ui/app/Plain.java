package org.oxisync.ui.app;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.oxisync.ui.i18n.I18n.t;

/**
 * The engine's and the protocol's reasons ("GET /api/version: ConnectException", {@code POST /api/auth/login:
 * HTTP 401 "Invalid credentials"}, "UNSUPPORTED_TYPE", "rate limited by the server; retry after 890 s") as
 * sentences in plain words, each with the action that fixes it where there is one. The raw reason stays
 * available (tooltips, the log); what a user reads comes from here. Pure functions.
 */
public final class Plain {
    private static final Pattern RETRY_AFTER = Pattern.compile("retry after (\\d+) s");
    private static final Pattern HTTP_STATUS = Pattern.compile("HTTP (\\d{3})");

    private Plain() {
    }

    /** True when the reason means the server no longer accepts this computer's sign-in. */
    public static boolean needsSignIn(String reason) {
        String r = lower(reason);
        return r.contains("authentication failed") || r.contains("invalid credentials") || r.contains("log in again")
                || r.contains("session expired") || r.contains("sign-in expired") || r.contains("authexpired")
                || HTTP_STATUS.matcher(reason == null ? "" : reason).results().anyMatch(m -> m.group(1).equals("401"));
    }

    /** A reason as a message key of the bundle with its named arguments: translated by kind, never parsed back. */
    public record Msg(String key, Object... args) {
        public String text() {
            return key.isEmpty() ? "" : t(key, args);
        }
    }

    /**
     * A plain sentence for {@code reason}. {@code server} (the account's address, may be null) names the server
     * in network problems; {@code path} (may be null or empty) names the file in per-item problems.
     */
    public static String message(String reason, String server, String path) {
        return kind(reason, server, path).text();
    }

    /** The message key (and arguments) for {@code reason}: the engine's English never reaches the window as is. */
    public static Msg kind(String reason, String server, String path) {
        String raw = reason == null ? "" : reason.strip();
        String r = raw.toLowerCase(Locale.ROOT);
        boolean named = path != null && !path.isBlank();
        String file = named ? path : "";
        if (raw.isEmpty()) {
            return new Msg("");
        }
        // first: these messages quote a folder's path, which may hold any word or number
        if (r.contains("missing or not a folder")) {
            return new Msg("plain.localFolderMissing");
        }
        if (org.oxisync.core.remote.RemoteRoot.isGoneMessage(raw)) {
            return new Msg("plain.remoteFolderGone");
        }
        if (needsSignIn(raw)) {
            return new Msg("plain.signInRefused");
        }
        if (r.contains("rate limited")) {
            Matcher m = RETRY_AFTER.matcher(r);
            return m.find() ? new Msg("plain.rateLimited.in", "wait",
                    Formats.duration(java.time.Duration.ofSeconds(Long.parseLong(m.group(1)))))
                    : new Msg("plain.rateLimited.later");
        }
        if (r.contains("unsupported_type") || r.contains("symbolic links are not synced")
                || r.contains("special files are not synced")) {
            return new Msg("plain.specialFile", "named", named ? "yes" : "no", "file", file);
        }
        if (r.contains("server_name") || (r.contains("name") && (r.contains("'/'") || r.contains("'\\'")))) {
            return new Msg("plain.badName", "named", named ? "yes" : "no", "file", file);
        }
        if (r.contains("connectexception") || r.contains("unknownhostexception") || r.contains("noroutetohost")
                || r.contains("cannot reach") || r.contains("timed out") || r.contains("sockettimeout")
                || r.contains("connection refused") || r.contains("connection reset")) {
            return server == null || server.isBlank() ? new Msg("plain.unreachable")
                    : new Msg("plain.unreachableAt", "server", host(server));
        }
        if (r.contains("quota") || r.contains("http 507")) {
            return new Msg("plain.quota");
        }
        if (r.contains("disk is full") || r.contains("no space left")) {
            return new Msg("plain.diskFull");
        }
        if (r.contains("permission denied") || r.contains("access denied")) {
            return new Msg("plain.permissions", "named", named ? "yes" : "no", "file", file);
        }
        if (r.contains("read-only")) {
            return new Msg("plain.readOnly");
        }
        if (r.contains("changed since the last sync") || r.contains("changed while")) {
            return new Msg("plain.changedWhileSyncing", "named", named ? "yes" : "no", "file", file);
        }
        if (r.contains("stopped before deleting") || r.contains("mass")) {
            return new Msg("plain.massDelete");
        }
        Matcher http = HTTP_STATUS.matcher(raw);
        if (http.find()) {
            int code = Integer.parseInt(http.group(1));
            if (code == 404) {
                return new Msg("plain.notFound");
            }
            if (code == 403) {
                return new Msg("plain.forbidden");
            }
            if (code >= 500) {
                return new Msg("plain.serverError");
            }
        }
        if (r.contains("run failed unexpectedly") || r.startsWith("record ") || r.contains("exception")) {
            return new Msg("plain.unexpected");
        }
        // a reason no rule knows: shown as it is (the log has it too), inside a translated frame
        return new Msg("plain.other", "detail", Formats.sentence(raw));
    }

    private static String host(String server) {
        try {
            String a = java.net.URI.create(server).getAuthority();
            return a == null ? server : a;
        } catch (RuntimeException e) {
            return server;
        }
    }

    private static String lower(String s) {
        return s == null ? "" : s.toLowerCase(Locale.ROOT);
    }
}
