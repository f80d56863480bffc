package org.oxisync.core.commands;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.oxisync.core.app.AppContext;
import org.oxisync.core.service.DaemonClient;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code oxisync status}: the account, each pair's state, progress and last run. A running {@code oxisync daemon}
 * holds the store's lock, so it is asked first (through {@code daemon.sock} in the OxiSync home); without a daemon
 * the store is read directly.
 */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = "Show the account, the pairs, what a running daemon is doing, and the last runs.")
public final class StatusCommand implements Callable<Integer> {
    @Mixin HomeOption homeOption;
    @Spec CommandSpec spec;

    @Option(names = "--json", description = "Print the running daemon's status as one JSON object.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (AppContext ctx = homeOption.open()) {
            if (!ctx.config().hasAccount()) {
                out.println("not logged in (oxisync login SERVER_URL)");
                return ExitCodes.OK;
            }
            Optional<JsonNode> daemon;
            try {
                daemon = DaemonClient.request(ctx.home().dir(), "status");
            } catch (java.io.IOException e) {
                err.println("oxisync status: a daemon is running but did not answer: " + e.getMessage());
                return ExitCodes.ITEMS_FAILED;
            }
            if (daemon.isPresent()) {
                if (json) {
                    out.println(daemon.get().toString());
                } else {
                    printDaemon(ctx, daemon.get(), out);
                }
                return ExitCodes.OK;
            }
            if (json) {
                err.println("oxisync status: --json needs a running daemon (none answers in " + ctx.home().dir() + ")");
                return ExitCodes.CONFIG;
            }
            return printStore(ctx, out);
        }
    }

    private static void printDaemon(AppContext ctx, JsonNode s, PrintWriter out) {
        out.println("account: " + ctx.config().user() + " at " + ctx.config().server());
        out.println("home:    " + ctx.home().dir());
        out.println("daemon:  running (pid " + s.path("daemon_pid").asLong() + ")"
                + (s.path("paused").asBoolean() ? ", paused" : "")
                + (s.path("bus_connected").asBoolean() ? ", real-time bus connected" : ", polling the server"));
        for (JsonNode p : s.path("pairs")) {
            out.println();
            out.println(p.path("name").asText() + ": " + p.path("state").asText()
                    + (p.path("detail").asText("").isEmpty() ? "" : " (" + p.path("detail").asText() + ")"));
            JsonNode pr = p.path("progress");
            if (!pr.isMissingNode()) {
                out.printf("  progress:  %d of %d items, %s of %s (%.0f%%)%n", pr.path("items_done").asInt(),
                        pr.path("items_total").asInt(), Bytes.human(pr.path("bytes_done").asLong()),
                        Bytes.human(pr.path("bytes_total").asLong()), 100 * pr.path("fraction").asDouble());
            }
            JsonNode r = p.path("last_result");
            if (r.isMissingNode()) {
                out.println("  last run:  none yet since the daemon started");
            } else {
                out.println("  last run:  " + p.path("last_run").asText("") + " " + r.path("status").asText() + ": "
                        + r.path("message").asText() + " (uploaded " + r.path("uploaded").asInt() + ", downloaded "
                        + r.path("downloaded").asInt() + ", conflicts " + r.path("conflicts").asInt() + ", errors "
                        + r.path("errors").asInt() + ")");
            }
        }
    }

    private static int printStore(AppContext ctx, PrintWriter out) {
        out.println("account: " + ctx.config().user() + " at " + ctx.config().server());
        out.println("home:    " + ctx.home().dir());
        out.println("daemon:  not running");
        LocalStore store = ctx.store();
        var recent = store.activity().recent(10_000);
        for (FolderPair p : store.accounts().pairs()) {
            out.println();
            out.println(p.name() + ": " + p.localRoot() + " <-> " + p.remotePath());
            String last = recent.stream().filter(a -> p.id() == (a.pairId() == null ? -1 : a.pairId())
                            && "run".equals(a.kind())).findFirst()
                    .map(a -> a.time() + " " + a.message()).orElse("never synced");
            out.println("  last run:  " + last);
            out.println("  conflicts: " + store.conflicts().unresolved(p.id()).size() + " unresolved");
            var errors = store.errors().list(p.id());
            out.println("  failing:   " + errors.size() + " item(s)");
            errors.stream().limit(10).forEach(e -> out.println("    " + e.path() + ": " + e.message()));
        }
        return ExitCodes.OK;
    }
}
