package org.oxisync.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.oxisync.core.app.PairDrive;
import org.oxisync.core.engine.PairRightsSettings;
import org.oxisync.core.plan.PairRights;
import org.oxisync.core.plan.SyncMode;
import org.oxisync.protocol.Role;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.i18n.I18n;

/** The engine's held-back reasons (RightsRules, RunTally) and a pair's rights, in the user's words. */
class RightsTextTest {
    private static PairRights rights(SyncMode m, Role r) {
        return new PairRights(m, r, false, Map.of());
    }

    @BeforeEach
    void english() {
        I18n.setLocale(java.util.Locale.ENGLISH);
    }

    @AfterEach
    void reset() {
        I18n.setLocale(java.util.Locale.ENGLISH);
    }

    @Test
    void heldBackReasonsSayWhatTheRoleOrModeForbids() {
        PairRights viewer = rights(SyncMode.DOWNLOAD_ONLY, Role.VIEWER);
        assertEquals(Optional.of("not uploaded: you can only view this drive"),
                RightsText.heldBack("not uploaded: read-only (your role is viewer)", viewer));
        assertEquals(Optional.of("not uploaded: this folder only downloads"), RightsText.heldBack(
                "not uploaded: read-only (download-only pair)", rights(SyncMode.DOWNLOAD_ONLY, Role.EDITOR)));
        assertEquals(Optional.of("your edit is kept as a copy beside the server's version: you can add files to this"
                + " drive but not change or delete them"), RightsText.heldBack("your edit is kept as a conflict copy"
                + " beside the server's version: your role is contributor (edits are not sent)",
                rights(SyncMode.TWO_WAY, Role.CONTRIBUTOR)));
        assertEquals(Optional.of("brought back from the server: you cannot delete files on this drive"),
                RightsText.heldBack("restored from the server: your role is editor (deletes are not sent)",
                        rights(SyncMode.TWO_WAY, Role.EDITOR)));
        assertEquals(Optional.of("moved back: you can add files to this drive but not change or delete them"),
                RightsText.heldBack("moved back: your role is contributor (renames and moves are not sent)",
                        rights(SyncMode.TWO_WAY, Role.CONTRIBUTOR)));
        assertEquals(Optional.of("edit not uploaded: you can add files to this drive but not change or delete them"),
                RightsText.heldBack("edit not uploaded: your role is contributor",
                        rights(SyncMode.UPLOAD_ONLY, Role.CONTRIBUTOR)));
    }

    @Test
    void aRefusalByTheServerSaysItIsSentAgainOnceTheFileChanges() {
        String said = "not sent: the server refused it; it is sent again once the file changes";
        PairRights editor = rights(SyncMode.TWO_WAY, Role.EDITOR);
        assertEquals(Optional.of(said), RightsText.heldBack("held back: the server refused it (403 forbidden); not"
                + " sent again until it changes or the pair's role does", editor));
        assertEquals(Optional.of(said), RightsText.heldBack("not uploaded: the server refused it; sent again once it"
                + " changes", editor));
        assertEquals(Optional.of(said), RightsText.heldBack("not deleted on the server: it refused the delete;"
                + " restore the file or delete it there", editor));
    }

    @Test
    void itemsLeftOutForOtherReasonsAreNotHeldBackByRights() {
        PairRights owner = PairRights.FULL;
        assertEquals(Optional.empty(), RightsText.heldBack("parked until it is renamed: the server refuses the name",
                owner));
        assertEquals(Optional.empty(), RightsText.heldBack("symbolic link: not synced", owner));
        assertEquals(Optional.empty(), RightsText.heldBack(null, owner));
    }

    @Test
    void aPairShowsItsDriveRoleModeAndABadgeWhenItIsNotFull() {
        FolderPair personal = FolderPair.create("Docs", "/tmp/docs", "f1", "/");
        assertEquals("Personal drive · full control · Two-way", RightsText.pair(personal));
        assertEquals(Optional.empty(), RightsText.badge(personal));
        FolderPair viewer = PairRightsSettings.write(personal.withSettings(Map.of(PairDrive.KIND, "shared",
                PairDrive.ID, "d1", PairDrive.NAME, "Reports", PairDrive.ROLE, "viewer")),
                rights(SyncMode.DOWNLOAD_ONLY, Role.VIEWER));
        assertEquals("Reports · can view · Download only (mirror)", RightsText.pair(viewer));
        assertEquals(Optional.of("read-only"), RightsText.badge(viewer));
        FolderPair backup = PairRightsSettings.write(personal, new PairRights(SyncMode.UPLOAD_ONLY, Role.OWNER, true,
                Map.of()));
        assertEquals("Personal drive · full control · Upload only (backup), keeps deleted files on the server",
                RightsText.pair(backup));
        assertEquals(Optional.of("upload-only backup"), RightsText.badge(backup));
        assertEquals(Optional.of("no deletes"), RightsText.badge(PairRightsSettings.write(personal,
                rights(SyncMode.TWO_WAY, Role.EDITOR))));
    }

    @Test
    void rolesAreSaidInPlainWords() {
        assertEquals("can view", RightsText.role(Role.VIEWER));
        assertEquals("can add files", RightsText.role(Role.CONTRIBUTOR));
        assertEquals("can edit", RightsText.role(Role.EDITOR));
        assertEquals("full control", RightsText.role(Role.OWNER));
    }
}
