package org.oxisync.ui.app;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

    /**
     * A plain sentence for {@code reason}. {@code server} (the account's address, may be null) names the server
     * in network problems; {@code path} (may be null or empty) names the file in per-item problems.
     */
    public static String message(String reason, String server, String path) {
        String raw = reason == null ? "" : reason.strip();
        String r = raw.toLowerCase(Locale.ROOT);
        String file = path == null || path.isBlank() ? "This item" : "“" + path + "”";
        if (raw.isEmpty()) {
            return "";
        }
        // first: these messages quote a folder's path, which may hold any word or number
        if (r.contains("missing or not a folder")) {
            return "The folder on this computer is missing (an unplugged disk?). Reconnect it, or remove the "
                    + "folder pair in Settings → Folders.";
        }
        if (org.oxisync.core.remote.RemoteRoot.isGoneMessage(raw)) {
            return "The folder on the server was deleted or moved. Nothing was deleted on this computer.";
        }
        if (needsSignIn(raw)) {
            return "The server did not accept the password for this account (it may have been changed). Sign in "
                    + "again to continue syncing; your folders are kept.";
        }
        if (r.contains("rate limited")) {
            Matcher m = RETRY_AFTER.matcher(r);
            String wait = m.find() ? " in " + Formats.timeLeft(java.time.Duration.ofSeconds(Long.parseLong(m.group(1))))
                    .replace(" left", "") : " later";
            return "The server is refusing requests for a while (too many attempts, for example wrong passwords). "
                    + "OxiSync tries again" + wait + ".";
        }
        if (r.contains("unsupported_type") || r.contains("symbolic links are not synced")
                || r.contains("special files are not synced")) {
            return file + " is a link or special file; it is not synced.";
        }
        if (r.contains("server_name") || (r.contains("name") && (r.contains("'/'") || r.contains("'\\'")))) {
            return file + " has a name the server cannot store (it contains / or \\). Rename it; it then syncs.";
        }
        if (r.contains("connectexception") || r.contains("unknownhostexception") || r.contains("noroutetohost")
                || r.contains("cannot reach") || r.contains("timed out") || r.contains("sockettimeout")
                || r.contains("connection refused") || r.contains("connection reset")) {
            return "Cannot reach the server" + (server == null || server.isBlank() ? "" : " at " + host(server))
                    + ". Check the network connection and that the server is running; OxiSync tries again by "
                    + "itself.";
        }
        if (r.contains("quota") || r.contains("http 507")) {
            return "Your storage on the server is full. Free some space there, then choose Sync now.";
        }
        if (r.contains("disk is full") || r.contains("no space left")) {
            return "The disk of this computer is full. Free some space, then choose Sync now.";
        }
        if (r.contains("permission denied") || r.contains("access denied")) {
            return file + " cannot be read or written by OxiSync (permissions). Check them, then choose Sync now.";
        }
        if (r.contains("read-only")) {
            return "The server is read-only for now (maintenance). OxiSync writes again once it is back.";
        }
        if (r.contains("changed since the last sync") || r.contains("changed while")) {
            return file + " changed while it was being synced; OxiSync syncs it again at the next run.";
        }
        if (r.contains("stopped before deleting") || r.contains("mass")) {
            return "OxiSync stopped before deleting many files. Check both folders; nothing was deleted yet.";
        }
        Matcher http = HTTP_STATUS.matcher(raw);
        if (http.find()) {
            int code = Integer.parseInt(http.group(1));
            if (code == 404) {
                return "The folder or file was not found on the server (deleted or moved elsewhere?).";
            }
            if (code == 403) {
                return "The server does not allow this account to change this item.";
            }
            if (code >= 500) {
                return "The server had an internal error. OxiSync tries again by itself; if it persists, ask the "
                        + "server's administrator.";
            }
        }
        if (r.contains("run failed unexpectedly") || r.startsWith("record ") || r.contains("exception")) {
            return "Something unexpected went wrong. OxiSync tries again by itself; the details are in the log "
                    + "(Settings → Advanced → Open log folder).";
        }
        return Formats.sentence(raw);
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
