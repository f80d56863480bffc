package org.oxisync.ui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.oxisync.ui.UiTestSupport.screenshot;
import static org.oxisync.ui.UiTestSupport.setUpAccount;
import static org.oxisync.ui.UiTestSupport.waitUntil;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.ListView;
import javafx.scene.control.Spinner;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.oxisync.ui.base.UiPreferences;
import org.oxisync.ui.model.PairRow;
import org.oxisync.ui.sync.PairPhase;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The main window over real syncs against the emulator: progress, conflicts, versions, errors, settings. */
class MainWindowTest extends AliceShellTest {

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    private void openShell() throws Exception {
        startShell();
        WaitForAsyncUtils.waitForFxEvents();
    }

    private void waitIdleAfterRuns(int runs) {
        waitUntil("the pair finished " + runs + " run(s)", 60, () -> {
            PairRow r = shell.status().pairs().isEmpty() ? null : shell.status().pairs().get(0);
            return r != null && r.lastRunProperty().get() != null && !shell.status().busyProperty().get()
                    && runsSeen >= runs;
        });
    }

    private volatile int runsSeen;

    private void countRuns() {
        // On the FX thread, where lastRun changes: a run that already finished is counted too.
        shell.status().pairs().forEach(r -> {
            runsSeen += r.lastRunProperty().get() == null ? 0 : 1;
            r.lastRunProperty().addListener((o, a, b) -> runsSeen++);
        });
    }

    private void openShellCountingRuns() throws Exception {
        openShell();
        waitUntil("the pairs are listed", 10, () -> !shell.status().pairs().isEmpty());
        WaitForAsyncUtils.asyncFx(this::countRuns).get();
    }

    private static String read(Path p) throws IOException {
        return Files.readString(p, StandardCharsets.UTF_8);
    }

    @Test
    void progressBytesItemsAndTimeLeftAreShownWhileARealSyncRuns(FxRobot robot) throws Exception {
        java.util.Random random = new java.util.Random(8);
        for (int i = 1; i <= 6; i++) {
            byte[] track = new byte[700_000 + i]; // random: several content-defined chunks, so progress within a file
            random.nextBytes(track);
            remote.putFile("/Music/track-" + i + ".ogg", track);
        }
        account();
        emulator.faults().slowNext(200, null, ".*", 300_000);
        openShell();
        Label text = robot.lookup("#progress-text").queryAs(Label.class);
        waitUntil("bytes and items are shown mid-transfer", 60, () -> text.getText().contains(" of ")
                && text.getText().contains("items") && shell.status().progressProperty().get() > 0.1
                && shell.status().progressProperty().get() < 0.8);
        assertTrue(shell.status().progressProperty().get() >= 0, "a determinate progress bar while transferring");
        javafx.scene.layout.VBox transfers = robot.lookup("#transfers").queryAs(javafx.scene.layout.VBox.class);
        waitUntil("a current transfer part-way, with its own bar and bytes", 60, () -> shell.status().transfers().stream()
                .anyMatch(t -> t.fraction() > 0 && t.fraction() < 1) && !transfers.getChildren().isEmpty()
                && text.getText().contains(" of "));
        List<String> row = WaitForAsyncUtils.asyncFx(() -> { // read on the FX thread, where the rows change
            javafx.scene.Node r = transfers.getChildren().get(0);
            return List.of(((Label) r.lookup(".transfer-name")).getText(), ((Label) r.lookup(".transfer-amount")).getText(),
                    String.valueOf(r.lookup(".transfer-bar") instanceof javafx.scene.control.ProgressBar));
        }).get();
        assertTrue(row.get(0).matches("Music/track-\\d\\.ogg"), "the row names the file: " + row);
        assertTrue(row.get(1).matches("[\\d.]+ of [\\d.]+ KiB"), "the row shows its bytes: " + row);
        assertEquals("true", row.get(2), "the row has its own bar");
        assertTrue(shell.status().headlineProperty().get().startsWith("Syncing"), shell.status().headlineProperty().get());
        screenshot(stage.getScene(), "main-syncing");
        waitUntil("all tracks are downloaded", 90, () -> {
            try (var s = Files.list(local.resolve("Music"))) {
                return s.filter(p -> p.toString().endsWith(".ogg")).count() == 6;
            } catch (IOException e) {
                return false;
            }
        });
        waitUntil("idle again", 60, () -> !shell.status().busyProperty().get());
        assertEquals("Everything is up to date", shell.status().headlineProperty().get());

        robot.clickOn("#nav-activity");
        TableView<?> table = robot.lookup("#activity-table").queryAs(TableView.class);
        waitUntil("the downloads are listed", 60, () -> table.getItems().size() >= 6);
        robot.clickOn("#activity-search").write("track-3");
        waitUntil("search narrows the list", 5, () -> table.getItems().size() == 1);
        WaitForAsyncUtils.asyncFx(() -> robot.lookup("#activity-search").queryAs(javafx.scene.control.TextField.class).clear()).get();
        screenshot(stage.getScene(), "activity");
    }

