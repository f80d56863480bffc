package org.oxisync.app.commands;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import org.oxisync.app.control.DaemonClient;

/**
 * What the account commands ({@code login}, {@code logout}, {@code accounts remove}) tell the process that syncs
 * the home (the daemon, the desktop app) over its control socket: {@code accounts-changed} (read the account list
 * again; an account that signed in again restarts with its new credentials) and {@code logout} (stop the account's
 * sync, close its store, sign it out). See {@code AccountSyncs} and docs/accounts.md.
 */
final class RunningHolder {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** A logout stops a sync at a safe point first (a large transfer's next chunk batch). */
    static final long TIMEOUT_SECONDS = 90;

    private RunningHolder() {}

    /** The holder's reply to {@code verb {"account": account}}; empty when no process syncs {@code home}. */
    static Optional<JsonNode> tell(Path home, String verb, String account) throws IOException {
        if (!DaemonClient.ping(home)) {
            return Optional.empty();
        }
        String args = account == null ? "{}" : JSON.createObjectNode().put("account", account).toString();
        return DaemonClient.request(home, verb + " " + args, TIMEOUT_SECONDS);
    }

    /** How a failed reply reads: names the process and what to do. */
    static String refused(JsonNode reply) {
        return "the running OxiSync (daemon or desktop app) could not do it: " + reply.path("error").asText("?")
                + " (an older version? stop it — `systemctl --user stop oxisync`, or quit the app — and try again)";
    }
}
