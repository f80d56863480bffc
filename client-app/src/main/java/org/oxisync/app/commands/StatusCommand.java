package org.oxisync.app.commands;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.oxisync.app.AccountChoice;
import org.oxisync.app.AppContext;
import org.oxisync.app.NamedAccount;
import org.oxisync.app.control.StoreRequest;
import org.oxisync.app.RunningApps;
import org.oxisync.store.StoreView;
import org.oxisync.app.control.DaemonClient;
import org.oxisync.app.state.AccountView;
import org.oxisync.app.state.PairView;
import org.oxisync.app.state.ViewText;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.status.Conflict;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.oxisync.app.control.ExitCodes;
import org.oxisync.app.control.Show;
import org.oxisync.app.control.PairRightsOptions;

/**
 * {@code oxisync status}: the account, which OxiSync process runs (daemon, desktop app), each pair's state and
 * progress (from a running daemon, through {@code daemon.sock}), last run, conflicts and failing items (read from the
 * store read-only, {@link StoreView}, so this works beside a running daemon or desktop app).
 */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = "Show the account, the pairs, what a running daemon is doing, the last runs, conflicts and"
                + " failing items.")
public final class StatusCommand implements Callable<Integer> {
    @Mixin AccountHomeOption homeOption;
    @Spec CommandSpec spec;

    @Option(names = "--json", description = "Print the running daemon's status as one JSON object.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (AppContext ctx = homeOption.openAll()) {
            if (ctx.accounts().isEmpty()) {
                out.println("not logged in (oxisync login SERVER_URL)");
                return ExitCodes.OK;
            }
            // without --account: every account
            List<NamedAccount> accounts = homeOption.account() != null
                    ? List.of(AccountChoice.choose(ctx.accounts(), homeOption.account()).orElseThrow())
                    : ctx.accounts().all();
            Optional<JsonNode> daemon;
            try {
                daemon = DaemonClient.request(ctx.home().dir(), homeOption.account() == null ? "status"
                        : "status " + StoreRequest.JSON.createObjectNode().put("account", homeOption.account()));
            } catch (java.io.IOException e) {
                err.println("oxisync status: a daemon is running but did not answer: " + e.getMessage());
                return ExitCodes.ITEMS_FAILED;
            }
            if (json) {
                if (daemon.isPresent()) {
                    out.println(daemon.get().toString());
                    return ExitCodes.OK;
                }
                err.println("oxisync status: --json needs a running daemon (none answers in " + ctx.home().dir() + ")");
                return ExitCodes.CONFIG;
            }
            // the socket is served by whichever process syncs: the daemon, or the desktop app
            boolean appAnswers = daemon.isPresent() && "desktop app".equals(daemon.get().path("process").asText());
            boolean app = appAnswers || RunningApps.desktopApp(ctx.home().dir());
            out.println("home:    " + ctx.home().dir());
            String how = daemon.map(s -> " (pid " + s.path("daemon_pid").asLong() + ")"
                    + (s.path("paused").asBoolean() ? ", paused" : "")
                    + (s.path("bus_connected").asBoolean() ? ", real-time bus connected" : ", polling the server"))
                    .orElse("");
            out.println("daemon:  " + (daemon.isPresent() && !appAnswers ? "running" + how : "not running"));
            if (app) {
                out.println("desktop app: running" + (appAnswers ? how : "") + " (it syncs while it is open)");
            }
            for (NamedAccount a : accounts) {
                out.println();
                out.println("account: " + a.user() + " at " + a.server()
                        + (ctx.accounts().all().size() > 1 ? " (" + a.name() + ")" : "")
                        + (ctx.signedIn(a) ? "" : ", signed out (oxisync login " + a.server() + ")"));
                JsonNode live = daemon.map(d -> accountNode(d, a)).orElse(null);
                try (StoreView view = StoreView.open(ctx.home().dataDir(), a.key())) {
                    var pairs = view.pairs();
                    if (pairs.isEmpty()) {
                        out.println("no folder pairs; add one with `oxisync pair add LOCAL_DIR [REMOTE_PATH]`");
                    }
                    AccountView shown = StatusViews.of(pairs, view, live, ctx.signedIn(a));
                    if (!pairs.isEmpty()) {
                        out.println("state:   " + ViewText.line(shown.account()));
                    }
                    for (FolderPair p : pairs) {
                        printPair(p, view, live == null ? null : pairNode(live, p.name()), shown.pairs().get(p.name()),
                                out);
                    }
                }
            }
            return ExitCodes.OK;
        }
    }

    /** The running process's status of account {@code a}: its entry in {@code accounts}, else the top level. */
    private static JsonNode accountNode(JsonNode daemon, NamedAccount a) {
        for (JsonNode n : daemon.path("accounts")) {
            if (a.name().equals(n.path("name").asText())) {
                return n;
            }
        }
        // an older process (or the desktop app) serving one account: its key is at the top level
        return a.key().equals(daemon.path("account").asText()) ? daemon : null;
    }

    private static JsonNode pairNode(JsonNode daemon, String name) {
        for (JsonNode p : daemon.path("pairs")) {
            if (name.equals(p.path("name").asText())) {
                return p;
            }
        }
        return null;
    }

    private static void printPair(FolderPair p, StoreView view, JsonNode live, PairView shown, PrintWriter out) {
        out.println();
        out.println(p.name() + ": " + p.localRoot() + " <-> " + p.remotePath());
        out.println("  mode:      " + PairRightsOptions.describe(org.oxisync.core.engine.PairRightsSettings.read(p)));
        out.println("  now:       " + ViewText.line(shown));
        if (live != null) {
            JsonNode held = live.path("last_result").path("skipped");
            if (held.size() > 0) {
                out.println("  left out:  " + live.path("last_result").path("skipped_count").asInt() + " item(s)");
                held.forEach(h -> out.println("    " + h.path("path").asText() + ": " + h.path("reason").asText()));
            }
        }
        String last = view.lastRun(p.id()).map(e -> Show.time(e.getKey()) + " " + e.getValue()).orElse("never synced");
        out.println("  last run:  " + last);
        // a conflicted copy the user deleted settles its conflict (the server's version won)
        var conflicts = view.unresolvedConflicts(p.id()).stream()
                .filter(c -> !org.oxisync.app.ConflictResolution.copyGone(p, c)).toList();
        out.println("  conflicts: " + conflicts.size() + " unresolved"
                + (conflicts.isEmpty() ? "" : " (oxisync conflicts list)"));
        for (Conflict c : conflicts.stream().limit(10).toList()) {
            out.println("    " + c.path() + "  (your version: " + c.conflictCopyPath() + ")");
        }
        var errors = view.errors(p.id());
        out.println("  failing:   " + shown.failing() + " item(s)");
        errors.stream().limit(10).forEach(e -> out.println("    " + e.path() + ": " + e.message()));
    }
}
