package org.oxisync.app.control;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.oxisync.app.AppContext;
import org.oxisync.app.control.ExitCodes;
import org.oxisync.app.control.Show;
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

/**
 * {@code oxisync undo}, run by the process that holds the store: the CLI alone undoes with its own engine; a daemon or
 * desktop app undoes through its sync ({@link StoreChanges.Hooks#undo}), in place of the pair's next run.
 */
final class UndoChanges {
    private static final String CMD = "oxisync undo";

    private final AppContext ctx;
    private final LocalStore store;
    private final StoreChanges.Hooks hooks;

    UndoChanges(AppContext ctx, LocalStore store, StoreChanges.Hooks hooks) {
        this.ctx = ctx;
        this.store = store;
        this.hooks = hooks;
    }

    int run(StoreRequest.Undo r, PrintWriter out, PrintWriter err) throws IOException {
        if ((r.folder() == null) != (r.to() == null)) {
            err.println(CMD + ": --folder and --to go together");
            return ExitCodes.CONFIG;
        }
        if (r.folder() != null && r.run() != null) {
            err.println(CMD + ": give a RUN or --folder with --to, not both");
            return ExitCodes.CONFIG;
        }
        Optional<FolderPair> only = Optional.empty();
        if (r.pair() != null) {
            only = store.accounts().pairByName(r.pair());
            if (only.isEmpty()) {
                err.println(CMD + ": no pair named '" + r.pair() + "'");
                return ExitCodes.CONFIG;
            }
        }
        if (r.list()) {
            return list(only, out);
        }
        return r.folder() != null ? undoFolder(r, only, out, err) : undoRun(r, only, out, err);
    }

    private int list(Optional<FolderPair> only, PrintWriter out) {
        List<RunRecord> runs = RunRecord.recent(store.activity(), only.map(FolderPair::id).orElse(null), 20);
        if (runs.isEmpty()) {
            out.println("no run that changed something is recorded");
        }
        for (RunRecord r : runs) {
            out.println("run " + r.id() + "  " + Show.time(r.time()) + "  pair '" + pairName(r.pairId()) + "'  "
                    + r.size() + " item(s): " + r.summary());
        }
        return ExitCodes.OK;
    }

    private int undoRun(StoreRequest.Undo req, Optional<FolderPair> only, PrintWriter out, PrintWriter err)
            throws IOException {
        Optional<RunRecord> chosen = req.run() != null ? RunRecord.load(store.activity(), req.run())
                : RunRecord.recent(store.activity(), only.map(FolderPair::id).orElse(null), 1).stream().findFirst();
        if (chosen.isEmpty()) {
            err.println(CMD + ": " + (req.run() != null ? "no run " + req.run() + " is recorded (see oxisync undo"
                    + " --list)" : "no run that changed something is recorded"));
            return ExitCodes.CONFIG;
        }
        RunRecord r = chosen.get();
        Optional<FolderPair> pair = store.accounts().pair(r.pairId());
        if (pair.isEmpty()) {
            err.println(CMD + ": the pair of run " + r.id() + " was removed");
            return ExitCodes.CONFIG;
        }
        out.println("run " + r.id() + " of pair '" + pair.get().name() + "' at " + Show.time(r.time()) + " changed "
                + r.size() + " item(s):");
        print(r.changes(), r.moves(), out);
        return undo(req.yes(), pair.get(), r.changes(), r.moves(), out, err);
    }

    private int undoFolder(StoreRequest.Undo req, Optional<FolderPair> only, PrintWriter out, PrintWriter err)
            throws IOException {
        Instant time;
        try {
            time = Show.parseTime(req.to());
        } catch (DateTimeParseException e) {
            err.println(CMD + ": --to needs a time like 2026-11-29T10:00:00Z or 2026-11-29 11:00:00");
            return ExitCodes.CONFIG;
        }
        Path abs = Path.of(req.cwd()).resolve(req.folder()).toAbsolutePath().normalize();
        Optional<FolderPair> pair = store.accounts().pairs().stream()
                .filter(p -> Path.of(p.localRoot()).toAbsolutePath().normalize().equals(abs)).findFirst();
        String relative = "";
        if (pair.isEmpty()) {
            Optional<Show.PairPath> where = Show.locate(req.folder(), store.accounts().pairs(), Path.of(req.cwd()),
                    only);
            pair = where.map(Show.PairPath::pair);
            relative = where.map(Show.PairPath::relative).orElse("");
        }
        if (pair.isEmpty()) {
            err.println(CMD + ": " + req.folder() + " is in no pair's folder; with several pairs give --pair NAME");
            return ExitCodes.CONFIG;
        }
        List<RunRecord> runs = RunRecord.since(store.activity(), pair.get().id(), time);
        List<RunChange> changes = RunRecord.merged(runs, relative);
        List<RunMove> moves = RunRecord.moves(runs, relative);
        String shown = relative.isEmpty() ? "the folder of pair '" + pair.get().name() + "'" : relative + "/";
        out.println(runs.size() + " run(s) since " + Show.time(time) + " changed " + (changes.size() + moves.size())
                + " item(s) in " + shown + ":");
        print(changes, moves, out);
        return undo(req.yes(), pair.get(), changes, moves, out, err);
    }

    private static void print(List<RunChange> changes, List<RunMove> moves, PrintWriter out) {
        for (RunChange c : changes) {
            out.println("  " + c.path() + (c.folder() ? "/" : "") + "  " + c.words());
        }
        for (RunMove m : moves) {
            out.println("  " + m.to() + (m.folder() ? "/" : "") + "  " + m.words());
        }
    }

    private int undo(boolean yes, FolderPair pair, List<RunChange> changes, List<RunMove> moves, PrintWriter out,
                     PrintWriter err) throws IOException {
        if (!yes) {
            UndoPlan plan = new org.oxisync.core.undo.UndoPlanner(store.journal(), store.versions())
                    .plan(pair.id(), Path.of(pair.localRoot()), changes, moves);
            printPlan(plan, out, "undo would:");
            out.println("dry run: nothing was changed; to undo, run the same command with --yes");
            return ExitCodes.OK;
        }
        long lastRun = RunRecord.recent(store.activity(), pair.id(), 1).stream().mapToLong(RunRecord::id).max()
                .orElse(0);
        UndoRun.Result result;
        CompletableFuture<UndoRun.Result> viaSync = hooks.undo(pair, changes, moves);
        if (viaSync != null) {
            try {
                result = viaSync.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                err.println(CMD + ": interrupted; the undo may or may not have been done (check with oxisync status)");
                return ExitCodes.ITEMS_FAILED;
            } catch (ExecutionException e) {
                err.println(CMD + ": " + e.getCause().getMessage());
                return ExitCodes.ITEMS_FAILED;
            }
        } else {
            result = new UndoRun(ctx.api(), store, ctx.engine(SyncListener.NONE), ctx.clock())
                    .apply(pair, changes, moves, SyncOptions.defaults(AppContext.hostName()));
        }
        printPlan(result.plan(), out, "undo:");
        for (UndoPlan.Left f : result.failed()) {
            out.println("  not done: " + f.path() + ": " + f.why());
        }
        org.oxisync.app.control.ReportPrinter.print(result.after(), false, out);
        RunRecord.recent(store.activity(), pair.id(), 1).stream().findFirst().filter(x -> x.id() > lastRun)
                .ifPresent(x -> out.println("the undo ran as run " + x.id() + "; `oxisync undo " + x.id()
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

    private String pairName(long pairId) {
        return store.accounts().pair(pairId).map(FolderPair::name).orElse("(removed)");
    }
}
