package org.oxisync.app.commands;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.oxisync.store.StoreView;
import org.oxisync.app.control.StoreRequest;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.versions.VersionInfo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import org.oxisync.app.state.Bytes;
import org.oxisync.app.control.ExitCodes;
import org.oxisync.app.control.Show;

/**
 * {@code oxisync versions list|restore}: the local version store, where every file the sync replaced or removed
 * because of a remote change was kept first.
 */
@Command(name = "versions", mixinStandardHelpOptions = true,
        description = "List and restore earlier versions kept before the sync replaced or removed a file.",
        subcommands = {VersionsCommand.ListVersions.class, VersionsCommand.Restore.class})
public final class VersionsCommand extends CommandGroup {
    /** What list and restore share: the account, and the pair when PATH does not say it. */
    abstract static class OnPair implements Callable<Integer> {
        @Mixin AccountHomeOption homeOption;
        @Spec CommandSpec spec;
        @Option(names = "--pair", paramLabel = "NAME", description = "The pair (needed when there are several"
                + " and PATH is not inside a pair's folder).")
        String pairName;
    }

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = "List kept versions (of PATH, or all); works beside a running daemon or desktop app.")
    static final class ListVersions extends OnPair {
        @Parameters(index = "0", arity = "0..1", paramLabel = "PATH",
                description = "A file: absolute, relative to the current folder, or relative to the pair's folder.")
        String path;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            return LoggedIn.view(homeOption, err, "not logged in", ExitCodes.CONFIG,
                    (ctx, view) -> list(view, out, err));
        }

        private int list(StoreView view, PrintWriter out, PrintWriter err) {
            List<FolderPair> pairs = view.pairs();
            Optional<FolderPair> chosen = pairName != null ? view.pairByName(pairName)
                    : pairs.size() == 1 ? Optional.of(pairs.get(0)) : Optional.empty();
            if (pairName != null && chosen.isEmpty()) {
                err.println("no pair named '" + pairName + "'");
                return ExitCodes.CONFIG;
            }
            List<VersionInfo> versions;
            String shown;
            if (path == null) {
                if (chosen.isEmpty()) {
                    if (pairs.isEmpty()) {
                        err.println("no folder pairs");
                        return ExitCodes.CONFIG;
                    }
                    // every pair's versions, each under its pair's name
                    for (FolderPair p : pairs) {
                        out.println(p.name() + ":");
                        List<VersionInfo> kept = view.versions(p.id(), null);
                        if (kept.isEmpty()) {
                            out.println("  no versions kept");
                        }
                        kept.forEach(v -> out.println("  " + line(v)));
                    }
                    return ExitCodes.OK;
                }
                versions = view.versions(chosen.get().id(), null);
                shown = "";
            } else {
                Optional<Show.PairPath> where = Show.locate(path, pairs, Path.of(""), chosen);
                if (where.isEmpty()) {
                    err.println(path + " is in no pair's folder; with several pairs give --pair NAME");
                    return ExitCodes.CONFIG;
                }
                versions = view.versions(where.get().pair().id(), where.get().relative());
                shown = " of " + where.get().relative() + " (pair '" + where.get().pair().name() + "')";
            }
            if (versions.isEmpty()) {
                out.println("no versions kept" + shown);
            }
            for (VersionInfo v : versions) {
                out.println(line(v));
            }
            return ExitCodes.OK;
        }

        private static String line(VersionInfo v) {
            return Show.time(v.time()) + "  " + Bytes.human(v.size()) + "  " + v.path() + "  (id " + v.id() + ")";
        }
    }

    @Command(name = "restore", mixinStandardHelpOptions = true,
            description = "Restore PATH to its newest kept version (or the newest at or before --at).")
    static final class Restore extends OnPair {
        @Option(names = "--at", paramLabel = "TIME",
                description = "The newest version at or before TIME: 2026-11-29T10:00:00Z, 2026-11-29T11:00:00+01:00,"
                        + " or local time as `versions list` shows it (2026-11-29 11:00:00).")
        String at;
        @Parameters(index = "0", paramLabel = "PATH",
                description = "A file: absolute, relative to the current folder, or relative to the pair's folder.")
        String path;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            return LoggedIn.run(homeOption, err, "not logged in", ExitCodes.CONFIG, ctx -> {
                String cwd = Path.of("").toAbsolutePath().toString();
                return StoreBusy.run(ctx, new StoreRequest.VersionRestore(pairName, path, cwd, at), out, err,
                        "restoring a version");
            });
        }
    }
}
