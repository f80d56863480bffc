package org.oxisync.app.commands;

import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import org.oxisync.store.StoreView;
import org.oxisync.app.control.StoreRequest;
import org.oxisync.core.ignore.IgnoreFile;
import org.oxisync.core.ignore.IgnorePattern;
import org.oxisync.core.ignore.IgnoreRules;
import org.oxisync.store.account.FolderPair;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import org.oxisync.app.control.ExitCodes;

/**
 * {@code oxisync pair ignore list|add|remove}: a pair's own ignore patterns (gitignore syntax), kept with the pair in
 * the local store on this computer (the desktop app's folder settings edit the same list). The built-in defaults and
 * the folder's {@code .oxisyncignore} (synced with the folder, {@link IgnoreFile}) apply too; {@code list} shows all
 * three and where each lives.
 */
@Command(name = "ignore", mixinStandardHelpOptions = true,
        description = {"List, add or remove a pair's ignore patterns (gitignore syntax).",
                "Patterns live in three places, all applied: the built-in defaults; the file .oxisyncignore at the top"
                        + " of the synced folder (edit it with any editor; it is synced, so every computer leaves out"
                        + " the same files); and the pair's own patterns, kept on this computer in the local store"
                        + " (what add and remove change). The last matching pattern decides; the pair's own come last."},
        subcommands = {PairIgnoreCommand.ListIgnores.class, PairIgnoreCommand.Add.class, PairIgnoreCommand.Remove.class})
final class PairIgnoreCommand extends CommandGroup {
    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the ignore patterns of each pair.")
    static final class ListIgnores implements Callable<Integer> {
        @Mixin AccountHomeOption homeOption;
        @Spec CommandSpec spec;
        @Option(names = "--pair", paramLabel = "NAME", description = "Only this pair.")
        String pairName;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            return LoggedIn.run(homeOption, spec.commandLine().getErr(), "oxisync pair ignore list: not logged in",
                    ExitCodes.CONFIG, ctx -> {
                        out.println("always ignored: " + String.join("  ", IgnoreRules.DEFAULTS));
                        try (StoreView view = StoreView.open(ctx.home().dataDir(), ctx.config().accountKey())) {
                            view.pairs().stream().filter(p -> pairName == null || pairName.equals(p.name()))
                                    .forEach(p -> printPair(p, out));
                        }
                        return ExitCodes.OK;
                    });
        }

        private static void printPair(FolderPair p, PrintWriter out) {
            out.println(p.name() + ": " + (p.ignorePatterns().isEmpty() ? "no patterns of its own"
                    : String.join("  ", p.ignorePatterns())));
            out.println("  (its own patterns: kept on this computer; oxisync pair ignore add|remove)");
            printFile(p, out);
        }
    }

    /** The folder's .oxisyncignore: where it is and what it says (its patterns, not its comments). */
    static void printFile(FolderPair p, PrintWriter out) {
        java.nio.file.Path file = IgnoreFile.of(java.nio.file.Path.of(p.localRoot()));
        try {
            List<String> lines = IgnoreFile.read(java.nio.file.Path.of(p.localRoot())).stream()
                    .filter(l -> IgnorePattern.parse(l).isPresent()).toList();
            if (java.nio.file.Files.isRegularFile(file, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                out.println("  " + file + " (synced with the folder): "
                        + (lines.isEmpty() ? "no patterns" : String.join("  ", lines)));
            } else {
                out.println("  no " + file + " (create it for patterns every computer of this folder shares)");
            }
        } catch (IgnoreFile.Invalid e) {
            out.println("  " + e.getMessage() + " (syncing this pair stops until it is fixed)");
        }
    }

    /** Shared by add and remove: the request, run here or by the process that holds the store. */
    abstract static class Change implements Callable<Integer> {
        @Mixin AccountHomeOption homeOption;
        @Spec CommandSpec spec;
        @Option(names = "--pair", paramLabel = "NAME", description = "The pair (needed when there are several).")
        String pairName;
        @Parameters(index = "0", arity = "1..*", paramLabel = "PATTERN",
                description = "A gitignore-style pattern, e.g. '*.iso', 'build/', '/Private'. Quote it for the shell.")
        List<String> patterns;

        abstract boolean add();

        @Override
        public Integer call() throws Exception {
            PrintWriter err = spec.commandLine().getErr();
            StoreRequest.IgnoreChange request = new StoreRequest.IgnoreChange(pairName, patterns, add());
            return LoggedIn.run(homeOption, err, request.command() + ": not logged in", ExitCodes.CONFIG,
                    ctx -> StoreBusy.run(ctx, request, spec.commandLine().getOut(), err, "changing ignore patterns"));
        }
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = "Add ignore patterns to a pair's own list (kept on this computer; for patterns every computer"
                    + " shares, edit .oxisyncignore in the folder); matching files are no longer synced (nothing is"
                    + " deleted).")
    static final class Add extends Change {
        @Override
        boolean add() {
            return true;
        }
    }

    @Command(name = "remove", mixinStandardHelpOptions = true,
            description = "Remove ignore patterns from a pair; matching files are synced again at the next run.")
    static final class Remove extends Change {
        @Override
        boolean add() {
            return false;
        }
    }
}