    @Test
    void conflictIsSettledFromTheConflictsViewByKeepingMine(FxRobot robot) throws Exception {
        remote.putFile("/plan.txt", "first draft".getBytes(StandardCharsets.UTF_8));
        account();
        openShellCountingRuns();
        waitUntil("the file arrives", 60, () -> Files.exists(local.resolve("plan.txt")));
        waitIdleAfterRuns(1);

        Files.writeString(local.resolve("plan.txt"), "my edit on the laptop");
        remote.putFile("/plan.txt", "their edit on the server".getBytes(StandardCharsets.UTF_8));
        robot.clickOn("#sync-now");
        waitUntil("the conflict is counted", 60, () -> shell.status().conflictCountProperty().get() == 1);
        robot.clickOn("#nav-conflicts");
        ListView<?> list = robot.lookup("#conflicts-list").queryAs(ListView.class);
        waitUntil("the conflict is listed", 10, () -> list.getItems().size() == 1);
        WaitForAsyncUtils.asyncFx(() -> list.getSelectionModel().select(0)).get();
        screenshot(stage.getScene(), "conflicts");

        javafx.scene.control.Button keep = robot.lookup("#conflict-keep-local").queryButton();
        waitUntil("the conflict is selected (the list is re-read after each run)", 10, () -> !keep.isDisabled());
        robot.clickOn(keep);
        Label status = robot.lookup("#conflict-status").queryAs(Label.class);
        try {
            waitUntil("the conflict is settled", 60, () -> status.getText().startsWith("Done"));
        } catch (AssertionError e) {
            throw new AssertionError(e.getMessage() + "; the pane says: " + status.getText(), e);
        }
        assertEquals("my edit on the laptop", read(local.resolve("plan.txt")), "mine replaced the server's version");
        try (var s = Files.list(local)) {
            assertEquals(List.of("plan.txt"), s.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith("."))
                    .sorted().toList(), "the conflicted copy is gone");
        }
        assertTrue(list.getItems().isEmpty(), "the list empties");
        waitUntil("the next sync uploads mine", 60, () -> {
            try {
                return new String(remote.read("/plan.txt"), StandardCharsets.UTF_8).equals("my edit on the laptop");
            } catch (IllegalArgumentException e) {
                return false; // seen absent for a moment while the update is committed
            }
        });
        waitUntil("the badge clears", 60, () -> shell.status().conflictCountProperty().get() == 0);
        robot.clickOn("#nav-versions");
        TableView<?> versions = robot.lookup("#versions-table").queryAs(TableView.class);
        waitUntil("the server's version was kept as a version", 10, () -> !versions.getItems().isEmpty());
    }

    @Test
    void earlierVersionIsRestoredFromTheVersionsView(FxRobot robot) throws Exception {
        remote.putFile("/Reports/summary.txt", "the original summary".getBytes(StandardCharsets.UTF_8));
        remote.putFile("/Reports/budget.csv", "a,b\n1,2\n".getBytes(StandardCharsets.UTF_8));
        account();
        openShellCountingRuns();
        Path summary = local.resolve("Reports/summary.txt");
        waitUntil("the file arrives", 60, () -> Files.exists(summary));
        waitIdleAfterRuns(1);
        remote.putFile("/Reports/summary.txt", "a careless overwrite".getBytes(StandardCharsets.UTF_8));
        robot.clickOn("#sync-now");
        waitUntil("the overwrite arrives", 60, () -> read(summary).equals("a careless overwrite"));

        robot.clickOn("#nav-versions");
        TableView<?> table = robot.lookup("#versions-table").queryAs(TableView.class);
        waitUntil("the replaced content is listed", 60, () -> table.getItems().size() == 1);
        WaitForAsyncUtils.asyncFx(() -> table.getSelectionModel().select(0)).get();
        screenshot(stage.getScene(), "versions");
        robot.clickOn("#versions-restore");
        waitUntil("the original content is back", 60, () -> read(summary).equals("the original summary"));
        waitUntil("the overwritten content is kept as a version too", 60, () -> table.getItems().size() == 2);
        robot.clickOn("#sync-now");
        waitUntil("the server gets the restored content", 60, () -> new String(remote.read("/Reports/summary.txt"),
                StandardCharsets.UTF_8).equals("the original summary"));
    }

    @Test
    void errorsViewSaysWhatWentWrongAndWhatToDo(FxRobot robot) throws Exception {
        remote.putFile("/a.txt", "a".getBytes(StandardCharsets.UTF_8));
        account();
        Files.delete(local); // an unplugged disk: the engine must not read this as "everything was deleted"
        openShell();
        waitUntil("the pair needs attention", 60, () -> shell.status().pairs().stream()
                .anyMatch(r -> r.phaseProperty().get() == PairPhase.ERROR));
        assertEquals("Some folders need attention", shell.status().headlineProperty().get());
        assertTrue(remote.exists("/a.txt"), "nothing was deleted on the server");
        waitUntil("the card says the last attempt synced nothing", 10, () -> robot.lookup(".label").queryAll().stream()
                .map(n -> ((javafx.scene.control.Label) n).getText())
                .anyMatch(t -> t != null && t.startsWith("Last attempt") && t.endsWith("nothing was synced")));
        screenshot(stage.getScene(), "main-error");
        robot.clickOn("#nav-errors");
        ListView<?> list = robot.lookup("#errors-list").queryAs(ListView.class);
        waitUntil("the error is listed", 10, () -> !list.getItems().isEmpty());
        String row = list.getItems().get(0).toString();
        assertTrue(row.contains("missing"), row);
        assertTrue(row.contains("Reconnect it"), "says what to do: " + row);
        screenshot(stage.getScene(), "errors");
    }

    @Test
    void settingsChangedInTheWindowAreKeptAfterARestart(FxRobot robot) throws Exception {
        account();
        openShell();
        robot.clickOn("#open-settings");
        waitUntil("the settings window", 10, () -> shell.windows().settingsWindow().isPresent());
        robot.clickOn("#tab-network");
        @SuppressWarnings("unchecked")
        Spinner<Integer> up = robot.lookup("#upload-limit").queryAs(Spinner.class);
        robot.doubleClickOn(up.getEditor()).eraseText(8).write("512").type(javafx.scene.input.KeyCode.ENTER);
        waitUntil("the limit is in the model", 5, () -> shell.settings().uploadKibProperty().get() == 512);
        Stage settings = shell.windows().settingsWindow().orElseThrow();
        screenshot(settings.getScene(), "settings-network");
        robot.clickOn("#tab-general");
        robot.clickOn("#notifications");
        waitUntil("notifications are off", 5, () -> !shell.settings().notificationsProperty().get());
        screenshot(settings.getScene(), "settings-general");
        WaitForAsyncUtils.asyncFx(() -> shell.settings().appearanceProperty().set(org.oxisync.ui.base.Appearance.DARK)).get();
        screenshot(settings.getScene(), "settings-general-dark");
        screenshot(stage.getScene(), "main-idle-dark");
        WaitForAsyncUtils.asyncFx(() -> shell.settings().appearanceProperty().set(org.oxisync.ui.base.Appearance.LIGHT)).get();
        robot.clickOn("#tab-folders");
        waitUntil("the pair is listed", 10, () -> !robot.lookup("#pairs-list").queryAs(ListView.class).getItems().isEmpty());
        screenshot(settings.getScene(), "settings-folders");
        robot.clickOn("#tab-about");
        screenshot(settings.getScene(), "settings-about");
        waitUntil("saved", 10, () -> shell.background().pending() == 0);

        closeShell();
        assertEquals("false", UiPreferences.load(home.dir().resolve("ui.properties"))
                .get(UiPreferences.NOTIFICATIONS, "?"), "the preference file holds the change");
        openShell();
        waitUntil("settings are loaded after the restart", 10,
                () -> shell.settings().uploadKibProperty().get() == 512);
        assertFalse(shell.settings().notificationsProperty().get(), "notifications stay off");
        robot.clickOn("#open-settings");
        robot.clickOn("#tab-general");
        assertFalse(robot.lookup("#notifications").queryAs(javafx.scene.control.CheckBox.class).isSelected());
    }
}
