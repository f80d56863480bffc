package org.oxisync.core.commands;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.oxisync.core.app.AppContext;
import org.oxisync.core.engine.SyncListener;
import org.oxisync.core.engine.SyncOptions;
import org.oxisync.core.engine.SyncStatus;
import org.oxisync.core.undo.RunChange;
import org.oxisync.core.undo.RunMove;
import org.oxisync.core.undo.RunRecord;
import org.oxisync.core.undo.UndoPlan;
import org.oxisync.core.undo.UndoRun;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code oxisync undo}: puts back what a run changed (or what every run since a time changed in a folder), on both
 * sides, as a new run that can itself be undone. Without {@code --yes} it only shows what it would do.
 */
@Command(name = "undo", mixinStandardHelpOptions = true,
        description = {"Undo a sync run: put every file it changed back as it was before, on this computer and on"
                + " the server.",
                "Files the run changed are given their earlier content from the kept versions, files it deleted come"
                        + " back from the server's trash (or the kept versions), files it created go to the kept"
                        + " versions and the server's trash. Items changed again since the run are left as they are and"
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
        if ((folder == null) != (to == null)) {
            err.println("oxisync undo: --folder and --to go together");
            return ExitCodes.CONFIG;
        }
        if (folder != null && run != null) {
            err.println("oxisync undo: give a RUN or --folder with --to, not both");
            return ExitCodes.CONFIG;
        }
        return LoggedIn.run(homeOption, err, "not logged in", ExitCodes.CONFIG, ctx -> {
            LocalStore store;
            try {
                store = ctx.store();
            } catch (RuntimeException e) {
                if (!StoreBusy.is(e)) {
                    throw e;
                }
                err.println("oxisync undo: " + StoreBusy.message(ctx, "undo"));
                return ExitCodes.CONFIG;
            }
            Optional<FolderPair> only = Optional.empty();
            if (pairName != null) {
                only = store.accounts().pairs().stream().filter(p -> p.name().equals(pairName)).findFirst();
                if (only.isEmpty()) {
                    err.println("oxisync undo: no pair named '" + pairName + "'");
                    return ExitCodes.CONFIG;
                }
            }
            if (list) {
                return list(store, only, out);
            }
            return folder != null ? undoFolder(ctx, store, only, out, err) : undoRun(ctx, store, only, out, err);
        });
    }

    private int list(LocalStore store, Optional<FolderPair> only, PrintWriter out) {
        List<RunRecord> runs = RunRecord.recent(store.activity(), only.map(FolderPair::id).orElse(null), 20);
        if (runs.isEmpty()) {
            out.println("no run that changed something is recorded");
        }
        for (RunRecord r : runs) {
            out.println("run " + r.id() + "  " + Show.time(r.time()) + "  pair '" + pairName(store, r.pairId()) + "'  "
                + r.size() + " item(s): " + r.summary());
        }
        return ExitCodes.OK;
    }

    private int undoRun(AppContext ctx, LocalStore store, Optional<FolderPair> only, PrintWriter out,
                        PrintWriter err) throws Exception {
        Optional<RunRecord> chosen = run != null ? RunRecord.load(store.activity(), run)
                : RunRecord.recent(store.activity(), only.map(FolderPair::id).orElse(null), 1).stream().findFirst();
        if (chosen.isEmpty()) {
            err.println("oxisync undo: " + (run != null ? "no run " + run + " is recorded (see oxisync undo --list)"
                    : "no run that changed something is recorded"));
            return ExitCodes.CONFIG;
        }
        RunRecord r = chosen.get();
        Optional<FolderPair> pair = store.accounts().pair(r.pairId());
        if (pair.isEmpty()) {
            err.println("oxisync undo: the pair of run " + r.id() + " was removed");
            return ExitCodes.CONFIG;
        }
        out.println("run " + r.id() + " of pair '" + pair.get().name() + "' at " + Show.time(r.time()) + " changed "
                + r.size() + " item(s):");
        print(r.changes(), r.moves(), out);
        return undo(ctx, store, pair.get(), r.changes(), r.moves(), out);
    }

    private int undoFolder(AppContext ctx, LocalStore store, Optional<FolderPair> only, PrintWriter out,
                           PrintWriter err) throws Exception {
        Instant time;
        try {
            time = Show.parseTime(to);
        } catch (java.time.format.DateTimeParseException e) {
            err.println("oxisync undo: --to needs a time like 2026-11-29T10:00:00Z or 2026-11-29 11:00:00");
            return ExitCodes.CONFIG;
        }
        Path abs = Path.of(folder).toAbsolutePath().normalize();
        Optional<FolderPair> pair = store.accounts().pairs().stream()
                .filter(p -> Path.of(p.localRoot()).toAbsolutePath().normalize().equals(abs)).findFirst();
        String relative = "";
        if (pair.isEmpty()) {
            Optional<Show.PairPath> where = Show.locate(folder, store.accounts().pairs(), Path.of(""), only);
            pair = where.map(Show.PairPath::pair);
            relative = where.map(Show.PairPath::relative).orElse("");
        }
        if (pair.isEmpty()) {
            err.println("oxisync undo: " + folder + " is in no pair's folder; with several pairs give --pair NAME");
            return ExitCodes.CONFIG;
        }
        List<RunRecord> runs = RunRecord.since(store.activity(), pair.get().id(), time);
        List<RunChange> changes = RunRecord.merged(runs, relative);
        List<RunMove> moves = RunRecord.moves(runs, relative);
        String shown = relative.isEmpty() ? "the folder of pair '" + pair.get().name() + "'" : relative + "/";
        out.println(runs.size() + " run(s) since " + Show.time(time) + " changed " + (changes.size() + moves.size())
                + " item(s) in " + shown + ":");
        print(changes, moves, out);
        return undo(ctx, store, pair.get(), changes, moves, out);
    }

    private static void print(List<RunChange> changes, List<RunMove> moves, PrintWriter out) {
        for (RunChange c : changes) {
            out.println("  " + c.path() + (c.folder() ? "/" : "") + "  " + c.words());
        }
        for (RunMove m : moves) {
            out.println("  " + m.to() + (m.folder() ? "/" : "") + "  " + m.words());
        }
    }

    private int undo(AppContext ctx, LocalStore store, FolderPair pair, List<RunChange> changes, List<RunMove> moves,
                     PrintWriter out) throws Exception {
        UndoRun undo = new UndoRun(ctx.api(), store, ctx.engine(SyncListener.NONE), ctx.clock());
        if (!yes) {
            UndoPlan plan = undo.preview(pair, changes, moves);
            printPlan(plan, out, "undo would:");
            out.println("dry run: nothing was changed; to undo, run the same command with --yes");
            return ExitCodes.OK;
        }
        long lastRun = RunRecord.recent(store.activity(), pair.id(), 1).stream().mapToLong(RunRecord::id).max()
                .orElse(0);
        UndoRun.Result result = undo.apply(pair, changes, moves, SyncOptions.defaults(AppContext.hostName()));
        printPlan(result.plan(), out, "undo:");
        for (UndoPlan.Left f : result.failed()) {
            out.println("  not done: " + f.path() + ": " + f.why());
        }
        ReportPrinter.print(result.after(), false, out);
        RunRecord.recent(store.activity(), pair.id(), 1).stream().findFirst().filter(r -> r.id() > lastRun)
                .ifPresent(r -> out.println("the undo ran as run " + r.id() + "; `oxisync undo " + r.id()
                        + "` undoes it"));
        return result.failed().isEmpty() && result.after().status() == SyncStatus.OK ? ExitCodes.OK
                : ExitCodes.ITEMS_FAILED;
    }

    private static void printPlan(UndoPlan plan, PrintWriter out, String heading) {
        if (plan.steps().isEmpty()) {
            out.println("nothing to undo");
        } else {
            out.println(heading);
            for (UndoPlan.Step s : plan.steps()) {
                out.println("  " + s.words());
            }
        }
        if (!plan.left().isEmpty()) {
            out.println("left as they are (" + plan.left().size() + "):");
            for (UndoPlan.Left l : plan.left()) {
                out.println("  " + l.path() + ": " + l.why());
            }
        }
    }

    private static String pairName(LocalStore store, long pairId) {
        return store.accounts().pair(pairId).map(FolderPair::name).orElse("(removed)");
    }
}
