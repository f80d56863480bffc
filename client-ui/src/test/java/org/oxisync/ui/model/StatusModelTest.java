package org.oxisync.ui.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.oxisync.core.progress.ItemProgress;
import org.oxisync.core.progress.ItemState;
import org.oxisync.core.progress.ProgressSnapshot;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.sync.PairPhase;

class StatusModelTest {
    private final StatusModel model = new StatusModel(org.oxisync.ui.i18n.I18n.english(),
            Clock.fixed(Instant.parse("2026-01-01T10:00:00Z"), ZoneOffset.UTC));

    private static FolderPair pair(long id, String name) {
        return FolderPair.create(name, "/tmp/" + name, "r" + id, "/" + name).withId(id);
    }

    @Test
    void overallProgressSumsThePairsBytesAndItemsWithTimeLeft() {
        model.setPairs(List.of(pair(1, "A"), pair(2, "B")));
        model.stateChanged("A", PairPhase.SYNCING, "");
        model.stateChanged("B", PairPhase.SYNCING, "");
        model.progress("A", new ProgressSnapshot(100, 400, 1, 0, 4, 0.25, 100, Optional.empty()));
        model.progress("B", new ProgressSnapshot(100, 600, 0, 0, 2, 0.1, 100, Optional.empty()));
        assertEquals(PairPhase.SYNCING, model.overallProperty().get());
        assertEquals(0.2, model.progressProperty().get(), 1e-9);
        assertEquals("Syncing 6 items", model.headlineProperty().get());
        assertEquals("200 B of 1000 B · 1 of 6 items done · less than a minute left", model.progressTextProperty().get());
    }

    @Test
    void anErrorOutranksPausedAndIdleButNotBusy() {
        model.setPairs(List.of(pair(1, "A"), pair(2, "B")));
        model.stateChanged("A", PairPhase.ERROR, "the local folder is missing");
        assertEquals(PairPhase.ERROR, model.overallProperty().get());
        model.stateChanged("B", PairPhase.SCANNING, "");
        assertEquals(PairPhase.SCANNING, model.overallProperty().get());
        assertTrue(model.busyProperty().get());
        model.stateChanged("B", PairPhase.IDLE, "");
        assertEquals("Some folders need attention", model.headlineProperty().get());
    }

    @Test
    void keepsLiveStateOfPairsThatStayWhenThePairListIsReloaded() {
        model.setPairs(List.of(pair(1, "A")));
        model.stateChanged("A", PairPhase.PAUSED, "");
        model.setPairs(List.of(pair(1, "A"), pair(2, "B")));
        assertEquals(PairPhase.PAUSED, model.row("A").orElseThrow().phaseProperty().get());
        assertEquals(2, model.pairs().size());
    }

    @Test
    void theRecentListKeepsOnlyTheNewestTransfers() {
        for (int i = 0; i < 20; i++) {
            model.itemCompleted("A", "upload    f" + i + ".txt (new, 1 B)");
        }
        model.itemCompleted("A", "record    ignored.txt");
        assertEquals(StatusModel.RECENT_ITEMS, model.recentItems().size());
        assertEquals("10:00 · Uploaded f19.txt · new, 1 B", model.recentItems().get(0),
                "a finished action with the time it finished (issue 18 #34)");
        model.itemCompleted("A", "skip      link (UNSUPPORTED_TYPE: symbolic links are not synced)");
        assertEquals("10:00 · Uploaded f19.txt · new, 1 B", model.recentItems().get(0), "a skipped item is not a change");
    }

    private static org.oxisync.core.engine.SyncReport report(org.oxisync.core.engine.SyncStatus status, int errors) {
        return new org.oxisync.core.engine.SyncReport("A", status, 0, 1, 0, 0, 0, 0, 0, 9, 0,
                java.util.Collections.nCopies(errors, new org.oxisync.core.engine.ItemError("bad.txt",
                        org.oxisync.core.reason.Reason.of(org.oxisync.core.reason.ReasonCode.FORBIDDEN_BY_ROLE, "refused"))),
                List.of(), List.of(), status.name().toLowerCase(), java.time.Duration.ZERO, null);
    }

