package org.oxisync.ui.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.TableView;
import javafx.scene.control.TextArea;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.reason.ActivityCode;
import org.oxisync.core.undo.RunRecord;
import org.oxisync.core.undo.UndoPlan;
import org.oxisync.core.undo.UndoRun;
import org.oxisync.store.LocalStore;
import org.oxisync.store.StoreOptions;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.journal.EntryKind;
import org.oxisync.store.journal.JournalEntry;
import org.oxisync.store.versions.VersionInfo;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.ActivityModel;
import org.oxisync.ui.view.Actions;
import org.oxisync.ui.view.ActivityPane;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.oxisync.ui.base.Background;

/**
 * Activity's "Undo this run…": on a run's line it shows the dry run (what the run changed, what undo would put back)
 * and asks the sync backend to undo that run only after "Undo"; Cancel asks nothing. Items are not runs: the action
 * is off for them.
 */
@ExtendWith(ApplicationExtension.class)
class UndoRunDialogTest {
    @TempDir static Path tmp;
    private final I18n i18n = I18n.english();
    private LocalStore store;
    private Background background;
    private ActivityModel model;
    private ActivityPane pane;
    private UndoRunDialog dialog;
    private FolderPair pair;
    private final AtomicReference<String> undone = new AtomicReference<>();

    @Start
    void start(Stage stage) throws Exception {
        Path root = Files.createDirectories(tmp.resolve("Docs-" + System.nanoTime()));
        store = LocalStore.open(tmp.resolve("data-" + System.nanoTime()), "alice", Clock.systemUTC(),
                StoreOptions.DEFAULT);
        pair = store.accounts().savePair(FolderPair.create("Docs", root.toString(), "r", "/"));
        // a run downloaded a new a.txt over the one kept as a version
        Path a = root.resolve("a.txt");
        Files.writeString(a, "one");
        VersionInfo before = store.versions().saveVersion(pair.id(), "a.txt", a, Instant.now());
        Files.writeString(a, "two, from the server");
        VersionInfo after = store.versions().saveVersion(pair.id(), "a.txt", a, Instant.now());
        Instant mtime = Instant.ofEpochMilli(Files.getLastModifiedTime(a).toMillis());
        store.journal().upsert(new JournalEntry(pair.id(), "a.txt", EntryKind.FILE, after.size(), mtime, null,
                after.fileHash(), "file-1", null, after.fileHash(), Instant.now()));
        store.activity().append(pair.id(), "download", "a.txt", "20 bytes", ActivityCode.RECEIVED.stored(),
                Map.of("bytes", "20", "before", before.fileHash(), "after", after.fileHash(), "remote", "file-1"));
        store.activity().append(pair.id(), "run", "", "ok: 1 change", ActivityCode.RUN.stored(),
                Map.of("status", "ok", "changes", "1", "conflicts", "0", "errors", "0"));
        background = new Background(1, 1);
        model = new ActivityModel(() -> store, background);
        dialog = new UndoRunDialog(i18n, background, (alert, id) -> alert.initOwner(stage), ZoneId.of("UTC"));
        Actions actions = new Actions() {
            @Override public void syncNow() { }
            @Override public void togglePause() { }
            @Override public void openSettings() { }
            @Override public void openWebUi() { }
            @Override public void openFolder(FolderPair p) { }
            @Override public void openFile(Path file) { }
            @Override public void showInFolder(Path file) { }
            @Override public void signInAgain() { }

            @Override
            public void undoRun(FolderPair p, long runId) {
                dialog.show(() -> store, p, runId, (name, run) -> {
                    undone.set(name + " run " + run.id() + " " + run.changes().size());
                    return CompletableFuture.completedFuture(new UndoRun.Result(
                            new UndoPlan(List.of(new UndoPlan.RestoreContent("a.txt", before.id(), true)), List.of()),
                            List.of(), null, null));
                }, () -> { });
            }
        };
        pane = new ActivityPane(i18n, model, actions, Clock.systemUTC());
        stage.setScene(new Scene(pane, 900, 500));
        stage.show();
        model.reload();
    }

    @AfterEach
    void close() throws Exception {
        fx(() -> {
            dialog.dialog().ifPresent(javafx.scene.control.Alert::close);
            return null;
        });
        background.close();
        store.close();
    }

    @Test
    void undoThisRunShowsTheDryRunAndUndoesOnlyAfterUndo() throws Exception {
        selectRun();
        Button undo = (Button) pane.lookup("#activity-undo");
        assertFalse(fx(undo::isDisabled), "a run's line can be undone");
        fx(() -> {
            undo.fire();
            return null;
        });
        until("the dry run is shown", () -> fx(() -> dialog.dialog().isPresent()));
        String text = fx(() -> ((TextArea) dialog.dialog().orElseThrow().getDialogPane().lookup("#undo-preview"))
                .getText());
        assertTrue(text.contains("Items this run changed: 1"), text);
        assertTrue(text.contains("a.txt: Downloaded"), text);
        assertTrue(text.contains("put back the earlier version of a.txt"), text);
        assertEquals(null, undone.get(), "nothing is undone before the user says so");
        fx(() -> {
            ((Button) dialog.dialog().orElseThrow().getDialogPane().lookup("#undo-apply")).fire();
            return null;
        });
        until("the backend is asked", () -> undone.get() != null);
        long runId = fx(() -> selected().activity().id());
        assertEquals("Docs run " + runId + " 1", undone.get());
    }

    @Test
    void cancelUndoesNothingAndAnItemLineCannotBeUndone() throws Exception {
        selectRun();
        fx(() -> {
            ((Button) pane.lookup("#activity-undo")).fire();
            return null;
        });
        until("the dry run is shown", () -> fx(() -> dialog.dialog().isPresent()));
        fx(() -> {
            ((Button) dialog.dialog().orElseThrow().getDialogPane().lookup("#undo-cancel")).fire();
            return null;
        });
        until("the dialog is closed", () -> fx(() -> dialog.dialog().isEmpty()));
        assertEquals(null, undone.get());
        @SuppressWarnings("unchecked")
        TableView<ActivityModel.Row> table = (TableView<ActivityModel.Row>) pane.lookup("#activity-table");
        fx(() -> {
            for (int i = 0; i < table.getItems().size(); i++) {
                if ("a.txt".equals(table.getItems().get(i).activity().path())) {
                    table.getSelectionModel().select(i);
                }
            }
            return null;
        });
        assertTrue(fx(() -> ((Button) pane.lookup("#activity-undo")).isDisabled()), "an item is not a run");
    }

    private void selectRun() throws Exception {
        until("the activity is read", () -> fx(() -> model.rows().size() == 2));
        @SuppressWarnings("unchecked")
        TableView<ActivityModel.Row> table = (TableView<ActivityModel.Row>) pane.lookup("#activity-table");
        fx(() -> {
            for (int i = 0; i < table.getItems().size(); i++) {
                if (ActivityCode.RUN.stored().equals(table.getItems().get(i).activity().code())) {
                    table.getSelectionModel().select(i);
                }
            }
            return null;
        });
    }

    private ActivityModel.Row selected() {
        @SuppressWarnings("unchecked")
        TableView<ActivityModel.Row> table = (TableView<ActivityModel.Row>) pane.lookup("#activity-table");
        return table.getSelectionModel().getSelectedItem();
    }

    private static <T> T fx(Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get();
    }

    private static void until(String what, Callable<Boolean> cond) throws Exception {
        long end = System.nanoTime() + 20_000_000_000L;
        while (!cond.call()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("timed out waiting until " + what);
            }
            Thread.sleep(50);
        }
    }
}
