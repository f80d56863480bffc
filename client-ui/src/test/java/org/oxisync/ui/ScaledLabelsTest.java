package org.oxisync.ui;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.ui.UiTestSupport.waitUntil;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javafx.scene.Parent;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.app.AppHome;
import org.oxisync.emulator.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.ui.app.DesktopHooks;
import org.oxisync.ui.app.Shell;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.view.MainView;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 17, "the window works at 200 % scaling": the wizard's first two steps and every section of the main window
 * in English, German (long words), Arabic and Farsi (right to left), at 100 % and at 200 %, with no label or button
 * drawn cut to "…" (the text the skin draws equals the control's text). 200 % is the root's font at twice its size
 * in a window twice as large: what a 2x screen gives the layout, and what shows every size still fixed in pixels
 * (Monocle has no platform scale to set). Screenshots: {@code scaled-<lang>-<screen>@<percent>.png}.
 */
@ExtendWith(ApplicationExtension.class)
class ScaledLabelsTest {
    private static final List<Locale> LANGUAGES = List.of(Locale.ENGLISH, Locale.GERMAN, Locale.forLanguageTag("ar"),
            Locale.forLanguageTag("fa"));
    @TempDir Path tmp;
    private Stage stage;
    private OxiCloudEmulator emulator;
    private Shell shell;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @BeforeEach
    void server() {
        emulator = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "secret").build());
    }

    @AfterEach
    void tearDown() throws Exception {
        close();
        emulator.close();
        I18n.setLocale(Locale.ENGLISH);
    }

    private void close() throws Exception {
        if (shell != null) {
            Shell s = shell;
            WaitForAsyncUtils.asyncFx(s::close).get();
            shell = null;
        }
    }

    private void open(AppHome home, Locale l) throws Exception {
        Files.createDirectories(home.dir());
        Files.writeString(home.dir().resolve("ui.properties"), "language=" + l.toLanguageTag() + "\n");
        DesktopHooks hooks = new DesktopHooks(h -> Optional.empty(), (host, background) -> new FirstUseTest.FailingOpener(),
                () -> { });
        shell = WaitForAsyncUtils.asyncFx(() -> {
            Shell s = new Shell(home, Clock.systemDefaultZone(), stage, null, false, Shell.DEFAULT_BACKEND, hooks);
            s.start();
            stage.setWidth(980);
            stage.setHeight(680);
            return s;
        }).get();
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Cut labels of the window now, at 100 % and at 200 % (the root's font and the window doubled); screenshots. */
    private void check(Locale l, String screen, List<String> problems) throws Exception {
        for (int scale : new int[] {1, 2}) {
            WaitForAsyncUtils.asyncFx(() -> {
                stage.setWidth(980 * scale);
                stage.setHeight(680 * scale);
            }).get();
            WaitForAsyncUtils.waitForFxEvents();
            List<String> cut = WaitForAsyncUtils.asyncFx(() -> {
                Parent root = stage.getScene().getRoot();
                double px = 14 * scale; // AtlantaFX's base size (.root -fx-font-size: 14px), times the scale
                root.setStyle(scale == 1 ? "" : "-fx-font-size: " + px + "px;");
                return UiTestSupport.truncated(root);
            }).get();
            WaitForAsyncUtils.waitForFxEvents();
            assertTrue(stage.getScene().getWidth() >= 970 * scale, "the window is " + stage.getScene().getWidth() + " wide");
            UiTestSupport.snapshot(stage.getScene(), "scaled-" + l.toLanguageTag() + "-" + screen + "@" + scale * 100);
            cut.forEach(c -> problems.add(l.toLanguageTag() + " " + scale * 100 + " % " + screen + ": " + c));
        }
        WaitForAsyncUtils.asyncFx(() -> {
            stage.getScene().getRoot().setStyle("");
            stage.setWidth(980);
            stage.setHeight(680);
        }).get();
    }

    @Test
    void noLabelOfTheWizardOrTheMainWindowIsCutAt100Or200PercentInEnglishGermanArabicAndFarsi(FxRobot robot)
            throws Exception {
        List<String> problems = new ArrayList<>();
        for (Locale l : LANGUAGES) {
            I18n.setLocale(Locale.ENGLISH);
            open(new AppHome(tmp.resolve("wizard-" + l.toLanguageTag()), true), l);
            check(l, "wizard-1-server", problems);
            WaitForAsyncUtils.asyncFx(() -> robot.lookup("#server-url").queryAs(javafx.scene.control.TextField.class)
                    .setText(emulator.baseUrl())).get();
            WaitForAsyncUtils.asyncFx(() -> robot.lookup("#wizard-next").queryButton().fire()).get();
            waitUntil("the sign-in step", 15, () -> robot.lookup("#method-browser").tryQuery().isPresent());
            check(l, "wizard-2-sign-in", problems);
            close();

            I18n.setLocale(Locale.ENGLISH);
            AppHome home = new AppHome(tmp.resolve("main-" + l.toLanguageTag()), true);
            Path local = tmp.resolve("Cloud-" + l.toLanguageTag());
            Files.createDirectories(local);
            UiTestSupport.setUpAccount(home, emulator.baseUrl(), "alice", "secret", local, List.of());
            open(home, l);
            waitUntil("the main window", 20, () -> shell.mainView().isPresent());
            waitUntil("the first sync", 30, () -> !shell.status().busyProperty().get());
            MainView main = shell.mainView().orElseThrow();
            for (MainView.Section s : MainView.Section.values()) {
                WaitForAsyncUtils.asyncFx(() -> main.show(s)).get();
                check(l, "main-" + s.name().toLowerCase(Locale.ROOT), problems);
            }
            close();
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }
}
