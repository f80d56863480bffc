package org.oxisync.core.transfer;

import org.oxisync.store.LocalStore;

/**
 * Where a transfer's bookkeeping writes go (the chunk index: manifests and where a file's chunks can be read
 * locally). Those records are a cache for later reuse, so a sync run may defer them into its own batched
 * transactions: one commit per file with {@code synchronous=FULL} dominated small-file uploads. Losing a deferred
 * write to a crash only loses a reuse opportunity.
 */
@FunctionalInterface
public interface StoreWrites {
    /** Runs {@code write} against the store, now or in a later transaction. */
    void submit(Runnable write);

    /** Each write in its own transaction, at once. */
    static StoreWrites immediate(LocalStore store) {
        return store::inTransaction;
    }
}