    /** Issue 18 #8: never a green "Everything is up to date" while Errors holds items or runs end Partial. */
    @Test
    void itemErrorsOrPartialRunsAreNotReportedAsUpToDate() {
        model.setPairs(List.of(pair(1, "A")));
        model.stateChanged("A", PairPhase.IDLE, "");
        assertEquals("Everything is up to date", model.headlineProperty().get());
        model.setFailing(java.util.Map.of("A", java.util.Set.of("bad.txt")));
        assertEquals(PairPhase.ERROR, model.overallProperty().get(), "not green");
        assertEquals("1 item could not be synced · see Errors", model.headlineProperty().get());
        model.setFailing(java.util.Map.of());
        model.runFinished("A", report(org.oxisync.core.engine.SyncStatus.PARTIAL, 1));
        model.stateChanged("A", PairPhase.IDLE, "partial");
        assertEquals(PairPhase.ERROR, model.overallProperty().get(), "a partial run is not up to date either");
        assertTrue(model.headlineProperty().get().contains("could not be synced"), model.headlineProperty().get());
        model.runFinished("A", report(org.oxisync.core.engine.SyncStatus.OK, 0));
        assertEquals("Everything is up to date", model.headlineProperty().get());
    }

    /** Issue 18 #7: after Log out the header neither offers syncing nor says "up to date". */
    @Test
    void signedOutIsNeitherUpToDateNorResumable() {
        model.setPairs(List.of(pair(1, "A")));
        model.setPaused(true);
        model.setSignedOut(true);
        model.stateChanged("A", PairPhase.IDLE, "resumed");
        assertEquals("Signed out · not syncing", model.headlineProperty().get());
        assertEquals(PairPhase.PAUSED, model.overallProperty().get());
        model.setSignedOut(false);
        model.setPaused(false);
        assertEquals("Everything is up to date", model.headlineProperty().get());
    }

    /** Issue 18 #6: a refused sign-in asks to sign in again, whatever the engine's words. */
    @Test
    void aRefusedSignInAsksToSignInAgain() {
        model.setPairs(List.of(pair(1, "A")));
        model.stateChanged("A", PairPhase.ERROR, "the local folder /tmp/401/authentication failed is missing",
                org.oxisync.core.reason.Reason.of(org.oxisync.core.reason.ReasonCode.LOCAL_FOLDER_MISSING, "x"));
        assertFalse(model.signInNeededProperty().get(), "by the kind, not by the words");
        model.stateChanged("A", PairPhase.ERROR, "whatever the engine's words",
                org.oxisync.core.reason.Reason.of(org.oxisync.core.reason.ReasonCode.SIGN_IN_REFUSED, "x"));
        assertTrue(model.signInNeededProperty().get());
        assertEquals("Sign in again to keep syncing", model.headlineProperty().get());
        model.setSignedOut(false);
        assertFalse(model.signInNeededProperty().get());
    }

    /** Issue 18 #24: offline says that the changes are waiting. */
    @Test
    void offlineSaysChangesAreWaiting() {
        model.setPairs(List.of(pair(1, "A")));
        model.stateChanged("A", PairPhase.OFFLINE, "GET /api/version: ConnectException");
        assertEquals("Offline · changes wait until the server is back", model.headlineProperty().get());
    }

    @Test
    void currentTransfersOfBusyPairsAreListedAndClearedWhenTheRunEnds() {
        model.setPairs(List.of(pair(1, "A"), pair(2, "B")));
        model.stateChanged("A", PairPhase.SYNCING, "");
        model.progress("A", new ProgressSnapshot(300, 1000, 0, 0, 3, 0.3, 10, Optional.empty(), List.of(
                new ItemProgress(0, "Music/one.ogg", 200, 400, 0.5, ItemState.ACTIVE),
                new ItemProgress(2, "two.txt", 100, 100, 1.0, ItemState.DONE))));
        model.progress("B", new ProgressSnapshot(0, 10, 0, 0, 1, 0, 0, Optional.empty(), List.of(
                new ItemProgress(5, "idle-pair.txt", 5, 10, 0.5, ItemState.ACTIVE))));
        assertEquals(List.of(new StatusModel.Transfer("A", 0, "Music/one.ogg", 200, 400, 0.5)), model.transfers(),
                "active items of syncing pairs only; a pair that is not busy shows none");
        model.itemCompleted("A", "download  Music/one.ogg (new, 400 B)");
        assertTrue(model.transfers().isEmpty(), "a file reported done leaves the list before the next snapshot");
        model.progress("A", new ProgressSnapshot(300, 1000, 0, 0, 3, 0.3, 10, Optional.empty(), List.of(
                new ItemProgress(0, "Music/one.ogg", 400, 400, 1.0, ItemState.ACTIVE),
                new ItemProgress(1, "Music/two.ogg", 10, 400, 0.025, ItemState.ACTIVE))));
        assertEquals(List.of("Music/two.ogg"), model.transfers().stream().map(StatusModel.Transfer::label).toList(),
                "a lagging snapshot does not bring a finished file back");
        model.stateChanged("A", PairPhase.IDLE, "");
        assertTrue(model.transfers().isEmpty());
    }
}
