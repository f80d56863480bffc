package org.oxisync.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.ui.UiTestSupport.screenshot;
import static org.oxisync.ui.UiTestSupport.waitUntil;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.app.AppContext;
import org.oxisync.app.AppHome;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.app.Shell;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The newcomer path of packaging/newcomer-path.sh, by keyboard, with both folders empty: the server's "All files"
 * holds nothing and the local folder does not exist yet (no selection step; the review says both are empty).
 */
@ExtendWith(ApplicationExtension.class)
class WizardBothEmptyTest {
    @TempDir Path tmp;
    private Stage stage;
    private ShellFixture fx;
    private AppHome home;
    private Shell shell;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @BeforeEach
    void open() throws Exception {
        fx = new ShellFixture(stage, tmp);
        home = new AppHome(tmp.resolve("home"), true);
        shell = fx.open(home);
    }

    @AfterEach
    void tearDown() throws Exception {
        fx.close();
    }

    @Test
    void startSyncingWithBothFoldersEmptySavesThePairAndTheMainWindowListsIt(FxRobot robot) throws Exception {
        Path local = tmp.resolve("user/OxiSync");
        robot.clickOn("#server-url").write(fx.emulator().baseUrl());
        robot.type(KeyCode.ENTER);
        waitUntil("the sign-in step", 60, () -> robot.lookup("#method-password").tryQuery().isPresent());
        robot.clickOn("#method-password");
        robot.clickOn("#login-user").write("alice");
        robot.clickOn("#login-password").write("secret");
        robot.type(KeyCode.ENTER);
        waitUntil("the remote folder step", 60, () -> robot.lookup("#remote-tree").tryQuery().isPresent());
        robot.clickOn("#remote-tree");
        robot.type(KeyCode.ENTER);
        waitUntil("the local folder step", 60, () -> robot.lookup("#local-folder").tryQuery().isPresent());
        TextField path = robot.lookup("#local-folder").queryAs(TextField.class);
        WaitForAsyncUtils.asyncFx(() -> path.setText(local.toString())).get();
        robot.clickOn("#local-folder");
        robot.type(KeyCode.ENTER);
        Label review = robot.lookup("#review-text").queryAs(Label.class);
        waitUntil("the review says both folders are empty", 60,
                () -> review.getText().contains("Both folders are empty"));
        screenshot(stage.getScene(), "wizard-6-review-both-empty");
        assertEquals(1, shell.context().store().accounts().pairs().size(), "the review saved the pair");
        waitUntil("Start syncing has the focus", 10, () -> robot.lookup("#wizard-next").query().isFocused());
        robot.type(KeyCode.ENTER); // Start syncing

        waitUntil("the main window lists the pair", 60, () -> robot.lookup("#status-pane")
                .lookup("#pair-state-OxiSync").tryQuery().isPresent() && shell.status().pairs().size() == 1);
        assertTrue(robot.lookup("No folders are synced yet").tryQuery().isEmpty(), "no empty state beside the pair");
        waitUntil("the first sync has run", 60, () -> shell.status().pairs().stream()
                .allMatch(r -> r.lastRunProperty().get() != null));
        screenshot(stage.getScene(), "main-after-wizard-both-empty");
        assertTrue(Files.isDirectory(local), "the wizard made the local folder");
        fx.closeShell();
        try (AppContext ctx = new AppContext(home, Clock.systemDefaultZone())) {
            List<FolderPair> pairs = ctx.store().accounts().pairs();
            assertEquals(1, pairs.size(), "the store keeps the pair after the app is closed: " + pairs);
            assertEquals(local.toString(), pairs.get(0).localRoot());
            assertEquals("/", pairs.get(0).remotePath());
        }
    }
}
