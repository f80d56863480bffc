package org.oxisync.core.engine;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.oxisync.core.plan.PairRights;
import org.oxisync.core.plan.SkipReason;
import org.oxisync.core.plan.SyncAction;
import org.oxisync.core.plan.SyncPlan;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.Role;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a run does after the server refused writes as forbidden: remember each refused write (so it is not sent
 * again until it changes: no retry storm), re-read the pair's role, and when it changed, store it so the run can
 * plan again under the new rights.
 */
final class RoleChange {
    private static final Logger LOG = LoggerFactory.getLogger(RoleChange.class);

    private RoleChange() {}

    /**
     * Keeps the refusals this plan still held back (the same content at the same path) and adds the new ones;
     * a refusal whose item changed or synced is dropped. Saved only when that differs from what the pair had.
     */
    static void rememberRefusals(LocalStore store, FolderPair pair, PairRights rights, SyncPlan plan,
                                 Map<String, String> refusedNow) {
        Map<String, String> kept = new HashMap<>();
        for (SyncAction.Skip k : plan.ofType(SyncAction.Skip.class)) {
            String fp = rights.refused().get(k.path());
            if (fp != null && k.reason().code() == SkipReason.Code.REFUSED) {
                kept.put(k.path(), fp);
            }
        }
        kept.putAll(refusedNow);
        if (!kept.equals(rights.refused())) {
            store.accounts().savePair(PairRightsSettings.write(pair, rights.withRefused(kept)));
        }
    }

    /** The pair as stored again with its new role, or null when the role is the same or cannot be told. */
    static FolderPair reread(LocalStore store, RoleSource source, FolderPair pair) {
        FolderPair stored = store.accounts().pair(pair.id()).orElse(pair);
        PairRights rights = PairRightsSettings.read(stored);
        Optional<Role> now;
        try {
            now = source.currentRole(stored);
        } catch (OxiCloudException e) {
            LOG.warn("{}: the role could not be read again: {}", pair.name(), e.getMessage());
            return null;
        }
        if (now.isEmpty() || now.get() == rights.role()) {
            return null;
        }
        return store.accounts().savePair(PairRightsSettings.write(stored, rights.withRole(now.get())));
    }

    /** One report for the run and its re-plan under the new role: counts added, lists joined. */
    static SyncReport combine(SyncReport first, SyncReport second, Role role) {
        List<ItemError> errors = new ArrayList<>(first.errors());
        errors.addAll(second.errors());
        List<ItemError> skipped = new ArrayList<>(first.skipped());
        skipped.addAll(second.skipped());
        List<String> plan = new ArrayList<>(first.plan());
        plan.addAll(second.plan());
        return new SyncReport(second.pair(), second.status(), first.uploaded() + second.uploaded(),
                first.downloaded() + second.downloaded(), first.deletedLocal() + second.deletedLocal(),
                first.deletedRemote() + second.deletedRemote(), first.moved() + second.moved(),
                first.conflicts() + second.conflicts(), first.bytesSent() + second.bytesSent(),
                first.bytesReceived() + second.bytesReceived(), first.bytesReused() + second.bytesReused(), errors,
                skipped, plan, "your role on this drive is now " + role.wireName() + "; planned again: "
                + second.message(), second.elapsed(), second.problem());
    }
}
