package org.oxisync.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.ui.UiTestSupport.screenshot;
import static org.oxisync.ui.UiTestSupport.waitUntil;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.oxisync.core.plan.MassDeleteGuard;
import org.oxisync.ui.view.ActivityText;
import org.oxisync.ui.app.MassDeleteDialog;
import org.oxisync.ui.app.Shell;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.ActivityModel;
import org.oxisync.ui.view.MainView;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 17, accessibility: an automated audit of every screen (each control reachable by keyboard has a name a
 * screen reader can say), the wizard and the main window worked with Tab, Enter, Esc and the accelerators (the
 * focus always visible), and status changes announced.
 */
class AccessibilityTest extends ShellFixtureTest {
    /** The words the app shows in these tests (the test JVM's language, English), to compare with. */
    private static final I18n ENGLISH = I18n.english();

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    private static void audit(Scene scene, String screen, List<String> all) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        List<String> bad = WaitForAsyncUtils.asyncFx(() -> A11yAudit.problems(scene.getRoot())).get();
        bad.forEach(b -> all.add(screen + ": " + b));
    }

    private Node focusOwner(Scene scene) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        return WaitForAsyncUtils.asyncFx(scene::getFocusOwner).get();
    }

    // ---- the audit ------------------------------------------------------------------------------------------------

    /** The audit itself: it must fail on a field nobody named, and pass once a label points at it. */
    @Test
    void theAuditReportsAFieldWithoutANameAndAcceptsOneWithALabel() throws Exception {
        List<String> before = WaitForAsyncUtils.asyncFx(() -> {
            TextField f = new TextField();
            f.setId("nameless");
            return A11yAudit.problems(new VBox(new Label("Server address"), f));
        }).get();
        assertEquals(List.of("no accessible name: TextField#nameless"), before);
        List<String> after = WaitForAsyncUtils.asyncFx(() -> {
            TextField f = new TextField();
            Label l = new Label("Server address");
            l.setLabelFor(f);
            return A11yAudit.problems(new VBox(l, f));
        }).get();
        assertEquals(List.of(), after);
    }

    @Test
    void everyControlOfEveryScreenReachableByKeyboardHasAnAccessibleName(FxRobot robot) throws Exception {
        List<String> problems = new ArrayList<>();
        Shell shell = fx.openWizard("wizard", Locale.ENGLISH);
        Path local = tmp.resolve("WizardCloud");
        audit(stage.getScene(), "wizard 1 server", problems);
        robot.clickOn("#server-url").write(fx.emulator().baseUrl());
        robot.clickOn("#wizard-next");
        waitUntil("the sign-in step", 60, () -> robot.lookup("#method-browser").tryQuery().isPresent());
        audit(stage.getScene(), "wizard 2 sign-in", problems);
        robot.clickOn("#method-password");
        robot.clickOn("#login-user").write("alice");
        robot.clickOn("#login-password").write("secret");
        robot.clickOn("#wizard-next");
        waitUntil("the remote folder step", 20, () -> robot.lookup("#remote-tree").tryQuery().isPresent());
        audit(stage.getScene(), "wizard 3 remote folder", problems);
        robot.clickOn("#wizard-next");
        waitUntil("the local folder step", 20, () -> robot.lookup("#local-folder").tryQuery().isPresent());
        audit(stage.getScene(), "wizard 4 local folder", problems);
        robot.doubleClickOn("#local-folder").press(KeyCode.CONTROL).type(KeyCode.A).release(KeyCode.CONTROL)
                .write(local.toString());
        robot.clickOn("#wizard-next");
        waitUntil("the selective or review step", 60, () -> robot.lookup("#review-text").tryQuery().isPresent()
                || robot.lookup("#selective-list").tryQuery().isPresent());
        if (robot.lookup("#selective-list").tryQuery().isPresent()) {
            audit(stage.getScene(), "wizard 5 selective", problems);
            robot.clickOn("#wizard-next");
        }
        waitUntil("the review step", 60, () -> robot.lookup("#review-text").tryQuery().isPresent()
                && !robot.lookup("#wizard-next").queryButton().isDisabled());
        audit(stage.getScene(), "wizard 6 review", problems);
        robot.clickOn("#wizard-next");
        waitUntil("the main window", 60, () -> shell.mainView().isPresent());
        waitUntil("the first sync ends", 60, () -> !shell.status().busyProperty().get());

        MainView main = shell.mainView().orElseThrow();
        for (MainView.Section s : MainView.Section.values()) {
            WaitForAsyncUtils.asyncFx(() -> main.show(s)).get();
            audit(stage.getScene(), "main " + s, problems);
        }
        WaitForAsyncUtils.asyncFx(shell::openSettings).get();
        waitUntil("settings", 10, () -> shell.windows().settingsWindow().isPresent());
        Stage settings = shell.windows().settingsWindow().orElseThrow();
        TabPane tabs = (TabPane) settings.getScene().lookup("#settings");
        for (int i = 0; i < tabs.getTabs().size(); i++) {
            int k = i;
            WaitForAsyncUtils.asyncFx(() -> tabs.getSelectionModel().select(k)).get();
            audit(settings.getScene(), "settings " + tabs.getTabs().get(i).getId(), problems);
        }
        WaitForAsyncUtils.asyncFx(() -> shell.windows().closeSettings()).get();

        WaitForAsyncUtils.asyncFx(shell::signInAgain).get();
        waitUntil("the sign-in dialog", 10, () -> robot.lookup("#sign-in-password").tryQuery().isPresent());
        audit(robot.lookup("#sign-in-password").query().getScene(), "sign-in dialog", problems);
        WaitForAsyncUtils.asyncFx(() -> ((Stage) robot.lookup("#sign-in-password").query().getScene().getWindow())
                .close()).get();

        MassDeleteDialog massDelete = WaitForAsyncUtils.asyncFx(() -> {
            MassDeleteDialog d = new MassDeleteDialog(shell.i18n(), shell.windows(), n -> null, (p, c) -> { });
            d.show("Cloud", new MassDeleteGuard.Verdict(0, 150, 200, true));
            return d;
        }).get();
        waitUntil("the mass-delete question", 10, () -> robot.lookup("#mass-delete-keep").tryQuery().isPresent());
        audit(robot.lookup("#mass-delete-keep").query().getScene(), "mass-delete dialog", problems);
        WaitForAsyncUtils.asyncFx(() -> massDelete.dialog("Cloud").ifPresent(a -> a.close())).get();

        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    // ---- the keyboard ---------------------------------------------------------------------------------------------

    /** Presses Tab up to {@code max} times and returns the ids (or class names) of the nodes that took the focus. */
    private List<String> tabWalk(FxRobot robot, Scene scene, int max, List<String> notVisible) throws Exception {
        List<String> ids = new ArrayList<>();
        for (int i = 0; i < max; i++) {
            robot.type(KeyCode.TAB);
            Node f = focusOwner(scene);
            assertNotNull(f, "Tab always leaves the focus somewhere");
            String id = f.getId() == null ? f.getClass().getSimpleName() : f.getId();
            if (!f.isFocusVisible()) {
                notVisible.add(id);
            }
            ids.add(id);
        }
        return ids;
    }

    private static void assertInOrder(List<String> walk, String... ids) {
        int last = -1;
        for (String id : ids) {
            int at = walk.subList(last + 1, walk.size()).indexOf(id);
            assertTrue(at >= 0, "Tab reaches #" + id + " after #" + (last < 0 ? "(start)" : walk.get(last)) + ": " + walk);
            last = last + 1 + at;
        }
    }

    @Test
    void theWizardAndTheMainWindowAreWorkedWithTabEnterEscAndShortcutsWithTheFocusAlwaysVisible(FxRobot robot)
            throws Exception {
        // the wizard: Tab goes from the field to the buttons, and on round to the field again (no trap)
        fx.openWizard("kbd-wizard", Locale.ENGLISH);
        waitUntil("the address field has the focus", 10, () -> robot.lookup("#server-url").query().isFocused());
        robot.write(fx.emulator().baseUrl());
        robot.type(KeyCode.ENTER); // Enter = Continue
        waitUntil("the sign-in step", 60, () -> robot.lookup("#method-browser").tryQuery().map(Node::isFocused).orElse(false));
        robot.type(KeyCode.DOWN);
        robot.type(KeyCode.SPACE); // password sign-in
        List<String> hidden = new ArrayList<>();
        List<String> walk = tabWalk(robot, stage.getScene(), 7, hidden);
        assertInOrder(walk, "login-user", "login-password", "wizard-cancel", "wizard-back", "wizard-next");
        assertTrue(walk.subList(walk.indexOf("wizard-next") + 1, walk.size()).contains("method-password"),
                "after the last button Tab comes back to the sign-in method: " + walk);
        assertTrue(hidden.isEmpty(), "the focus is drawn on every stop of Tab: " + hidden);
        fx.closeShell();

        // the main window
        fx.openSynced("kbd-main", Locale.ENGLISH, List.of("a.txt"));
        Shell shell = fx.shell();
        WaitForAsyncUtils.asyncFx(() -> stage.getScene().getRoot().requestFocus()).get();
        hidden.clear();
        walk = tabWalk(robot, stage.getScene(), 24, hidden);
        // the sections are one group (like tabs): Tab stops at the shown one, the arrow keys move within the group
        assertInOrder(walk, "nav-status", "open-web", "open-settings", "pause-resume", "sync-now", "card-open-"
                + shell.status().pairs().get(0).name(), "nav-status");
        assertTrue(hidden.isEmpty(), "the focus is drawn on every stop of Tab: " + hidden);
        screenshot(stage.getScene(), "a11y-main-keyboard-focus");

        MainView main = shell.mainView().orElseThrow();
        robot.press(KeyCode.CONTROL).type(KeyCode.DIGIT2).release(KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(MainView.Section.ACTIVITY, main.shown(), "Ctrl+2 shows Activity");
        WaitForAsyncUtils.asyncFx(() -> robot.lookup("#nav-activity").query().requestFocus()).get();
        robot.type(KeyCode.DOWN).type(KeyCode.DOWN).type(KeyCode.DOWN);
        assertEquals("nav-versions", focusOwner(stage.getScene()).getId(), "the arrow keys move through the sections");
        robot.type(KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(MainView.Section.VERSIONS, main.shown(), "Space on a section's button shows it");

        robot.press(KeyCode.CONTROL).type(KeyCode.COMMA).release(KeyCode.CONTROL);
        waitUntil("Ctrl+, opens settings", 10, () -> shell.windows().settingsWindow().isPresent());
        Stage settings = shell.windows().settingsWindow().orElseThrow();
        waitUntil("settings has the focus", 10, settings::isFocused);
        robot.type(KeyCode.ESCAPE);
        waitUntil("Esc closes settings", 10, () -> shell.windows().settingsWindow().isEmpty() || !settings.isShowing());

        WaitForAsyncUtils.asyncFx(shell::signInAgain).get();
        waitUntil("the sign-in dialog with the focus on the password", 10, () -> robot.lookup("#sign-in-password")
                .tryQuery().map(Node::isFocused).orElse(false));
        Label problem = robot.lookup("#sign-in-problem").queryAs(Label.class);
        robot.type(KeyCode.ENTER); // the default button, with no password typed
        waitUntil("Enter ran Sign in, which asks for the password", 10, () -> !problem.getText().isEmpty());
        assertEquals(ENGLISH.t("signIn.enterPassword"), problem.getText());
        Stage dialog = (Stage) problem.getScene().getWindow();
        robot.type(KeyCode.ESCAPE);
        waitUntil("Esc closes the sign-in dialog", 10, () -> !dialog.isShowing());
    }

    // ---- announcements ----------------------------------------------------------------------------------------------

    @Test
    void syncFinishedPausedConflictAndErrorAreAnnouncedAndTheActivityIsInWords(FxRobot robot) throws Exception {
        fx.emulator().remote("alice").putFile("/server.txt", "from the server".getBytes(StandardCharsets.UTF_8));
        Path local = fx.openSynced("announce", Locale.ENGLISH, List.of("mine.txt"));
        Shell shell = fx.shell();
        MainView main = shell.mainView().orElseThrow();
        Label headline = robot.lookup("#headline").queryAs(Label.class);
        String upToDate = ENGLISH.t("accessible.status", "state", ENGLISH.t("headline.upToDate"));
        waitUntil("the finished sync is announced", 20, () -> main.announcer().announcements().contains(upToDate));
        waitUntil("the status label says the settled state to a screen reader", 20, () -> upToDate.equals(
                WaitForAsyncUtils.asyncFx(() -> A11yAudit.spokenName(headline)).get()));

        // the activity of that real sync: every detail the engine wrote is shown in words from the bundle
        WaitForAsyncUtils.asyncFx(() -> main.show(MainView.Section.ACTIVITY)).get();
        @SuppressWarnings("unchecked")
        TableView<ActivityModel.Row> table = robot.lookup("#activity-table").queryAs(TableView.class);
        waitUntil("the upload, the download and the run are listed", 60, () -> table.getItems().size() >= 3);
        ActivityText words = new ActivityText(shell.i18n(), ZoneId.systemDefault());
        for (ActivityModel.Row r : List.copyOf(table.getItems())) {
            assertTrue(words.known(r.activity()), "no activity code for the engine's \""
                    + r.activity().message() + "\" (" + r.activity().kind() + ")");
        }

        robot.clickOn("#pause-resume");
        String paused = ENGLISH.t("accessible.status", "state", ENGLISH.t("headline.paused"));
        waitUntil("pausing is announced", 10, () -> main.announcer().announcements().contains(paused));
        robot.clickOn("#sync-now");
        waitUntil("the answer to Sync now while paused is announced", 10, () -> main.announcer().announcements().stream()
                .anyMatch(a -> a.equals(ENGLISH.t("accessible.status", "state", shell.status().feedbackProperty().get()))));

        // a conflict: both sides change the same file while paused, then syncing resumes
        Files.writeString(local.resolve("server.txt"), "edited here");
        fx.emulator().remote("alice").putFile("/server.txt", "edited there".getBytes(StandardCharsets.UTF_8));
        robot.clickOn("#pause-resume");
        robot.clickOn("#sync-now");
        String conflict = ENGLISH.t("accessible.status", "state", ENGLISH.t("headline.conflicts", "count", 1));
        waitUntil("the conflict is announced", 40, () -> main.announcer().announcements().contains(conflict));

        // a problem: the local folder disappears
        try (Stream<Path> s = Files.walk(local)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
        robot.clickOn("#sync-now");
        String attention = ENGLISH.t("accessible.status", "state", ENGLISH.t("headline.attention"));
        waitUntil("the problem is announced", 40, () -> main.announcer().announcements().contains(attention));
    }

    /** A sync's item count changes many times a second: its start is announced, then only where it ends. */
    @Test
    void aRunningSyncIsAnnouncedOnceAndItsEndAgain() throws Exception {
        List<String> said = WaitForAsyncUtils.asyncFx(() -> {
            javafx.beans.property.StringProperty state = new javafx.beans.property.SimpleStringProperty("Idle");
            javafx.beans.property.BooleanProperty busy = new javafx.beans.property.SimpleBooleanProperty(false);
            javafx.beans.property.StringProperty answer = new javafx.beans.property.SimpleStringProperty("");
            Label target = new Label();
            target.textProperty().bind(state);
            org.oxisync.ui.view.StatusAnnouncer a = new org.oxisync.ui.view.StatusAnnouncer(ENGLISH, target, state, busy, answer);
            busy.set(true);
            state.set("Checking");
            state.set("Syncing 1 item");
            state.set("Syncing 2 items");
            busy.set(false);
            state.set("Up to date");
            answer.set("Syncing is paused. Choose Resume.");
            busy.set(true);
            state.set("Syncing 5 items");
            assertEquals("Status: Syncing 5 items", A11yAudit.spokenName(target), "the label's name is always current");
            return List.copyOf(a.announcements());
        }).get();
        assertEquals(List.of("Status: Checking", "Status: Up to date", "Status: Syncing is paused. Choose Resume.",
                "Status: Syncing 5 items"), said);
    }
}
