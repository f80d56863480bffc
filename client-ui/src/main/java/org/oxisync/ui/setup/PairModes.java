package org.oxisync.ui.setup;

import java.util.EnumSet;
import java.util.Map;
import java.util.Set;
import org.oxisync.core.engine.PairRightsSettings;
import org.oxisync.core.plan.PairRights;
import org.oxisync.core.plan.SyncMode;
import org.oxisync.protocol.Role;
import org.oxisync.store.account.FolderPair;

/**
 * Which ways a pair may sync for a role, and a pair's rights as the windows show them. A role that may not create
 * anything (viewer, commenter) leaves only download-only: a two-way or upload-only pair would send nothing. Every
 * other role may choose any mode; what the role still forbids is held back by the reconciler's rights rules
 * ({@code docs/pair-rights.md}).
 */
public final class PairModes {
    private PairModes() {}

    /** The modes offered for {@code role}. */
    public static Set<SyncMode> allowed(Role role) {
        return role.canCreate() ? EnumSet.allOf(SyncMode.class) : EnumSet.of(SyncMode.DOWNLOAD_ONLY);
    }

    /** The mode first ticked: two-way when the role allows it, else download-only. */
    public static SyncMode defaultMode(Role role) {
        return allowed(role).contains(SyncMode.TWO_WAY) ? SyncMode.TWO_WAY : SyncMode.DOWNLOAD_ONLY;
    }

    /** Keeping remote deletes is a choice only for an upload-only pair whose role may delete at all. */
    public static boolean keepRemoteDeletesApplies(Role role, SyncMode mode) {
        return mode == SyncMode.UPLOAD_ONLY && role.canDelete();
    }

    /** The rights a new pair gets; a mode the role does not allow is an error, never silently widened. */
    public static PairRights rights(Role role, SyncMode mode, boolean keepRemoteDeletes) {
        if (!allowed(role).contains(mode)) {
            throw new IllegalArgumentException("a " + role.wireName() + " cannot sync " + mode.wireName());
        }
        return new PairRights(mode, role, keepRemoteDeletes && keepRemoteDeletesApplies(role, mode), Map.of());
    }

    /**
     * The pair's rights for showing: its stored mode and role ({@code sync.role}), or, when it stores no rights role,
     * the role it was made with on its drive ({@code remote.role}), else owner.
     */
    public static PairRights of(FolderPair pair) {
        PairRights r = PairRightsSettings.read(pair);
        if (!pair.settings().containsKey(PairRightsSettings.ROLE)) {
            Role made = Role.fromWire(pair.settings().get(org.oxisync.app.PairDrive.ROLE)).orElse(Role.OWNER);
            r = new PairRights(r.mode(), made, r.keepRemoteDeletes(), r.refused());
        }
        return r;
    }

    /** The pair with a new mode (its role, drive and refusals kept). */
    public static FolderPair withMode(FolderPair pair, SyncMode mode, boolean keepRemoteDeletes) {
        PairRights now = of(pair);
        PairRights stored = PairRightsSettings.read(pair);
        return PairRightsSettings.write(pair, new PairRights(mode, now.role(),
                keepRemoteDeletes && keepRemoteDeletesApplies(now.role(), mode), stored.refused()));
    }
}
