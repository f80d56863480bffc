package org.oxisync.core.commands;

import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.oxisync.core.app.AppContext;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code oxisync status}: the account, each pair's last run, open conflicts and failing items. */
@Command(name = "status", mixinStandardHelpOptions = true, description = "Show the account, the pairs and their last run.")
public final class StatusCommand implements Callable<Integer> {
    @Mixin HomeOption homeOption;
    @Spec CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        try (AppContext ctx = homeOption.open()) {
            if (!ctx.config().hasAccount()) {
                out.println("not logged in (oxisync login SERVER_URL)");
                return ExitCodes.OK;
            }
            out.println("account: " + ctx.config().user() + " at " + ctx.config().server());
            out.println("home:    " + ctx.home().dir());
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
}
