package org.oxisync.core.engine;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.SyncAction;
import org.oxisync.core.plan.SyncPlan;

/**
 * "Keep them" for a run the mass-delete guard stopped: the journal is what makes a file missing on one side read
 * as "deleted there, delete it here too". Without the journal's entries for what the plan would delete (and for
 * everything under a folder it would delete), the reconciler sees each such file on one side only and copies it
 * back to the other: downloads when the local folder was emptied, uploads when the server lost them. Nothing is
 * deleted on either side; the journal rows are written anew (upserted by path) as the copies complete.
 */
final class MassDeleteRestore {
    private MassDeleteRestore() {}

    static JournalBase forget(JournalBase base, SyncPlan plan) {
        Set<String> deleted = new HashSet<>();
        for (SyncAction a : plan.actions()) {
            if (a instanceof SyncAction.DeleteLocal d) {
                deleted.add(d.path());
            } else if (a instanceof SyncAction.DeleteRemote d) {
                deleted.add(d.path());
            }
        }
        List<JournalEntry> kept = base.entries().stream().filter(e -> !underAny(e.path(), deleted)).toList();
        return new JournalBase(kept);
    }

    private static boolean underAny(String path, Set<String> roots) {
        for (String p = path; ; ) {
            if (roots.contains(p)) {
                return true;
            }
            int slash = p.lastIndexOf('/');
            if (slash < 0) {
                return false;
            }
            p = p.substring(0, slash);
        }
    }
}
