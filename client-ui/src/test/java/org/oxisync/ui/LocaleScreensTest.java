package org.oxisync.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.ui.UiTestSupport.screenshot;
import static org.oxisync.ui.UiTestSupport.waitUntil;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.Labeled;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.oxisync.ui.app.Shell;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.view.MainView;
import org.oxisync.ui.view.Ui;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 17: the screens in the pseudo-locale (every message bracketed and 40 % longer: any unbracketed text is a
 * string that bypassed the bundle, any label cut to "…" is too narrow for a longer language), screenshots in
 * the languages with a bundle and the pseudo-locale, and a keyboard-only walk through the first-run wizard.
 */
class LocaleScreensTest extends ShellFixtureTest {

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    /** The languages shipped as bundles, and the pseudo-locale. */
    private static List<Locale> shipped() {
        List<Locale> out = new ArrayList<>(List.of(I18n.PSEUDO));
        for (String tag : List.of("es", "de", "ar", "ja")) {
            if (LocaleScreensTest.class.getResource("/org/oxisync/ui/i18n/messages_" + tag + ".properties") != null) {
                out.add(Locale.forLanguageTag(tag));
            }
        }
        return out;
    }

    // ---- the scan ------------------------------------------------------------------------------------------------

    /** Every visible text of {@code root} that is not bracketed (and not data), and every label cut to "…". */
    static List<String> unbracketedOrClipped(Parent root) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> {
            List<String> out = new ArrayList<>();
            scan(root, out);
            return out;
        }).get();
    }

    private static void scan(Node n, List<String> out) {
        if (!n.isVisible() || Boolean.TRUE.equals(n.getProperties().get(Ui.DATA)) || n instanceof IndexedCell
                || n instanceof ProgressIndicator) {
            return;
        }
        if (n instanceof Labeled l) {
            check(l.getText(), l, out);
            if (l.getTooltip() != null) {
                check(l.getTooltip().getText(), l, out);
            }
            Node shown = l.lookup(".text");
            if (shown instanceof Text t && l.getText() != null && !l.getText().isEmpty()) {
                String expected = l.isMnemonicParsing() ? l.getText().replaceFirst("_(?=.)", "") : l.getText();
                if (t.getText().endsWith("…") && !expected.endsWith("…")) {
                    out.add("clipped: " + describe(l) + " shows \"" + t.getText() + "\"");
                }
            }
        } else if (n instanceof Text t && !(n.getParent() instanceof Labeled)
                && !t.getStyleClass().contains("text") && n.getParent() != null
                && !(n.getParent() instanceof TextInputControl) && !(n.getParent().getParent() instanceof TextInputControl)) {
            check(t.getText(), n, out);
        }
        if (n instanceof TextInputControl c) {
            check(c.getPromptText(), n, out);
            return; // what is typed is the user's
        }
        if (n instanceof TabPane tp) {
            tp.getTabs().forEach(tab -> check(tab.getText(), n, out));
        }
        if (n instanceof Parent p) {
            p.getChildrenUnmodifiable().forEach(c -> scan(c, out));
        }
    }

    private static void check(String text, Node n, List<String> out) {
        if (text == null || text.isBlank()) {
            return;
        }
        String s = text.strip();
        if (!(s.startsWith("[") && s.endsWith("]"))) {
            out.add("not from the bundle: " + describe(n) + " \"" + text + "\"");
        }
    }

    private static String describe(Node n) {
        return n.getClass().getSimpleName() + (n.getId() == null ? "" : "#" + n.getId());
    }

    private void scanAndShoot(Locale l, String screen) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        Scene scene = stage.getScene();
        screenshot(scene, "i18n-" + l.toLanguageTag() + "-" + screen);
        if (l.equals(I18n.PSEUDO)) {
            List<String> bad = unbracketedOrClipped(scene.getRoot());
            assertTrue(bad.isEmpty(), screen + ":\n" + String.join("\n", bad));
        }
        if (fx.shell().i18n().rightToLeft()) {
            assertEquals(javafx.geometry.NodeOrientation.RIGHT_TO_LEFT, scene.getRoot().getEffectiveNodeOrientation(),
                    "right to left");
        }
    }

    // ---- the tests -----------------------------------------------------------------------------------------------

    @Test
    void theWizardInEveryShippedLanguageAndThePseudoLocale(FxRobot robot) throws Exception {
        for (Locale l : shipped()) {
            fx.closeShell();
            fx.openWizard("home-" + l.toLanguageTag(), l);
            scanAndShoot(l, "wizard-1-server");
            robot.clickOn("#server-url").write(fx.emulator().baseUrl());
            robot.clickOn("#wizard-next");
            waitUntil("the sign-in step", 60, () -> robot.lookup("#method-browser").tryQuery().isPresent());
            scanAndShoot(l, "wizard-2-sign-in");
        }
    }

    @Test
    void theMainWindowAndSettingsInEveryShippedLanguageAndThePseudoLocale(FxRobot robot) throws Exception {
        for (Locale l : shipped()) {
            fx.closeShell();
            fx.openSynced(l.toLanguageTag(), l, List.of());
            Shell shell = fx.shell();
            MainView main = robot.lookup("#main-view").queryAs(MainView.class);
            for (MainView.Section s : MainView.Section.values()) {
                WaitForAsyncUtils.asyncFx(() -> main.show(s)).get();
                scanAndShoot(l, "main-" + s.name().toLowerCase(Locale.ROOT));
            }
            robot.clickOn("#open-settings");
            waitUntil("settings", 10, () -> shell.windows().settingsWindow().isPresent());
            Stage settings = shell.windows().settingsWindow().orElseThrow();
            TabPane tabs = (TabPane) settings.getScene().lookup("#settings");
            for (int i = 0; i < tabs.getTabs().size(); i++) {
                int k = i;
                WaitForAsyncUtils.asyncFx(() -> tabs.getSelectionModel().select(k)).get();
                WaitForAsyncUtils.waitForFxEvents();
                String name = "settings-" + tabs.getTabs().get(i).getId();
                screenshot(settings.getScene(), "i18n-" + l.toLanguageTag() + "-" + name);
                if (l.equals(I18n.PSEUDO)) {
                    List<String> bad = unbracketedOrClipped(settings.getScene().getRoot());
                    assertTrue(bad.isEmpty(), name + ":\n" + String.join("\n", bad));
                }
            }
            WaitForAsyncUtils.asyncFx(() -> shell.windows().closeSettings()).get();
        }
    }

    /** The first-run wizard with the keyboard only: Tab, Space, typing and Enter; the focus is always visible. */
    @Test
    void theFirstRunWizardWithTheKeyboardOnly(FxRobot robot) throws Exception {
        fx.openWizard("kbd", Locale.ENGLISH);
        Path local = tmp.resolve("KeyboardCloud");
        waitUntil("the address field has the focus", 10, () -> robot.lookup("#server-url").query().isFocused());
        robot.write(fx.emulator().baseUrl());
        robot.type(KeyCode.ENTER);
        waitUntil("the sign-in step", 60, () -> robot.lookup("#method-browser").tryQuery()
                .map(Node::isFocused).orElse(false));
        robot.type(KeyCode.DOWN); // the arrow keys move within the sign-in methods, Space chooses
        assertFocused(robot, "method-password"); // JavaFX marks arrow-key focus as not "focus-visible"; Tab does
        robot.type(KeyCode.SPACE);
        robot.type(KeyCode.TAB); // on to the user name
        assertFocusVisible(robot, "login-user");
        robot.write("alice");
        robot.type(KeyCode.TAB);
        assertFocusVisible(robot, "login-password");
        robot.write("secret");
        robot.type(KeyCode.ENTER);
        waitUntil("the remote folder step", 20, () -> robot.lookup("#remote-tree").tryQuery()
                .map(Node::isFocused).orElse(false));
        robot.type(KeyCode.ENTER);
        waitUntil("the local folder step", 20, () -> robot.lookup("#local-folder").tryQuery()
                .map(Node::isFocused).orElse(false));
        robot.press(KeyCode.CONTROL).type(KeyCode.A).release(KeyCode.CONTROL);
        robot.write(local.toString());
        robot.type(KeyCode.ENTER);
        waitUntil("the review (or selective) step", 60, () -> robot.lookup("#review-text").tryQuery().isPresent()
                || robot.lookup("#selective-list").tryQuery().isPresent());
        if (robot.lookup("#selective-list").tryQuery().isPresent()) {
            robot.type(KeyCode.ENTER);
        }
        waitUntil("the review step", 60, () -> robot.lookup("#review-text").tryQuery().isPresent()
                && !robot.lookup("#wizard-next").queryButton().isDisabled());
        screenshot(stage.getScene(), "keyboard-wizard-review");
        robot.type(KeyCode.ENTER);
        waitUntil("the main window after Start syncing", 60, () -> robot.lookup("#main-view").tryQuery().isPresent());
        assertTrue(Files.isDirectory(local), "the folder chosen by keyboard was created");
    }

    private void assertFocused(FxRobot robot, String id) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        Node f = WaitForAsyncUtils.asyncFx(() -> stage.getScene().getFocusOwner()).get();
        assertNotNull(f, "something has the focus");
        assertEquals(id, f.getId(), "the focus is on #" + id);
    }

    private void assertFocusVisible(FxRobot robot, String id) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        Node f = WaitForAsyncUtils.asyncFx(() -> stage.getScene().getFocusOwner()).get();
        assertNotNull(f, "something has the focus");
        assertEquals(id, f.getId(), "the focus is on #" + id);
        assertTrue(f.isFocusVisible(), "#" + id + " shows its focus (keyboard focus is drawn)");
    }
}
