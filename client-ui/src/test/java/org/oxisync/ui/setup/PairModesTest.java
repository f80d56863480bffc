package org.oxisync.ui.setup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.Map;
import org.oxisync.app.PairDrive;
import org.oxisync.core.engine.PairRightsSettings;
import org.oxisync.core.plan.PairRights;
import org.oxisync.core.plan.SyncMode;
import org.oxisync.protocol.Role;
import org.oxisync.store.account.FolderPair;
import org.junit.jupiter.api.Test;

class PairModesTest {
    @Test
    void rolesThatMayNotAddAnythingAreOfferedOnlyDownloadOnly() {
        assertEquals(EnumSet.of(SyncMode.DOWNLOAD_ONLY), PairModes.allowed(Role.VIEWER));
        assertEquals(EnumSet.of(SyncMode.DOWNLOAD_ONLY), PairModes.allowed(Role.COMMENTER));
        assertEquals(SyncMode.DOWNLOAD_ONLY, PairModes.defaultMode(Role.VIEWER));
        for (Role r : new Role[] {Role.CONTRIBUTOR, Role.EDITOR, Role.OWNER}) {
            assertEquals(EnumSet.allOf(SyncMode.class), PairModes.allowed(r), r.name());
            assertEquals(SyncMode.TWO_WAY, PairModes.defaultMode(r), r.name());
        }
    }

    @Test
    void aModeTheRoleDoesNotAllowIsRefusedNotWidened() {
        assertThrows(IllegalArgumentException.class, () -> PairModes.rights(Role.VIEWER, SyncMode.TWO_WAY, false));
        assertThrows(IllegalArgumentException.class, () -> PairModes.rights(Role.COMMENTER, SyncMode.UPLOAD_ONLY, false));
        PairRights r = PairModes.rights(Role.VIEWER, SyncMode.DOWNLOAD_ONLY, false);
        assertFalse(r.sendNew());
        assertFalse(r.sendEdit());
    }

    @Test
    void keepingRemoteDeletesAppliesOnlyToUploadOnlyWithARoleThatMayDelete() {
        assertTrue(PairModes.rights(Role.OWNER, SyncMode.UPLOAD_ONLY, true).keepsRemoteDeletes());
        assertFalse(PairModes.rights(Role.OWNER, SyncMode.TWO_WAY, true).keepRemoteDeletes());
        assertFalse(PairModes.rights(Role.EDITOR, SyncMode.UPLOAD_ONLY, true).keepRemoteDeletes(),
                "an editor's deletes never reach the server anyway");
        assertFalse(PairModes.keepRemoteDeletesApplies(Role.CONTRIBUTOR, SyncMode.UPLOAD_ONLY));
    }

    @Test
    void aPairShowsItsRightsRoleElseTheRoleItWasMadeWithElseOwner() {
        FolderPair plain = FolderPair.create("Docs", "/tmp/docs", "f1", "/");
        assertEquals(Role.OWNER, PairModes.of(plain).role());
        FolderPair made = plain.withSettings(Map.of(PairDrive.ROLE, "editor"));
        assertEquals(Role.EDITOR, PairModes.of(made).role(), "remote.role when sync.role is absent");
        FolderPair stored = plain.withSettings(Map.of(PairDrive.ROLE, "editor", PairRightsSettings.ROLE, "viewer"));
        assertEquals(Role.VIEWER, PairModes.of(stored).role(), "sync.role is what the rules use");
    }

    @Test
    void changingTheModeKeepsTheRoleAndTheRefusals() {
        FolderPair p = PairRightsSettings.write(FolderPair.create("Team", "/tmp/team", "f1", "/"),
                new PairRights(SyncMode.TWO_WAY, Role.CONTRIBUTOR, false, Map.of("a.txt", "h1")));
        FolderPair changed = PairModes.withMode(p, SyncMode.UPLOAD_ONLY, true);
        PairRights r = PairRightsSettings.read(changed);
        assertEquals(SyncMode.UPLOAD_ONLY, r.mode());
        assertEquals(Role.CONTRIBUTOR, r.role());
        assertFalse(r.keepRemoteDeletes(), "a contributor cannot delete: nothing to keep");
        assertEquals(Map.of("a.txt", "h1"), r.refused());
    }

    @Test
    void aPersonalOwnerTwoWayPairStoresNoRightsSettings() {
        FolderPair p = FolderPair.create("Docs", "/tmp/docs", "f1", "/");
        assertEquals(p.settings(), PairModes.withMode(p, SyncMode.TWO_WAY, false).settings(),
                "the defaults are not written (quiet seals unchanged)");
    }
}
