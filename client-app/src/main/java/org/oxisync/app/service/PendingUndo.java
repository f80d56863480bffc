package org.oxisync.app.service;

import java.util.concurrent.CompletableFuture;
import org.oxisync.core.engine.SyncListener;
import org.oxisync.core.engine.SyncOptions;
import org.oxisync.core.engine.SyncReport;
import java.util.List;
import org.oxisync.core.undo.RunChange;
import org.oxisync.core.undo.RunMove;
import org.oxisync.core.undo.UndoRun;
import org.oxisync.store.account.FolderPair;

/**
 * An undo the user asked the running service for (the desktop app's "Undo this run…"): done by the pair's worker in
 * place of its next run, so that no other run of the pair works beside it; its result completes {@link #result}.
 */
final class PendingUndo {
    private final List<RunChange> changes;
    private final List<RunMove> moves;
    final CompletableFuture<UndoRun.Result> result = new CompletableFuture<>();

    PendingUndo(List<RunChange> changes, List<RunMove> moves) {
        this.changes = List.copyOf(changes);
        this.moves = List.copyOf(moves);
    }

    /** Does the undo (its final sync run is the worker's run); the report of that run. */
    SyncReport apply(ServiceEnv env, FolderPair pair, SyncListener listener, SyncOptions options) {
        try {
            UndoRun.Result r = new UndoRun(env.api(), env.store(), env.engine(listener), env.clock())
                    .apply(pair, changes, moves, options);
            result.complete(r);
            return r.after();
        } catch (java.io.IOException | RuntimeException e) {
            result.completeExceptionally(e);
            throw e instanceof RuntimeException re ? re : new java.io.UncheckedIOException((java.io.IOException) e);
        }
    }
}
