package org.oxisync.app.control;

import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import org.oxisync.app.AppContext;
import org.oxisync.core.engine.PairRemoval;
import org.oxisync.core.ignore.IgnoreRules;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;

/**
 * The one code path of every command that changes the local store, whichever process runs it: the CLI alone, or
 * the daemon or desktop app that holds the store, on the CLI's behalf ({@link StoreVerbs}). It writes what the
 * command prints to {@code out} and {@code err} and returns the command's exit code, so the CLI shows the same
 * result either way. Blocking (it may ask the server, copy a file); never on a UI thread.
 */
public final class StoreChanges {
    /** What the process that runs a change must do around it. */
    public interface Hooks {
        /**
         * The pair named {@code name} is about to be removed: end its sync (wait for a running run to stop) so that
         * no run writes rows of a pair that is gone. The CLI alone runs no sync: nothing to do.
         */
        void pairStopping(String name);

        /** The process that syncs continuously and runs this change ("the daemon"), or null for the CLI alone. */
        String syncingProcess();

        /**
         * Undoes {@code changes} and {@code moves} of {@code pair} through the process's sync (in place of the pair's
         * next run, so that no run works beside it), or null when this process runs no sync and undoes it itself.
         */
        default java.util.concurrent.CompletableFuture<org.oxisync.core.undo.UndoRun.Result> undo(FolderPair pair,
                List<org.oxisync.core.undo.RunChange> changes, List<org.oxisync.core.undo.RunMove> moves) {
            return null;
        }

        Hooks NONE = new Hooks() {
            @Override
            public void pairStopping(String name) {
            }

            @Override
            public String syncingProcess() {
                return null;
            }
        };
    }

    private final AppContext ctx;
    private final Hooks hooks;

    public StoreChanges(AppContext ctx, Hooks hooks) {
        this.ctx = Objects.requireNonNull(ctx, "ctx");
        this.hooks = Objects.requireNonNull(hooks, "hooks");
    }

    /** Runs {@code request} against the account's store (this process must be able to open it). */
    public int run(StoreRequest request, PrintWriter out, PrintWriter err) throws IOException {
        LocalStore store = ctx.store();
        if (request instanceof StoreRequest.PairAdd r) {
            return PairChanges.add(ctx, store, r, hooks.syncingProcess(), out, err);
        } else if (request instanceof StoreRequest.PairSet r) {
            return PairSetting.set(store, r, hooks.syncingProcess(), out, err);
        } else if (request instanceof StoreRequest.PairRemove r) {
            return remove(store, r, out, err);
        } else if (request instanceof StoreRequest.IgnoreChange r) {
            return ignore(store, r, out, err);
        } else if (request instanceof StoreRequest.Undo r) {
            return new UndoChanges(ctx, store, hooks).run(r, out, err);
        } else if (request instanceof StoreRequest.VersionRestore r) {
            return FileChanges.restore(ctx, store, r, out, err);
        }
        return FileChanges.resolve(ctx, store, (StoreRequest.ConflictResolve) request, out, err);
    }

    private int remove(LocalStore store, StoreRequest.PairRemove r, PrintWriter out, PrintWriter err)
            throws IOException {
        Optional<FolderPair> pair = store.accounts().pairByName(r.name());
        if (pair.isEmpty()) {
            err.println(r.command() + ": no pair named '" + r.name() + "'");
            return ExitCodes.CONFIG;
        }
        hooks.pairStopping(r.name());
        PairRemoval.remove(store, pair.get());
        out.println("Removed pair '" + r.name() + "'; no files were touched.");
        return ExitCodes.OK;
    }

    private static int ignore(LocalStore store, StoreRequest.IgnoreChange r, PrintWriter out, PrintWriter err) {
        String cmd = r.command();
        List<FolderPair> pairs = store.accounts().pairs();
        Optional<FolderPair> pair = r.pair() != null ? store.accounts().pairByName(r.pair())
                : pairs.size() == 1 ? Optional.of(pairs.get(0)) : Optional.empty();
        if (pair.isEmpty()) {
            err.println(cmd + ": " + (r.pair() != null ? "no pair named '" + r.pair() + "'"
                    : pairs.isEmpty() ? "no folder pairs" : "several pairs: choose one with --pair NAME"));
            return ExitCodes.CONFIG;
        }
        try {
            IgnoreRules.of(r.patterns());
        } catch (IllegalArgumentException e) {
            err.println(cmd + ": " + e.getMessage());
            return ExitCodes.CONFIG;
        }
        List<String> next = new ArrayList<>(pair.get().ignorePatterns());
        for (String p : r.patterns()) {
            if (r.add()) {
                if (!next.contains(p)) {
                    next.add(p);
                }
            } else if (!next.remove(p)) {
                err.println(cmd + ": '" + p + "' is not a pattern of this pair (oxisync pair ignore list)");
                return ExitCodes.CONFIG;
            }
        }
        store.accounts().savePair(pair.get().withIgnorePatterns(next));
        out.println(pair.get().name() + ": " + (next.isEmpty() ? "no patterns of its own" : String.join("  ", next)));
        return ExitCodes.OK;
    }
}
