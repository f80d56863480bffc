package org.oxisync.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Optional;
import org.oxisync.core.reason.ReasonCode;
import org.junit.jupiter.api.Test;
import org.oxisync.app.PairDrive;
import org.oxisync.core.engine.PairRightsSettings;
import org.oxisync.core.plan.PairRights;
import org.oxisync.core.plan.SyncMode;
import org.oxisync.protocol.Role;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.text.ReasonText;
import org.oxisync.ui.text.RightsText;

/** The engine's held-back reasons (RightsRules, RunTally) and a pair's rights, in the user's words. */
class RightsTextTest {
    /** The words these checks read; nothing global. */
    private final I18n i18n = I18n.english();

    private static PairRights rights(SyncMode m, Role r) {
        return new PairRights(m, r, false, Map.of());
    }

    /** A held-back reason as the card shows it: from its code and the pair's rights (the English is a decoy). */
    private String held(ReasonCode code, PairRights rights) {
        return ReasonText.message(i18n, code.name(), Map.of(), "not uploaded: read-only (decoy)", null, "a.txt", rights);
    }

    @Test
    void heldBackReasonsSayWhatTheRoleOrModeForbids() {
        PairRights viewer = rights(SyncMode.DOWNLOAD_ONLY, Role.VIEWER);
        assertEquals("not uploaded: you can only view this drive", held(ReasonCode.HELD_BACK_READ_ONLY, viewer));
        assertEquals("not uploaded: this folder only downloads", held(ReasonCode.HELD_BACK_READ_ONLY,
                rights(SyncMode.DOWNLOAD_ONLY, Role.EDITOR)));
        assertEquals("your edit is kept as a copy beside the server's version: you can add files to this"
                + " drive but not change or delete them", held(ReasonCode.HELD_BACK_EDIT_COPY,
                rights(SyncMode.TWO_WAY, Role.CONTRIBUTOR)));
        assertEquals("brought back from the server: you cannot delete files on this drive",
                held(ReasonCode.HELD_BACK_RESTORED, rights(SyncMode.TWO_WAY, Role.EDITOR)));
        assertEquals("moved back: you can add files to this drive but not change or delete them",
                held(ReasonCode.HELD_BACK_MOVED_BACK, rights(SyncMode.TWO_WAY, Role.CONTRIBUTOR)));
        assertEquals("edit not uploaded: you can add files to this drive but not change or delete them",
                held(ReasonCode.HELD_BACK_EDIT_NOT_UPLOADED, rights(SyncMode.UPLOAD_ONLY, Role.CONTRIBUTOR)));
    }

    @Test
    void aRefusalByTheServerSaysItIsSentAgainOnceTheFileChanges() {
        assertEquals("not sent: the server refused it; it is sent again once the file changes",
                held(ReasonCode.REFUSED_BY_SERVER, rights(SyncMode.TWO_WAY, Role.EDITOR)));
    }

    @Test
    void itemsLeftOutForOtherReasonsAreNotHeldBackByRights() {
        for (ReasonCode c : ReasonCode.values()) {
            boolean rightsKind = c.name().startsWith("HELD_BACK_") || c == ReasonCode.REFUSED_BY_SERVER;
            assertEquals(rightsKind, org.oxisync.ui.model.HeldBack.heldBack(c), c.name());
        }
    }

    @Test
    void aPairShowsItsDriveRoleModeAndABadgeWhenItIsNotFull() {
        FolderPair personal = FolderPair.create("Docs", "/tmp/docs", "f1", "/");
        assertEquals("Personal drive · full control · Two-way", RightsText.pair(i18n, personal));
        assertEquals(Optional.empty(), RightsText.badge(i18n, personal));
        FolderPair viewer = PairRightsSettings.write(personal.withSettings(Map.of(PairDrive.KIND, "shared",
                PairDrive.ID, "d1", PairDrive.NAME, "Reports", PairDrive.ROLE, "viewer")),
                rights(SyncMode.DOWNLOAD_ONLY, Role.VIEWER));
        assertEquals("Reports · can view · Download only (mirror)", RightsText.pair(i18n, viewer));
        assertEquals(Optional.of("read-only"), RightsText.badge(i18n, viewer));
        FolderPair backup = PairRightsSettings.write(personal, new PairRights(SyncMode.UPLOAD_ONLY, Role.OWNER, true,
                Map.of()));
        assertEquals("Personal drive · full control · Upload only (backup), keeps deleted files on the server",
                RightsText.pair(i18n, backup));
        assertEquals(Optional.of("upload-only backup"), RightsText.badge(i18n, backup));
        assertEquals(Optional.of("no deletes"), RightsText.badge(i18n, PairRightsSettings.write(personal,
                rights(SyncMode.TWO_WAY, Role.EDITOR))));
    }

    @Test
    void rolesAreSaidInPlainWords() {
        assertEquals("can view", RightsText.role(i18n, Role.VIEWER));
        assertEquals("can add files", RightsText.role(i18n, Role.CONTRIBUTOR));
        assertEquals("can edit", RightsText.role(i18n, Role.EDITOR));
        assertEquals("full control", RightsText.role(i18n, Role.OWNER));
    }
}
