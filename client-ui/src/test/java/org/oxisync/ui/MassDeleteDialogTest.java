package org.oxisync.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.ui.UiTestSupport.screenshot;
import static org.oxisync.ui.UiTestSupport.setUpAccount;
import static org.oxisync.ui.UiTestSupport.waitUntil;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;

/**
 * Issue 18 item 5 / issue 21 point 4: a folder replaced by an empty one stops the run before anything is deleted on
 * the server, and the desktop app asks, by keyboard, with the safe answer as the default.
 */
class MassDeleteDialogTest extends AliceShellTest {
    private static final int FILES = 12;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @BeforeEach
    void photosSynced() throws Exception {
        for (int i = 0; i < FILES; i++) {
            remote.putFile("/Photos/p" + i + ".jpg", ("photo " + i).getBytes(StandardCharsets.UTF_8));
        }
        account();
        startShell();
        waitUntil("the photos are downloaded", 60, () -> countLocal() == FILES);
        waitUntil("the first run is over", 60, () -> !shell.status().busyProperty().get()
                && shell.status().pairs().get(0).lastRunProperty().get() != null);
    }

    private long countLocal() {
        Path dir = local.resolve("Photos");
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".jpg")).count();
        } catch (java.io.IOException e) {
            return -1;
        }
    }

    /** {@code rm -rf Cloud && mkdir Cloud}, then "Sync now" (the watcher may see it first). */
    private void emptyTheLocalFolder(FxRobot robot) throws Exception {
        try (Stream<Path> s = Files.walk(local)) {
            for (Path p : s.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
        Files.createDirectories(local);
        robot.clickOn("#sync-now");
    }

    private DialogPane waitForQuestion(FxRobot robot) {
        waitUntil("the mass-delete question is shown", 60, () -> robot.lookup("#mass-delete").tryQuery().isPresent());
        return robot.lookup("#mass-delete").queryAs(DialogPane.class);
    }

    @Test
    void anEmptiedFolderIsQuestionedAndEnterKeepsTheFilesByCopyingThemBack(FxRobot robot) throws Exception {
        emptyTheLocalFolder(robot);
        DialogPane q = waitForQuestion(robot);
        assertTrue(remote.exists("/Photos/p0.jpg"), "nothing was deleted on the server before the answer");
        String header = q.getHeaderText();
        String text = q.getContentText();
        assertEquals("Delete " + FILES + " files in “" + shell.status().pairs().get(0).pair().name() + "”?", header);
        assertTrue(text.contains(FILES + " files are no longer in " + local + " on this computer"), text);
        assertTrue(text.contains("on the server too"), text);
        Button keep = robot.lookup("#mass-delete-keep").queryButton();
        Button delete = robot.lookup("#mass-delete-delete").queryButton();
        assertTrue(keep.isDefaultButton(), "Enter answers with the safe choice");
        assertTrue(keep.isCancelButton(), "Esc and the close button keep the files too");
        assertFalse(delete.isDefaultButton());
        assertTrue(keep.isFocused(), "the keyboard starts on the safe choice");
        screenshot(q.getScene(), "mass-delete-question");

        robot.type(KeyCode.ENTER);
        waitUntil("the files are copied back", 60, () -> countLocal() == FILES);
        assertEquals("photo 5", Files.readString(local.resolve("Photos/p5.jpg")));
        assertTrue(remote.exists("/Photos/p5.jpg"));
        assertTrue(robot.lookup("#mass-delete").tryQuery().isEmpty(), "the question is gone");
    }

    @Test
    void deletingTakesTheKeyboardToTheDeleteButtonAndDeletesOnTheServer(FxRobot robot) throws Exception {
        emptyTheLocalFolder(robot);
        waitForQuestion(robot);
        Button delete = robot.lookup("#mass-delete-delete").queryButton();
        for (int i = 0; i < 4 && !delete.isFocused(); i++) {
            robot.type(KeyCode.TAB);
        }
        assertTrue(delete.isFocused(), "Tab reaches \"Delete them\"");
        robot.type(KeyCode.SPACE);
        waitUntil("the server's copies are deleted", 60, () -> !remote.exists("/Photos/p0.jpg"));
        assertEquals(0, countLocal());
    }
}
