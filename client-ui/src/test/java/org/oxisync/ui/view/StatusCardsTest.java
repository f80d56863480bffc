package org.oxisync.ui.view;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.StatusModel;
import org.oxisync.ui.sync.PairPhase;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The pair cards say what the header says: a failing item, a server that is down or read-only for all its pairs. */
@ExtendWith(ApplicationExtension.class)
class StatusCardsTest {
    private final I18n i18n = I18n.english();
    private final StatusModel model = new StatusModel(i18n, Clock.fixed(Instant.parse("2026-01-01T10:00:00Z"),
            ZoneOffset.UTC));
    private StatusPane pane;

    @Start
    void start(Stage stage) {
        model.setPairs(List.of(FolderPair.create("Work", "/tmp/w", "r1", "/Work").withId(1),
                FolderPair.create("Photos", "/tmp/p", "r2", "/Photos").withId(2)));
        pane = new StatusPane(i18n, model, new StatusSurfacesPropertyTest.NoActions());
        stage.setScene(new Scene(pane, 800, 600));
        stage.show();
    }

    private String card(String pair) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        return fx(() -> ((Label) pane.lookup("#pair-state-" + pair)).getText());
    }

    @Test
    void aPairWithAFailingItemSaysSoOnItsCardAsTheHeaderDoes() throws Exception {
        fx(() -> {
            model.stateChanged("Work", PairPhase.IDLE, "");
            model.setFailing(Map.of("Work", Set.of("big.bin")));
            return null;
        });
        assertEquals("1 item could not be synced · see Errors", card("Work"));
        assertEquals("1 item could not be synced · see Errors", model.headlineProperty().get());
        assertEquals("Up to date", card("Photos"));
    }

    @Test
    void aServerThatCannotBeReachedIsOfflineOnEveryPairOfIt() throws Exception {
        fx(() -> {
            model.stateChanged("Work", PairPhase.OFFLINE, "connection refused",
                    Reason.of(ReasonCode.NETWORK, "connection refused"));
            model.stateChanged("Photos", PairPhase.IDLE, "");
            return null;
        });
        assertEquals(i18n.t("status.card.offline"), card("Work"));
        assertEquals(i18n.t("status.card.offline"), card("Photos"));
    }

    @Test
    void aReadOnlyServerIsShownAsReadOnlyNotAsUnreachable() throws Exception {
        fx(() -> {
            model.stateChanged("Work", PairPhase.OFFLINE, "read-only",
                    Reason.of(ReasonCode.SERVER_READ_ONLY, "the server is read-only for now"));
            return null;
        });
        assertEquals(i18n.t("status.card.readOnly"), card("Work"));
        assertEquals(i18n.t("status.card.readOnly"), card("Photos"));
        assertEquals(i18n.t("headline.readOnly"), model.headlineProperty().get());
    }

    @Test
    void aCardWhosePairUploadsSaysHowFarNotWhatTheLastRunDid() throws Exception {
        fx(() -> {
            model.runFinished("Work", new org.oxisync.core.engine.SyncReport("Work",
                    org.oxisync.core.engine.SyncStatus.OK, 0, 0, 0, 0, 0, 0, 0, 0, 0, List.of(), List.of(), List.of(),
                    "in sync", java.time.Duration.ZERO, null));
            model.stateChanged("Work", PairPhase.SYNCING, "syncing");
            model.progress("Work", new org.oxisync.core.progress.ProgressSnapshot(12_000_000, 30_000_000, 0, 0, 1,
                    0.4, 0, java.util.Optional.empty()));
            return null;
        });
        WaitForAsyncUtils.waitForFxEvents();
        String last = fx(() -> ((Label) pane.lookup("#pair-last-Work")).getText());
        assertEquals(i18n.t("progress.text", "done", org.oxisync.ui.text.Formats.bytes(i18n, 12_000_000), "total",
                org.oxisync.ui.text.Formats.bytes(i18n, 30_000_000), "itemsDone", 0, "items", 1), last);
        assertEquals(i18n.t("phase.syncing"), card("Work"));
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get();
    }
}
