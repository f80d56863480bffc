package org.oxisync.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.ui.UiTestSupport.screenshot;
import static org.oxisync.ui.UiTestSupport.setUpAccount;
import static org.oxisync.ui.UiTestSupport.waitUntil;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.control.TreeItem;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.app.AppHome;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.emulator.RemoteClient;
import org.oxisync.ui.app.DesktopHooks;
import org.oxisync.ui.text.Formats;
import org.oxisync.ui.app.Shell;
import org.oxisync.ui.model.FolderSelection;
import org.oxisync.ui.model.FolderSelection.Folder;
import org.oxisync.ui.model.FolderSelection.Mark;
import org.oxisync.ui.setup.DiskSpace;
import org.oxisync.ui.view.SelectiveTree;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Issue 18 #37: selective sync as a tree of nested folders (tri-state boxes, listed when opened) in the wizard and
 * in Settings, with what will be downloaded beside the local disk's free space; the wizard's review counts the
 * files and bytes of a first sync into an empty folder.
 */
@ExtendWith(ApplicationExtension.class)
class SelectiveSyncTreeTest {
    /** The words the app shows in these tests (the test JVM's language, English), to compare with. */
    private static final org.oxisync.ui.i18n.I18n ENGLISH = org.oxisync.ui.i18n.I18n.english();
    @TempDir Path tmp;
    private Stage stage;
    private OxiCloudEmulator emulator;
    private RemoteClient remote;
    private AppHome home;
    private Shell shell;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @BeforeEach
    void server() {
        emulator = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "secret").build());
        remote = emulator.remote("alice");
        home = new AppHome(tmp.resolve("home"), true);
        remote.putFile("/Photos/2025/a.jpg", new byte[300_000]);
        remote.putFile("/Photos/2026/b.jpg", new byte[200_000]);
        remote.putFile("/Docs/x.txt", new byte[1_000]);
    }

    @AfterEach
    void tearDown() throws Exception {
        if (shell != null) {
            Shell s = shell;
            fx(() -> {
                s.windows().closeSettings();
                s.close();
                for (Window w : List.copyOf(Window.getWindows())) {
                    if (w != stage && w instanceof Stage st) {
                        st.close();
                    }
                }
                return null;
            });
        }
        emulator.close();
    }

    private void openShell() throws Exception {
        DesktopHooks hooks = new DesktopHooks((h, i18n) -> Optional.empty(), (host, background, i18n) -> new FirstUseTest.FailingOpener(),
                () -> { });
        shell = fx(() -> {
            Shell s = new Shell(home, Clock.systemDefaultZone(), stage, null, false, Shell.DEFAULT_BACKEND, hooks);
            s.start();
            return s;
        });
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get();
    }

    /** The settings tree's state, for a failure message. */
    private static String treeState(FxRobot robot) throws Exception {
        return org.testfx.util.WaitForAsyncUtils.asyncFx(() -> {
            Optional<Node> node = robot.lookup("#selective-tree").tryQuery();
            if (node.isEmpty()) {
                return "no folder tree in any window";
            }
            SelectiveTree tree = (SelectiveTree) node.get();
            FolderSelection.Folder root = tree.selection().root();
            StringBuilder b = new StringBuilder("tree visible " + tree.isVisible() + ", root listed " + root.listed());
            for (FolderSelection.Folder f : root.children()) {
                b.append("; ").append(f.path).append(" listed ").append(f.listed()).append(" children ")
                        .append(f.children().stream().map(c -> c.path).toList());
            }
            javafx.scene.control.TreeItem<FolderSelection.Folder> rootItem = tree.getRoot();
            for (var item : rootItem.getChildren()) {
                b.append("; item ").append(item.getValue().path).append(" expanded ").append(item.isExpanded())
                        .append(" with ").append(item.getChildren().size());
            }
            return b.toString();
        }).get();
    }

    private static Optional<Node> byId(FxRobot robot, String id) {
        return robot.lookup(n -> id.equals(n.getId())).tryQuery();
    }

    /** Opens the folder's row in the tree, as a click on its arrow does. */
    private static void open(SelectiveTree tree, String path) throws Exception {
        fx(() -> {
            find(tree.getRoot(), path).setExpanded(true);
            return null;
        });
    }

    private static TreeItem<Folder> find(TreeItem<Folder> item, String path) {
        for (TreeItem<Folder> c : item.getChildren()) {
            if (c.getValue().path.equals(path)) {
                return c;
            }
            if (path.startsWith(c.getValue().path + "/")) {
                return find(c, path);
            }
        }
        throw new AssertionError("not in the tree: " + path);
    }

    @Test
    void theWizardUnticksANestedFolderShowsTheFreeSpaceAndTheReviewCountsWhatComes(FxRobot robot) throws Exception {
        Path local = tmp.resolve("Empty");
        openShell();
        robot.clickOn("#server-url").write(emulator.baseUrl());
        robot.clickOn("#wizard-next");
        waitUntil("the sign-in step", 60, () -> robot.lookup("#method-password").tryQuery().isPresent());
        robot.clickOn("#method-password");
        robot.clickOn("#login-user").write("alice");
        robot.clickOn("#login-password").write("secret");
        robot.clickOn("#wizard-next");
        waitUntil("the remote folder step", 60, () -> robot.lookup("#remote-tree").tryQuery().isPresent());
        robot.clickOn("#remote-tree");
        robot.type(KeyCode.ENTER);
        waitUntil("the local folder step", 60, () -> robot.lookup("#local-folder").tryQuery().isPresent());
        TextField path = robot.lookup("#local-folder").queryAs(TextField.class);
        fx(() -> {
            path.setText(local.toString());
            return null;
        });
        robot.clickOn("#wizard-next");

        waitUntil("the selective step", 60, () -> robot.lookup("#selective-list").tryQuery().isPresent());
        SelectiveTree tree = robot.lookup("#selective-list").queryAs(SelectiveTree.class);
        FolderSelection sel = tree.selection();
        Label space = robot.lookup("#selective-space").queryAs(Label.class);
        String free = Formats.bytes(ENGLISH, DiskSpace.usable(local).orElseThrow()).split(" ")[1]; // the unit: the figure moves
        waitUntil("everything to download beside the free space", 60,
                () -> space.getText().startsWith(Formats.bytes(ENGLISH, 501_000) + " to download · ")
                        && space.getText().endsWith(free + " free on this disk"));
        open(tree, "Photos");
        waitUntil("Photos' sub-folders are listed", 60, () -> byId(robot, "selective-Photos/2025").isPresent());
        robot.clickOn(byId(robot, "selective-Photos/2025").orElseThrow());
        assertEquals(List.of("Photos/2025"), sel.exclusions(), "a nested folder is stored as its path");
        CheckBox photos = (CheckBox) byId(robot, "selective-Photos").orElseThrow();
        assertTrue(photos.isIndeterminate(), "Photos shows it is partly synced");
        assertEquals(Mark.PARTLY, sel.find("Photos").mark.get());
        waitUntil("the download shrinks by the unticked folder", 60,
                () -> space.getText().startsWith(Formats.bytes(ENGLISH, 201_000) + " to download"));
        screenshot(stage.getScene(), "wizard-5-selective-nested");

        robot.clickOn("#wizard-next");
        Label review = robot.lookup("#review-text").queryAs(Label.class);
        waitUntil("the review", 60, () -> review.getText().contains("first sync"));
        assertTrue(review.getText().contains("holds 2 files (" + Formats.bytes(ENGLISH, 201_000) + ")"), review.getText());
        Label reviewSpace = robot.lookup("#review-space").queryAs(Label.class);
        assertTrue(reviewSpace.getText().startsWith(Formats.bytes(ENGLISH, 201_000) + " to download · ")
                && reviewSpace.getText().endsWith("free on this disk"), reviewSpace.getText());
        screenshot(stage.getScene(), "wizard-6-review-free-space");

        robot.clickOn("#wizard-next");
        waitUntil("the first sync", 60, () -> Files.exists(local.resolve("Photos/2026/b.jpg"))
                && Files.exists(local.resolve("Docs/x.txt")));
        assertFalse(Files.exists(local.resolve("Photos/2025")), "the nested folder stays on the server");
    }

    @Test
    void settingsShowsASavedNestedExclusionAndReTickingItSaysWhatComesDown(FxRobot robot) throws Exception {
        Path local = tmp.resolve("Cloud");
        setUpAccount(home, emulator.baseUrl(), "alice", "secret", local, List.of("Photos/2025"));
        openShell();
        waitUntil("the first run", 60, () -> Files.exists(local.resolve("Photos/2026/b.jpg")));
        assertFalse(Files.exists(local.resolve("Photos/2025")));
        robot.clickOn("#open-settings");
        waitUntil("the settings window", 10, () -> shell.windows().settingsWindow().isPresent());
        robot.clickOn("#tab-folders");
        try {
            waitUntil("the saved exclusion is shown, Photos opened by itself", 60,
                    () -> byId(robot, "selective-Photos/2025").isPresent());
        } catch (AssertionError e) { // what the window showed then: this wait timed out in two CI runs out of four
            throw new AssertionError(e.getMessage() + "; " + treeState(robot), e);
        }
        CheckBox nested = (CheckBox) byId(robot, "selective-Photos/2025").orElseThrow();
        CheckBox photos = (CheckBox) byId(robot, "selective-Photos").orElseThrow();
        assertFalse(nested.isSelected() || nested.isIndeterminate(), "the excluded folder is unticked");
        assertTrue(photos.isIndeterminate(), "its parent is partly synced");
        Label space = robot.lookup("#selective-space").queryAs(Label.class);
        waitUntil("the free space", 60, () -> space.getText().endsWith("free on this disk"));
        assertFalse(space.getText().contains("to download"), "nothing newly ticked: " + space.getText());

        robot.clickOn(nested);
        waitUntil("what re-ticking brings down", 60,
                () -> space.getText().startsWith(Formats.bytes(ENGLISH, 300_000) + " to download · "));
        assertTrue(nested.isSelected() && !photos.isIndeterminate() && photos.isSelected(), "all of Photos is ticked");
        screenshot(shell.windows().settingsWindow().orElseThrow().getScene(), "settings-folders-nested");
        robot.clickOn("#save-pair");
        waitUntil("the re-ticked nested folder downloads", 60, () -> Files.exists(local.resolve("Photos/2025/a.jpg")));
    }
}
