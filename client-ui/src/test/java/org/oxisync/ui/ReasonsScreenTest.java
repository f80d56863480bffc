package org.oxisync.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.ui.UiTestSupport.screenshot;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javafx.geometry.Insets;
import javafx.geometry.NodeOrientation;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.oxisync.core.engine.ItemError;
import org.oxisync.core.engine.PairRightsSettings;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;
import org.oxisync.core.plan.PairRights;
import org.oxisync.core.plan.SyncMode;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;
import org.oxisync.protocol.Role;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.HeldBack;
import org.oxisync.ui.view.HeldBackBox;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 17: a pair card shows a held-back item and a skipped name with the translated message of their reason code
 * (German, Arabic right to left), never the engine's English sentence. Screenshots {@code reasons-de.png},
 * {@code reasons-ar.png}.
 */
@ExtendWith(ApplicationExtension.class)
class ReasonsScreenTest {
    private static final String ENGLISH_HELD = "not uploaded: read-only (your role is viewer)";
    private static final String ENGLISH_NAME = "parked until it is renamed: the name contains '/' or '\\'";
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    private static List<HeldBack> lastRun(I18n i18n) {
        FolderPair pair = PairRightsSettings.write(FolderPair.create("Reports", "/tmp/reports", "f1", "/"),
                new PairRights(SyncMode.DOWNLOAD_ONLY, Role.VIEWER, false, Map.of()));
        SyncReport report = new SyncReport("Reports", SyncStatus.OK, 0, 0, 0, 0, 0, 0, 0, 0, 0, List.of(),
                List.of(new ItemError("mine.txt", Reason.of(ReasonCode.HELD_BACK_READ_ONLY, ENGLISH_HELD)),
                        new ItemError("back\\slash.txt", Reason.of(ReasonCode.NAME_REFUSED_BY_SERVER, ENGLISH_NAME))),
                List.of(), "in sync", Duration.ZERO, null);
        return HeldBack.of(i18n, pair, report, Instant.parse("2026-12-01T12:00:00Z"));
    }

    private List<String> show(Locale locale, String shot) throws Exception {
        I18n i18n = I18n.of(locale); // this screen's own words: nothing global
        HeldBackBox box = WaitForAsyncUtils.asyncFx(() -> {
            HeldBackBox b = new HeldBackBox(i18n, "Reports");
            b.show(lastRun(i18n));
            VBox root = new VBox(b);
            root.setPadding(new Insets(16));
            root.setNodeOrientation(i18n.orientation());
            root.getStylesheets().add(getClass().getResource("/org/oxisync/ui/oxisync.css").toExternalForm());
            stage.setScene(new Scene(root, 640, 320));
            stage.show();
            return b;
        }).get();
        WaitForAsyncUtils.waitForFxEvents();
        screenshot(stage.getScene(), shot);
        assertEquals(i18n.rightToLeft() ? NodeOrientation.RIGHT_TO_LEFT : NodeOrientation.LEFT_TO_RIGHT,
                box.getEffectiveNodeOrientation());
        return box.getChildren().stream().filter(n -> n instanceof Label).map(n -> ((Label) n).getText()).toList();
    }

    private static void noEnglish(List<String> texts) {
        for (String t : texts) {
            assertFalse(t.contains("not uploaded") || t.contains("read-only") || t.contains("parked")
                    || t.contains("renamed") || t.contains("Held back"), "English in: " + t);
        }
    }

    @Test
    void aHeldBackItemAndASkippedNameAreShownInGermanByTheirCodes() throws Exception {
        List<String> texts = show(Locale.GERMAN, "reasons-de");
        assertTrue(texts.contains("mine.txt: nicht hochgeladen: du kannst dieses Laufwerk nur ansehen"), texts::toString);
        assertTrue(texts.contains("back\\slash.txt: „back\\slash.txt“ hat einen Namen, den der Server nicht speichern"
                + " kann (er enthält / oder \\). Benenne es um, dann wird es synchronisiert."), texts::toString);
        assertTrue(texts.contains("Von der Synchronisierung ausgenommen"), texts::toString);
        noEnglish(texts);
    }

    @Test
    void aHeldBackItemAndASkippedNameAreShownInArabicRightToLeft() throws Exception {
        List<String> shown = show(Locale.forLanguageTag("ar"), "reasons-ar");
        // names and paths keep their direction in a right-to-left sentence (U+200E marks)
        assertTrue(shown.stream().anyMatch(t -> t.contains("\u200Emine.txt\u200E")), shown::toString);
        List<String> texts = shown.stream().map(t -> t.replace("\u200E", "").replace("\u200F", "")).toList();
        assertTrue(texts.contains("mine.txt: لم يُرفع: يمكنك عرض هذا القرص فقط"), texts::toString);
        assertTrue(texts.stream().anyMatch(t -> t.startsWith("back\\slash.txt: اسم “back\\slash.txt” لا يمكن للخادم حفظه")),
                texts::toString);
        noEnglish(texts);
    }

    @Test
    void inThePseudoLocaleEveryReasonOnTheCardIsFromTheBundle() throws Exception {
        List<String> texts = show(I18n.PSEUDO, "reasons-pseudo");
        for (String t : texts) {
            assertTrue(t.contains("["), "not from the bundle: " + t);
        }
        assertTrue(texts.size() >= 6, texts::toString); // two groups: title, text, item each
    }

    /** Two cards built in one JVM at once, one German and one Arabic: each keeps its own words (no global language). */
    @Test
    void aGermanAndAnArabicCardSideBySideEachShowTheirOwnLanguage() throws Exception {
        I18n german = I18n.of(Locale.GERMAN);
        I18n arabic = I18n.of(Locale.forLanguageTag("ar"));
        List<List<String>> texts = WaitForAsyncUtils.asyncFx(() -> {
            HeldBackBox de = new HeldBackBox(german, "Reports");
            HeldBackBox ar = new HeldBackBox(arabic, "Reports");
            ar.setNodeOrientation(arabic.orientation());
            de.show(lastRun(german));
            ar.show(lastRun(arabic));
            VBox root = new VBox(24, de, ar);
            root.setPadding(new Insets(16));
            root.getStylesheets().add(getClass().getResource("/org/oxisync/ui/oxisync.css").toExternalForm());
            stage.setScene(new Scene(root, 640, 560));
            stage.show();
            return List.of(labels(de), labels(ar));
        }).get();
        screenshot(stage.getScene(), "reasons-de-and-ar");
        assertTrue(texts.get(0).contains("mine.txt: nicht hochgeladen: du kannst dieses Laufwerk nur ansehen"),
                texts.get(0)::toString);
        assertTrue(texts.get(1).stream().map(t -> t.replace("\u200E", "").replace("\u200F", "")).toList()
                .contains("mine.txt: لم يُرفع: يمكنك عرض هذا القرص فقط"), texts.get(1)::toString);
        assertTrue(texts.get(1).stream().anyMatch(t -> t.startsWith("\u200Emine.txt\u200E: ")), texts.get(1)::toString);
        assertFalse(texts.get(0).stream().anyMatch(t -> texts.get(1).contains(t)), "no line is in both cards");
        noEnglish(texts.get(0));
        noEnglish(texts.get(1));
    }

    private static List<String> labels(HeldBackBox box) {
        return box.getChildren().stream().filter(n -> n instanceof Label).map(n -> ((Label) n).getText()).toList();
    }
}
