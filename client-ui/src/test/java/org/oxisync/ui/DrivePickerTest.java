package org.oxisync.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.ui.UiTestSupport.screenshot;
import static org.oxisync.ui.UiTestSupport.setUpAccount;
import static org.oxisync.ui.UiTestSupport.waitUntil;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.app.AppHome;
import org.oxisync.app.PairDrive;
import org.oxisync.core.engine.PairRightsSettings;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.EmulatorDrives;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.app.Shell;
import org.oxisync.ui.model.ActivityModel;
import org.oxisync.ui.setup.DriveChoice;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The drive picker against the emulator: carol owns three Shared drives in which alice is a Viewer ("Reports"), a
 * Contributor ("Drop box") and an Editor ("Team"). Picking one in the wizard pairs that drive with that role and a
 * mode the role allows; a read-only pair lists a new local file as held back, not as an error.
 */
@ExtendWith(ApplicationExtension.class)
class DrivePickerTest {
    /** The words the app shows in these tests (the test JVM's language, English), to compare with. */
    private static final org.oxisync.ui.i18n.I18n ENGLISH = org.oxisync.ui.i18n.I18n.english();
    @TempDir Path tmp;
    private Stage stage;
    private OxiCloudEmulator emulator;
    private AppHome home;
    private Shell shell;
    private String reports;
    private String dropBox;
    private String team;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @BeforeEach
    void server() {
        emulator = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "secret")
                .user("carol", "carol-secret").build());
        EmulatorDrives drives = emulator.drives();
        reports = drives.createShared("Reports", "carol", 1L << 30);
        drives.setMember(reports, "alice", "viewer");
        drives.remote("carol", reports).putFile("/q1.txt", "first quarter".getBytes(StandardCharsets.UTF_8));
        dropBox = drives.createShared("Drop box", "carol", null);
        drives.setMember(dropBox, "alice", "contributor");
        team = drives.createShared("Team", "carol", 5L << 30);
        drives.setMember(team, "alice", "editor");
        drives.remote("carol", team).putFile("/Roadmap/2026.md", "# 2026".getBytes(StandardCharsets.UTF_8));
        home = new AppHome(tmp.resolve("home"), true);
    }

    @AfterEach
    void tearDown() throws Exception {
        UiTestSupport.close(shell);
        emulator.close();
    }

    private void openShell() throws Exception {
        shell = UiTestSupport.openShell(stage, home);
    }

    @SuppressWarnings("unchecked")
    private static ListView<DriveChoice> driveList(FxRobot robot) {
        return robot.lookup("#drive-list").queryAs(ListView.class);
    }

    /** Picks the drive by clicking its name in the picker, once the server's drives are listed. */
    private static void pickDrive(FxRobot robot, String name) {
        waitUntil("the drives are listed", 60, () -> robot.lookup("#drive-list").tryQuery().isPresent()
                && driveList(robot).getItems().size() == 4);
        DriveChoice item = driveList(robot).getItems().stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow();
        WaitForAsyncUtils.asyncFx(() -> driveList(robot).scrollTo(item));
        WaitForAsyncUtils.waitForFxEvents();
        robot.clickOn(robot.lookup("#drive-list").lookup(labelled(name))
                .queryAs(Label.class));
        waitUntil(name + " is chosen", 10, () -> driveList(robot).getSelectionModel().getSelectedItem() != null
                && name.equals(driveList(robot).getSelectionModel().getSelectedItem().name()));
    }

    private static java.util.function.Predicate<Node> labelled(String text) {
        return n -> n instanceof Label l && text.equals(l.getText());
    }

    private static java.util.function.Predicate<Node> treeCell(String text) {
        return n -> n instanceof javafx.scene.control.TreeCell<?> c && text.equals(c.getText());
    }

    private static boolean radio(FxRobot robot, String id, boolean disabled) {
        return robot.lookup(id).queryAs(RadioButton.class).isDisabled() == disabled;
    }

    /** What the local folder step said the folder syncs with. */
    private String syncsWith;

    /** From the local folder step to "Start syncing": the local folder, no sub-folder unticked, the review. */
    private void finishWizard(FxRobot robot, Path local) throws Exception {
        robot.clickOn("#wizard-next");
        waitUntil("the local folder step", 60, () -> robot.lookup("#local-folder").tryQuery().isPresent());
        TextField path = robot.lookup("#local-folder").queryAs(TextField.class);
        syncsWith = robot.lookup("#local-syncs-with").queryAs(Label.class).getText();
        WaitForAsyncUtils.asyncFx(() -> path.setText(local.toString())).get();
        robot.clickOn("#local-folder");
        robot.clickOn("#wizard-next");
        waitUntil("the selective sync or review step", 60, () -> robot.lookup("#selective-list").tryQuery().isPresent()
                || robot.lookup("#review-text").tryQuery().isPresent());
        if (robot.lookup("#selective-list").tryQuery().isPresent()) {
            robot.clickOn("#wizard-next");
        }
        waitUntil("the review is ready", 60, () -> robot.lookup("#review-text").tryQuery()
                .map(n -> !((Label) n).getText().isBlank()
                        && !((Label) n).getText().equals(ENGLISH.t("wizard.review.preparing"))
                        && !robot.lookup("#wizard-next").query().isDisabled()).orElse(false));
        robot.clickOn("#wizard-next"); // Start syncing
    }

    /** A node by its id, also when the id holds a space (a pair named "Drop box"), which a CSS query cannot. */
    private static <T extends Node> T byId(FxRobot robot, String id, Class<T> type) {
        return robot.lookup(n -> id.equals(n.getId())).queryAs(type);
    }

    private FolderPair storedPair(String name) {
        return shell.context().store().accounts().pairByName(name).orElseThrow(
                () -> new AssertionError("no pair named " + name + " in the store"));
    }

    @Test
    void aViewerDriveIsPairedDownloadOnlyAndANewLocalFileIsHeldBackNotAnError(FxRobot robot) throws Exception {
        openShell();
        robot.clickOn("#server-url").write(emulator.baseUrl());
        robot.clickOn("#wizard-next");
        waitUntil("the sign-in step", 60, () -> robot.lookup("#method-password").tryQuery().isPresent());
        robot.clickOn("#method-password");
        robot.clickOn("#login-user").write("alice");
        robot.clickOn("#login-password").write("secret");
        robot.clickOn("#wizard-next");

        pickDrive(robot, "Reports");
        List<DriveChoice> listed = driveList(robot).getItems();
        assertEquals(List.of("personal", "shared", "shared", "shared"), listed.stream().map(DriveChoice::kind).toList(),
                "the Personal drive first, then the Shared drives");
        assertEquals(List.of("Drop box", "Reports", "Team"), listed.subList(1, 4).stream().map(DriveChoice::name).toList());
        waitUntil("only download-only can be chosen", 10, () -> radio(robot, "#mode-two-way", true)
                && radio(robot, "#mode-upload-only", true) && radio(robot, "#mode-download-only", false)
                && robot.lookup("#mode-download-only").queryAs(RadioButton.class).isSelected());
        Label note = robot.lookup("#mode-note").queryAs(Label.class);
        assertTrue(note.isVisible() && note.getText().contains("only view"), "says why: " + note.getText());
        assertTrue(robot.lookup("#drive-list").lookup(labelled("Shared drive · can view · "
                + org.oxisync.ui.text.Formats.bytes(ENGLISH, (1L << 30) - emulator.drives().usedBytes(reports)) + " free")).tryQuery().isPresent(),
                "the role in plain words and the free space");
        waitUntil("the tree shows the drive", 10, () -> robot.lookup("#remote-tree").lookup(treeCell("Reports")).tryQuery().isPresent());
        screenshot(stage.getScene(), "drive-picker-viewer");

        Path local = tmp.resolve("Reports");
        finishWizard(robot, local);
        assertTrue(syncsWith.contains("Reports"), "the steps after the drive's choice name the drive: " + syncsWith);
        waitUntil("the first sync downloads the drive's file", 60, () -> Files.exists(local.resolve("q1.txt")));

        FolderPair pair = storedPair("Reports");
        assertEquals(reports, pair.settings().get(PairDrive.ID), "the pair is on the chosen drive");
        assertEquals(emulator.drives().rootFolderId(reports), pair.remoteFolderId());
        assertEquals("viewer", pair.settings().get(PairRightsSettings.ROLE));
        assertEquals("download-only", pair.settings().get(PairRightsSettings.MODE));

        waitUntil("the first run is over", 60, () -> shell.status().pairs().size() == 1
                && shell.status().pairs().get(0).lastRunProperty().get() != null && !shell.status().busyProperty().get());
        Files.writeString(local.resolve("mine.txt"), "written here");
        robot.clickOn("#sync-now");
        VBox held = robot.lookup("#held-back-Reports").queryAs(VBox.class);
        waitUntil("the card lists the held-back file", 60, () -> held.isVisible() && held.getChildren().stream()
                .anyMatch(n -> n instanceof Label l
                        && l.getText().equals("mine.txt: not uploaded: you can only view this drive")));
        assertFalse(emulator.drives().remote("carol", reports).exists("/mine.txt"), "nothing was sent");
        assertTrue(Files.exists(local.resolve("mine.txt")), "the local file stays");
        assertEquals(0, shell.status().errorCountProperty().get(), "held back is not an error");
        assertEquals("read-only", robot.lookup("#pair-badge-Reports").queryAs(Label.class).getText());
        assertEquals("Reports · can view · Download only (mirror)",
                robot.lookup("#pair-rights-Reports").queryAs(Label.class).getText());
        assertFalse(shell.status().headlineProperty().get().contains("error"), shell.status().headlineProperty().get());
        screenshot(stage.getScene(), "pair-read-only-held-back");

        robot.clickOn("#nav-activity");
        WaitForAsyncUtils.asyncFx(() -> robot.lookup("#activity-filter")
                .queryAs(javafx.scene.control.ComboBox.class).setValue(ActivityModel.Filter.HELD_BACK)).get();
        @SuppressWarnings("unchecked")
        TableView<ActivityModel.Row> table = robot.lookup("#activity-table").queryAs(TableView.class);
        waitUntil("Activity lists the held-back file with its reason", 60, () -> table.getItems().stream()
                .anyMatch(r -> "mine.txt".equals(r.activity().path())
                        && r.activity().message().equals("not uploaded: you can only view this drive")));
        screenshot(stage.getScene(), "activity-held-back");
    }

    @Test
    void contributorAndEditorDrivesArePairedWithTheirRoleAndTheChosenMode(FxRobot robot) throws Exception {
        setUpAccount(home, emulator.baseUrl(), "alice", "secret", tmp.resolve("Cloud"), List.of());
        openShell();
        waitUntil("the main window lists the personal pair", 60, () -> shell.status().pairs().size() == 1);

        WaitForAsyncUtils.asyncFx(() -> shell.settingsActions().addPair()).get();
        pickDrive(robot, "Drop box");
        waitUntil("a contributor may choose every mode", 10, () -> radio(robot, "#mode-two-way", false)
                && radio(robot, "#mode-upload-only", false) && radio(robot, "#mode-download-only", false));
        robot.clickOn("#mode-upload-only");
        assertTrue(robot.lookup("#keep-remote-deletes").queryAs(CheckBox.class).isDisabled(),
                "a contributor cannot delete on the server: nothing to keep");
        screenshot(robot.lookup("#drive-picker").query().getScene(), "drive-picker-contributor");
        finishWizard(robot, tmp.resolve("Drop box"));
        waitUntil("the pair is saved and listed", 60, () -> shell.status().pairs().size() == 2);
        FolderPair drop = storedPair("Drop box");
        assertEquals(dropBox, drop.settings().get(PairDrive.ID));
        assertEquals("contributor", drop.settings().get(PairRightsSettings.ROLE));
        assertEquals("upload-only", drop.settings().get(PairRightsSettings.MODE));
        assertNull(drop.settings().get(PairRightsSettings.KEEP_REMOTE_DELETES));

        waitUntil("the add-folder window is closed", 60, () -> robot.lookup("#drive-picker").tryQuery().isEmpty());
        WaitForAsyncUtils.asyncFx(() -> shell.settingsActions().addPair()).get();
        pickDrive(robot, "Team");
        waitUntil("two-way is ticked for an editor", 10,
                () -> robot.lookup("#mode-two-way").queryAs(RadioButton.class).isSelected());
        waitUntil("the drive's folders are shown", 60, () -> robot.lookup("#remote-tree").lookup(treeCell("Roadmap")).tryQuery().isPresent());
        finishWizard(robot, tmp.resolve("Team"));
        waitUntil("the Team pair syncs the drive", 60, () -> Files.exists(tmp.resolve("Team/Roadmap/2026.md")));
        FolderPair teamPair = storedPair("Team");
        assertEquals(team, teamPair.settings().get(PairDrive.ID));
        assertEquals("editor", teamPair.settings().get(PairRightsSettings.ROLE));
        assertNull(teamPair.settings().get(PairRightsSettings.MODE), "two-way is the default and not written");
        Map<String, String> personal = storedPair("Cloud").settings();
        assertFalse(personal.containsKey(PairDrive.ID) || personal.containsKey(PairRightsSettings.ROLE)
                || personal.containsKey(PairRightsSettings.MODE), "the personal pair is unchanged: " + personal);

        waitUntil("the cards say how each pair syncs", 60, () -> robot.lookup("#pair-badge-Team").tryQuery().isPresent()
                && "no deletes".equals(robot.lookup("#pair-badge-Team").queryAs(Label.class).getText())
                && "upload-only backup".equals(byId(robot, "pair-badge-Drop box", Label.class).getText()));
        assertFalse(robot.lookup("#pair-badge-Cloud").query().isVisible(), "a full two-way pair has no badge");
        waitUntil("the runs are over", 60, () -> !shell.status().busyProperty().get());
        screenshot(stage.getScene(), "pairs-with-roles-and-modes");

        // Settings: the Team pair's mode can be changed within its role
        WaitForAsyncUtils.asyncFx(shell::openSettings).get();
        robot.clickOn("#tab-folders");
        @SuppressWarnings("unchecked")
        ListView<FolderPair> pairs = robot.lookup("#pairs-list").queryAs(ListView.class);
        waitUntil("the pairs are listed in Settings", 60, () -> pairs.getItems().size() == 3);
        WaitForAsyncUtils.asyncFx(() -> pairs.getSelectionModel().select(
                pairs.getItems().stream().filter(p -> p.name().equals("Team")).findFirst().orElseThrow())).get();
        Node settings = robot.lookup("#pairs-list").query();
        waitUntil("the Team pair's mode is shown", 10, () -> robot.from(settings.getScene().getRoot())
                .lookup("#mode-two-way").queryAs(RadioButton.class).isSelected());
        RadioButton mirror = robot.from(settings.getScene().getRoot()).lookup("#mode-download-only").queryAs(RadioButton.class);
        WaitForAsyncUtils.asyncFx(mirror::fire).get(); // below the fold of the page: fired as a click would; saves at once
        waitUntil("the new mode is stored without pressing Save", 60, () -> "download-only".equals(
                storedPair("Team").settings().get(PairRightsSettings.MODE)));
        assertEquals("editor", storedPair("Team").settings().get(PairRightsSettings.ROLE), "the role is kept");
        javafx.scene.control.TabPane tabs = (javafx.scene.control.TabPane) settings.getScene().lookup("#settings");
        WaitForAsyncUtils.asyncFx(() -> ((javafx.scene.control.ScrollPane) tabs.getSelectionModel().getSelectedItem()
                .getContent()).setVvalue(1)).get(); // the mode, below Save, in the picture
        screenshot(settings.getScene(), "settings-pair-mode");
    }
}
