package org.oxisync.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.ui.UiTestSupport.screenshot;
import static org.oxisync.ui.UiTestSupport.truncated;
import static org.oxisync.ui.UiTestSupport.waitUntil;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.Labeled;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.app.AppHome;
import org.oxisync.emulator.RemoteClient;
import org.oxisync.ui.text.Formats;
import org.oxisync.ui.app.WindowGeometry;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** Issue 18, the wizard as a newcomer meets it (#19, #20, #21, #37), at the window's smallest size. */
@ExtendWith(ApplicationExtension.class)
class WizardFirstUseTest {
    /** The words the app shows in these tests (the test JVM's language, English), to compare with. */
    private static final org.oxisync.ui.i18n.I18n ENGLISH = org.oxisync.ui.i18n.I18n.english();
    @TempDir Path tmp;
    private Stage stage;
    private ShellFixture fx;
    private RemoteClient remote;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @BeforeEach
    void open() throws Exception {
        fx = new ShellFixture(stage, tmp);
        remote = fx.emulator().remote("alice");
        fx.open(new AppHome(tmp.resolve("home"), true), WindowGeometry.MIN_WIDTH, WindowGeometry.MIN_HEIGHT);
    }

    @AfterEach
    void tearDown() throws Exception {
        fx.close();
    }

    /** The node lies wholly inside the window's visible area (not scrolled or pushed out of view). */
    private void assertInView(Node n, String what) throws Exception {
        Bounds b = WaitForAsyncUtils.asyncFx(() -> n.localToScene(n.getBoundsInLocal())).get();
        double h = stage.getScene().getHeight();
        double w = stage.getScene().getWidth();
        assertTrue(n.isVisible() && b.getMinY() >= 0 && b.getMaxY() <= h && b.getMinX() >= 0 && b.getMaxX() <= w,
                what + " in view: " + b + " in " + w + "x" + h);
        Node scroll = stage.getScene().lookup("#wizard-scroll");
        Bounds v = WaitForAsyncUtils.asyncFx(() -> scroll.localToScene(scroll.getBoundsInLocal())).get();
        assertTrue(b.getMinY() >= v.getMinY() - 1 && b.getMaxY() <= v.getMaxY() + 1,
                what + " inside the visible part of the step: " + b + " in " + v);
    }

    private String problemTitle(FxRobot robot) {
        return robot.lookup("#wizard-problem").lookup("#notice-title").queryAs(Label.class).getText();
    }

    private void toSignIn(FxRobot robot) {
        robot.clickOn("#server-url").write(fx.emulator().baseUrl());
        robot.clickOn("#wizard-next");
        waitUntil("the sign-in step", 60, () -> robot.lookup("#method-browser").tryQuery().isPresent());
    }

    /** #19: the wizard does not claim the browser opened when it could not; both buttons stay in view. */
    @Test
    void aBrowserThatCannotBeOpenedIsSaidAndTheButtonsStayInView(FxRobot robot) throws Exception {
        toSignIn(robot);
        robot.clickOn("#wizard-next");
        Label code = robot.lookup("#device-code").queryAs(Label.class);
        waitUntil("the device code is shown", 60, () -> !code.getText().isBlank() && code.isVisible());
        Label intro = robot.lookup("#device-intro").queryAs(Label.class);
        waitUntil("the failure is said", 10, () -> intro.getText().startsWith("No web browser could be opened"));
        assertFalse(intro.getText().contains("Your browser opened"), intro.getText());
        assertInView(robot.lookup("#device-reopen").query(), "Open the page again");
        assertInView(robot.lookup("#device-cancel").query(), "Stop waiting");
        assertEquals(List.of(), WaitForAsyncUtils.asyncFx(() -> truncated(stage.getScene().getRoot())).get());
        screenshot(stage.getScene(), "wizard-browser-failed");
        robot.clickOn("#device-cancel");
        waitUntil("the methods are back", 10, () -> robot.lookup("#method-password").query().isVisible());
    }

    /** #21: a refused password shows its banner without pushing the field out of view. */
    @Test
    void aWrongPasswordBannerKeepsTheFieldInView(FxRobot robot) throws Exception {
        toSignIn(robot);
        robot.clickOn("#method-password");
        robot.clickOn("#login-user").write("alice");
        robot.clickOn("#login-password").write("wrong");
        robot.clickOn("#wizard-next");
        waitUntil("the sign-in failure", 20, () -> problemTitle(robot).equals("Sign-in failed"));
        WaitForAsyncUtils.waitForFxEvents();
        assertInView(robot.lookup("#login-password").query(), "the password field");
        assertInView(robot.lookup("#login-user").query(), "the user field");
        String text = robot.lookup("#wizard-problem").query().lookupAll(".label").stream()
                .map(n -> ((Labeled) n).getText()).reduce("", (a, b) -> a + " " + b);
        assertFalse(text.contains("HTTP") || text.contains("Invalid credentials"), "plain words: " + text);
        assertEquals(List.of(), WaitForAsyncUtils.asyncFx(() -> truncated(stage.getScene().getRoot())).get());
        screenshot(stage.getScene(), "wizard-wrong-password-min-size");
    }

    /** #20 and #37: Enter on step 3, no stale hints, errors go once fixed; the review counts the files to copy. */
    @Test
    void theFolderStepsAnswerWhileTypingAndTheReviewCountsWhatIsCopied(FxRobot robot) throws Exception {
        remote.putFile("/Docs/a.txt", new byte[2048]);
        remote.putFile("/Docs/b.txt", new byte[1000]);
        remote.putFile("/Music/c.ogg", new byte[5000]);
        remote.putFile("/top.txt", "hello".getBytes(StandardCharsets.UTF_8));
        toSignIn(robot);
        robot.clickOn("#method-password");
        robot.clickOn("#login-user").write("alice");
        robot.clickOn("#login-password").write("secret");
        robot.clickOn("#wizard-next");
        waitUntil("the remote folder step", 60, () -> robot.lookup("#remote-tree").tryQuery().isPresent());
        robot.clickOn("#remote-tree");
        robot.type(KeyCode.ENTER);
        waitUntil("Enter continues from step 3", 60, () -> robot.lookup("#local-folder").tryQuery().isPresent());

        TextField path = robot.lookup("#local-folder").queryAs(TextField.class);
        Label note = robot.lookup("#local-note").queryAs(Label.class);
        Path missing = tmp.resolve("New place");
        WaitForAsyncUtils.asyncFx(() -> path.setText(missing.toString())).get();
        waitUntil("the new path is checked", 10, () -> note.getText().contains("does not exist yet"));
        Path existing = Files.createDirectories(tmp.resolve("Existing"));
        Files.writeString(existing.resolve("mine.txt"), "x");
        WaitForAsyncUtils.asyncFx(() -> path.setText(existing.toString())).get();
        assertEquals("", note.getText(), "what was said of the old path goes at once");
        waitUntil("the new path is described", 10, () -> note.getText().contains("already holds files"));

        Path file = Files.writeString(tmp.resolve("a-file.txt"), "not a folder");
        WaitForAsyncUtils.asyncFx(() -> path.setText(file.toString())).get();
        robot.clickOn("#wizard-next");
        waitUntil("the path is refused", 60, () -> problemTitle(robot).equals("This folder cannot be used"));
        screenshot(stage.getScene(), "wizard-local-folder-refused");
        Path empty = tmp.resolve("Empty");
        WaitForAsyncUtils.asyncFx(() -> path.setText(empty.toString())).get();
        assertEquals("", problemTitle(robot), "the error goes once the path is changed");

        robot.clickOn("#wizard-next");
        waitUntil("the selective step", 60, () -> robot.lookup("#selective-list").tryQuery().isPresent());
        robot.clickOn("Music");
        robot.clickOn("#wizard-next");
        Label review = robot.lookup("#review-text").queryAs(Label.class);
        waitUntil("the review", 60, () -> review.getText().contains("first sync"));
        assertTrue(review.getText().contains("holds 3 files (" + Formats.bytes(ENGLISH, 2048 + 1000 + 5) + ")"),
                "size and count although this side is empty, without the unticked folder: " + review.getText());
        assertInView(review, "the review text");
        assertEquals(List.of(), WaitForAsyncUtils.asyncFx(() -> truncated(stage.getScene().getRoot())).get());
        screenshot(stage.getScene(), "wizard-6-review-one-side-empty");
    }
}
