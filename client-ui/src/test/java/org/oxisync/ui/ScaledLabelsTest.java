package org.oxisync.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.ui.UiTestSupport.waitUntil;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.oxisync.ui.view.MainView;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 17, "the window works at 200 % scaling": the wizard's first two steps and every section of the main window
 * in English, German (long words), Arabic and Farsi (right to left), at 100 % and at 200 %, with no label or button
 * drawn cut to "…" (the text the skin draws equals the control's text). 200 % is the root's font at twice its size
 * in a window twice as large: what a 2x screen gives the layout, and what shows every size still fixed in pixels
 * (Monocle has no platform scale to set). Screenshots: {@code scaled-<lang>-<screen>@<percent>.png}.
 */
class ScaledLabelsTest extends ShellFixtureTest {
    private static final List<Locale> LANGUAGES = List.of(Locale.ENGLISH, Locale.GERMAN, Locale.forLanguageTag("ar"),
            Locale.forLanguageTag("fa"));

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    /** Cut labels of the window now, at 100 % and at 200 % (the root's font and the window doubled); screenshots. */
    private void check(Locale l, String screen, List<String> problems) throws Exception {
        for (int scale : new int[] {1, 2}) {
            WaitForAsyncUtils.asyncFx(() -> {
                stage.setWidth(ShellFixture.WIDTH * scale);
                stage.setHeight(ShellFixture.HEIGHT * scale);
            }).get();
            WaitForAsyncUtils.waitForFxEvents();
            WaitForAsyncUtils.asyncFx(() -> {
                double px = 14 * scale; // AtlantaFX's base size (.root -fx-font-size: 14px), times the scale
                stage.getScene().getRoot().setStyle(scale == 1 ? "" : "-fx-font-size: " + px + "px;");
            }).get();
            WaitForAsyncUtils.waitForFxEvents();
            // A label may be drawn cut for a pulse or two while the window's new size and font reach every pane (seen
            // once on a loaded machine: Farsi at 200 %, "Search:" as "..." in the very call that set the font). What
            // counts is what is still cut once the layout has settled: read again for up to 10 s while any is cut.
            List<String> cut = List.of();
            for (int attempt = 0; attempt < 20; attempt++) {
                cut = WaitForAsyncUtils.asyncFx(() -> UiTestSupport.truncated(stage.getScene().getRoot())).get();
                if (cut.isEmpty()) {
                    break;
                }
                Thread.sleep(500);
                WaitForAsyncUtils.waitForFxEvents();
            }
            assertTrue(stage.getScene().getWidth() >= 970 * scale, "the window is " + stage.getScene().getWidth() + " wide");
            UiTestSupport.snapshot(stage.getScene(), "scaled-" + l.toLanguageTag() + "-" + screen + "@" + scale * 100);
            cut.forEach(c -> problems.add(l.toLanguageTag() + " " + scale * 100 + " % " + screen + ": " + c));
        }
        WaitForAsyncUtils.asyncFx(() -> {
            stage.getScene().getRoot().setStyle("");
            stage.setWidth(ShellFixture.WIDTH);
            stage.setHeight(ShellFixture.HEIGHT);
        }).get();
    }

    @Test
    void noLabelOfTheWizardOrTheMainWindowIsCutAt100Or200PercentInEnglishGermanArabicAndFarsi(FxRobot robot)
            throws Exception {
        List<String> problems = new ArrayList<>();
        for (Locale l : LANGUAGES) {
            fx.openWizard("wizard-" + l.toLanguageTag(), l);
            check(l, "wizard-1-server", problems);
            WaitForAsyncUtils.asyncFx(() -> robot.lookup("#server-url").queryAs(javafx.scene.control.TextField.class)
                    .setText(fx.emulator().baseUrl())).get();
            WaitForAsyncUtils.asyncFx(() -> robot.lookup("#wizard-next").queryButton().fire()).get();
            waitUntil("the sign-in step", 60, () -> robot.lookup("#method-browser").tryQuery().isPresent());
            check(l, "wizard-2-sign-in", problems);
            fx.closeShell();

            fx.openSynced(l.toLanguageTag(), l, List.of());
            MainView main = fx.shell().mainView().orElseThrow();
            for (MainView.Section s : MainView.Section.values()) {
                WaitForAsyncUtils.asyncFx(() -> main.show(s)).get();
                check(l, "main-" + s.name().toLowerCase(Locale.ROOT), problems);
            }
            fx.closeShell();
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }
}
