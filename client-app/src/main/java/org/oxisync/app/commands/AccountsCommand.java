package org.oxisync.app.commands;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.oxisync.app.AppContext;
import org.oxisync.app.NamedAccount;
import org.oxisync.store.StoreView;
import org.oxisync.app.control.DaemonClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import org.oxisync.app.control.ExitCodes;

/**
 * {@code oxisync accounts [list] [--json]}: the accounts of this home, each with its server, user, whether it is
 * signed in and how many pairs it has; {@code oxisync accounts remove NAME [--force]} forgets one (docs/accounts.md).
 */
@Command(name = "accounts", mixinStandardHelpOptions = true,
        description = {"List the accounts of this install (name, server, user, signed in, pairs).",
                "`oxisync login` adds one; `oxisync accounts remove NAME` removes one."},
        subcommands = {AccountsCommand.ListAccounts.class, AccountsCommand.Remove.class})
public final class AccountsCommand implements Callable<Integer> {
    @Mixin HomeOption homeOption;
    @Spec CommandSpec spec;
    @Option(names = "--json", description = "Print one JSON object on standard output.")
    boolean json;

    @Override
    public Integer call() throws Exception {
        return list(homeOption, json, spec.commandLine().getOut());
    }

    static int list(HomeOption homeOption, boolean json, PrintWriter out) throws Exception {
        try (AppContext ctx = homeOption.open()) {
            ObjectNode root = new ObjectMapper().createObjectNode();
            ArrayNode list = root.putArray("accounts");
            for (NamedAccount a : ctx.accounts().all()) {
                int pairs;
                try (StoreView view = StoreView.open(ctx.home().dataDir(), a.key())) { // read-only: beside a running daemon
                    pairs = view.pairs().size();
                }
                boolean in = ctx.signedIn(a);
                list.addObject().put("name", a.name()).put("server", a.server()).put("user", a.user())
                        .put("signed_in", in).put("pairs", pairs);
                if (!json) {
                    out.println(a.name() + "\t" + a.user() + " at " + a.server() + "\t"
                            + (in ? "signed in" : "signed out") + "\t" + pairs + " pair(s)");
                }
            }
            if (json) {
                out.println(root);
            } else if (ctx.accounts().isEmpty()) {
                out.println("no accounts; add one with `oxisync login SERVER_URL`");
            }
            return ExitCodes.OK;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the accounts (the default).")
    static final class ListAccounts implements Callable<Integer> {
        @Mixin HomeOption homeOption;
        @Spec CommandSpec spec;
        @Option(names = "--json", description = "Print one JSON object on standard output.")
        boolean json;

        @Override
        public Integer call() throws Exception {
            return list(homeOption, json, spec.commandLine().getOut());
        }
    }

    @Command(name = "remove", mixinStandardHelpOptions = true,
            description = {"Remove an account: sign it out and forget it. Refused while it has pairs, unless --force.",
                    "No file is touched: not the synced folders, not the account's store (its journal and version"
                            + " store stay in the home; logging in again as that user finds its pairs)."})
    static final class Remove implements Callable<Integer> {
        @Mixin HomeOption homeOption;
        @Spec CommandSpec spec;
        @Parameters(index = "0", paramLabel = "NAME", description = "The account's name (see oxisync accounts).")
        String name;
        @Option(names = "--force", description = "Remove it even though it has pairs (they stop syncing).")
        boolean force;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            try (AppContext ctx = homeOption.open()) {
                NamedAccount a = ctx.accounts().byName(name).orElse(null);
                if (a == null) {
                    err.println("oxisync accounts remove: no account named '" + name + "'"
                            + (ctx.accounts().isEmpty() ? "" : "; the accounts are: "
                                    + String.join(", ", ctx.accounts().names())));
                    return ExitCodes.CONFIG;
                }
                boolean running = DaemonClient.ping(ctx.home().dir());
                int pairs;
                try (StoreView view = StoreView.open(ctx.home().dataDir(), a.key())) {
                    pairs = view.pairs().size();
                }
                if (pairs > 0 && !force) {
                    err.println("oxisync accounts remove: account '" + name + "' has " + pairs + " pair(s); remove"
                            + " them first (oxisync pair remove NAME --account " + name + ") or add --force"
                            + " (no files are touched either way)");
                    return ExitCodes.CONFIG;
                }
                if (running) {
                    // the daemon or the desktop app syncs it: it stops that sync, closes the store and signs the
                    // account out; then the account leaves the list and the process is told to read it again
                    var reply = RunningHolder.tell(ctx.home().dir(), "logout", name);
                    if (reply.isPresent() && !reply.get().path("ok").asBoolean(false)) {
                        err.println("oxisync accounts remove: " + RunningHolder.refused(reply.get()));
                        return ExitCodes.CONFIG;
                    }
                    reply.map(r -> r.path("warning").asText("")).filter(w -> !w.isEmpty()).ifPresent(err::println);
                } else if (ctx.signedIn(a)) {
                    try (AppContext one = ctx.forAccount(name)) {
                        one.api().logout();
                    } catch (RuntimeException e) {
                        err.println("oxisync accounts remove: the server could not be told (" + e.getMessage()
                                + "); the local credentials are deleted anyway");
                    }
                    ctx.credentials().delete(a.key());
                }
                ctx.removeAccount(name);
                if (running) {
                    RunningHolder.tell(ctx.home().dir(), "accounts-changed", null);
                }
                out.println("Removed account '" + name + "' (" + a.user() + " at " + a.server() + ")"
                        + (pairs > 0 ? "; its " + pairs + " pair(s) no longer sync" : "") + ". No files were touched;"
                        + " its store stays in " + org.oxisync.store.LocalStore.directoryOf(ctx.home().dataDir(),
                        a.key()) + ".");
                return ExitCodes.OK;
            }
        }
    }
}
