package org.oxisync.core.engine;

import java.util.HashSet;
import java.util.Set;
import org.oxisync.core.plan.SyncAction;
import org.oxisync.core.plan.SyncPlan;
import org.oxisync.core.scan.LocalHint;
import org.oxisync.store.LocalStore;

/**
 * Forgets the stored failures of items a run saw needing nothing. Every run retries every failing item: the
 * reconciler plans an action for each path where disk, server and journal still differ, and a success clears its
 * record ({@code TransferSteps}). A failing item that was deleted, renamed or synced by other means since gets no
 * action at all, so without this its record would outlive the file: "failing: 1 item(s)" under an "ok: in sync".
 * A record is stale when the run looked at its path (every path in a run that reads everything; under a hinted path
 * in a run that reads only around its hint), planned nothing for it, and did not fail it again by other means.
 */
final class StaleItemErrors {
    private StaleItemErrors() {}

    /**
     * After a run that was not stopped: clears the records the run saw as stale; returns how many. {@code hint}:
     * what the run read ({@link LocalHint#ALL}: everything).
     */
    static int clear(LocalStore store, long pairId, SyncPlan plan, RunTally tally, LocalHint hint) {
        Set<String> busy = new HashSet<>();
        for (SyncAction a : plan.actions()) {
            busy.add(a.path());
        }
        tally.errors().forEach(e -> busy.add(e.path()));
        tally.skipped().forEach(e -> busy.add(e.path()));
        int cleared = 0;
        for (org.oxisync.store.status.ItemError e : store.errors().list(pairId)) {
            if (!busy.contains(e.path()) && seen(e.path(), hint) && store.errors().clear(pairId, e.path())) {
                cleared++;
            }
        }
        return cleared;
    }

    /** A run whose quiet check found disk and server as a run that planned nothing left them: none still fails. */
    static void clearAll(LocalStore store, long pairId) {
        for (org.oxisync.store.status.ItemError e : store.errors().list(pairId)) {
            store.errors().clear(pairId, e.path());
        }
    }

    /** Whether a run that read {@code hint} looked at {@code path}. */
    static boolean seen(String path, LocalHint hint) {
        if (!(hint instanceof LocalHint.Paths paths)) {
            return true;
        }
        for (String raw : paths.paths()) {
            String p = LocalHint.spelled(raw);
            if (p.isEmpty() || path.equals(p) || path.startsWith(p + "/")) {
                return true;
            }
        }
        return false;
    }
}
