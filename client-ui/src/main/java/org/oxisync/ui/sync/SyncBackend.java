package org.oxisync.ui.sync;

/**
 * The controls the window and the tray have over syncing. Every method returns at once; work happens on the
 * backend's own threads, and what happens is reported through the {@link SyncFeed} it was given.
 * A null pair means all pairs.
 */
public interface SyncBackend extends AutoCloseable {
    void start();

    void syncNow(String pairOrNull);

    void pause(String pairOrNull);

    void resume(String pairOrNull);

    /** Bytes per second, 0 = unlimited. */
    void setBandwidth(long up, long down);

    /**
     * The user's answer after the mass-delete guard stopped {@code pair}: its next run deletes the files or copies
     * them back (client-core's {@link org.oxisync.app.service.MassDeleteChoice}).
     */
    void answerMassDelete(String pair, org.oxisync.app.service.MassDeleteChoice choice);

    /**
     * Undoes {@code run} of {@code pair} in place of the pair's next run (client-core's UndoRun); completes with what
     * it did. A backend without a service cannot.
     */
    default java.util.concurrent.CompletableFuture<org.oxisync.core.undo.UndoRun.Result> undo(String pair,
            org.oxisync.core.undo.RunRecord run) {
        return java.util.concurrent.CompletableFuture.failedFuture(new UnsupportedOperationException(
                "this sync backend cannot undo a run"));
    }

    /** Pairs were added, removed or edited in the store. */
    void pairsChanged();

    @Override
    void close();
}
