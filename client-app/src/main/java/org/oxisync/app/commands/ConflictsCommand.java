package org.oxisync.app.commands;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.oxisync.app.ConflictResolution;
import org.oxisync.store.StoreView;
import org.oxisync.app.control.StoreRequest;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.status.Conflict;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import org.oxisync.app.control.ExitCodes;
import org.oxisync.app.control.Show;

/** {@code oxisync conflicts list|resolve}: the files both sides changed, and settling them. */
@Command(name = "conflicts", mixinStandardHelpOptions = true,
        description = "List conflicts (files changed on both sides) and settle them: keep mine, theirs or both.",
        subcommands = {ConflictsCommand.ListConflicts.class, ConflictsCommand.Resolve.class})
public final class ConflictsCommand extends CommandGroup {
    @Command(name = "list", mixinStandardHelpOptions = true,
            description = "List the unresolved conflicts of every pair (works beside a running daemon or app).")
    static final class ListConflicts implements Callable<Integer> {
        @Mixin AccountHomeOption homeOption;
        @Spec CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            return LoggedIn.view(homeOption, spec.commandLine().getErr(), "oxisync conflicts list: not logged in",
                    ExitCodes.CONFIG, (ctx, view) -> list(view, spec.commandLine().getOut()));
        }

        private static int list(StoreView view, PrintWriter out) {
            int n = 0;
            for (FolderPair p : view.pairs()) {
                for (Conflict c : view.unresolvedConflicts(p.id())) {
                    if (ConflictResolution.copyGone(p, c)) {
                        continue; // the user deleted the conflicted copy: settled
                    }
                    n++;
                    out.println(p.name() + "\t" + c.path() + "\t" + c.conflictCopyPath() + "\t" + Show.time(c.time()));
                }
            }
            if (n == 0) {
                out.println("no conflicts");
            } else {
                out.println(n + " conflict(s): pair, file (the server's version), conflicted copy (yours), when."
                        + " Settle one with: oxisync conflicts resolve FILE --keep mine|theirs|both");
            }
            return ExitCodes.OK;
        }
    }

    @Command(name = "resolve", mixinStandardHelpOptions = true,
            description = "Settle the conflict on FILE: --keep mine (your copy replaces the server's version),"
                    + " theirs (your copy is removed) or both (both files stay). What is replaced or removed is kept"
                    + " in Versions.")
    static final class Resolve implements Callable<Integer> {
        @Mixin AccountHomeOption homeOption;
        @Spec CommandSpec spec;
        @Option(names = "--pair", paramLabel = "NAME", description = "The pair of FILE (needed only when unclear).")
        String pairName;
        @Option(names = "--keep", paramLabel = "mine|theirs|both", required = true,
                description = "Which version to keep: ${COMPLETION-CANDIDATES}.")
        ConflictResolution.Choice keep;
        @Parameters(index = "0", paramLabel = "FILE",
                description = "The conflicted file or its conflicted copy: absolute, relative to the current folder,"
                        + " or relative to the pair's folder.")
        String file;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            return LoggedIn.run(homeOption, err, "oxisync conflicts resolve: not logged in", ExitCodes.CONFIG, ctx -> {
                String cwd = Path.of("").toAbsolutePath().toString();
                return StoreBusy.run(ctx, new StoreRequest.ConflictResolve(pairName, file, cwd, keep), out, err,
                        "resolving a conflict");
            });
        }
    }
}
