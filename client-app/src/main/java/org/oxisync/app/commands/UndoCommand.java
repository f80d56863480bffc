package org.oxisync.app.commands;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.oxisync.app.control.StoreRequest;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import org.oxisync.app.control.ExitCodes;

/**
 * {@code oxisync undo}: puts back what a run changed (or what every run since a time changed in a folder), on both
 * sides, as a new run that can itself be undone. Without {@code --yes} it only shows what it would do. Run here when
 * this process can open the store, else by the daemon or desktop app that holds it (control/UndoChanges).
 */
@Command(name = "undo", mixinStandardHelpOptions = true,
        description = {"Undo a sync run: put every file it changed back as it was before, on this computer and on"
                + " the server.",
                "Files the run changed are given their earlier content from the kept versions, files it deleted come"
                        + " back from the server's trash (or the kept versions), files it created go to the kept"
                        + " versions and the server's trash, items it moved go back. Items changed again since the run are left as they are and"
                        + " listed. The undo is itself a run, which `oxisync undo` can undo.",
                "Without --yes nothing is changed: it shows what the run changed and what undo would do."})
public final class UndoCommand implements Callable<Integer> {
    @Mixin AccountHomeOption homeOption;
    @Spec CommandSpec spec;

    @Parameters(index = "0", arity = "0..1", paramLabel = "RUN",
            description = "The run's number, as `oxisync undo --list` shows it (default: the newest run that changed"
                    + " something).")
    Long run;
    @Option(names = "--list", description = "List the recent runs that changed something, with their numbers.")
    boolean list;
    @Option(names = "--pair", paramLabel = "NAME", description = "Only this pair's runs.")
    String pairName;
    @Option(names = "--folder", paramLabel = "PATH",
            description = "With --to: undo every run since TIME in this folder (of a pair's folder, or the pair's"
                    + " folder itself).")
    String folder;
    @Option(names = "--to", paramLabel = "TIME",
            description = "With --folder: put the folder back as it was at TIME: 2026-11-29T10:00:00Z,"
                    + " 2026-11-29T11:00:00+01:00, or local time (2026-11-29 11:00:00).")
    String to;
    @Option(names = "--yes", description = "Do the undo (without it, nothing is changed).")
    boolean yes;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        return LoggedIn.run(homeOption, err, "not logged in", ExitCodes.CONFIG, ctx -> {
            String cwd = Path.of("").toAbsolutePath().toString();
            return StoreBusy.run(ctx, new StoreRequest.Undo(run, pairName, folder, to, cwd, yes, list), out, err,
                    "undo");
        });
    }
}
