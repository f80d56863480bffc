package org.oxisync.ui.app;

import java.nio.file.Path;
import java.time.ZoneId;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import java.util.function.BiFunction;
import java.util.function.Supplier;
import javafx.application.Platform;
import javafx.scene.control.Alert;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.TextArea;
import org.oxisync.core.undo.RunChange;
import org.oxisync.core.undo.RunMove;
import org.oxisync.core.undo.RunRecord;
import org.oxisync.core.undo.UndoPlan;
import org.oxisync.core.undo.UndoPlanner;
import org.oxisync.core.undo.UndoRun;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.base.Background;
import org.oxisync.ui.text.Formats;

/**
 * Activity's "Undo this run…": first the dry run (what the run changed, what undo would do, what it leaves as it is
 * and why), read from the store in the background; "Undo" then asks the sync backend to undo the run in place of the
 * pair's next run, and the outcome is shown. "Cancel" (the default, also Esc) changes nothing. FX thread only.
 */
public final class UndoRunDialog {
    private final I18n i18n;
    private final Background background;
    private final BiConsumer<Alert, String> prepare;
    private final ZoneId zone;
    private Alert shown;

    /** @param prepare gives a dialog the app's look and owner ({@link Windows#prepare}) */
    public UndoRunDialog(I18n i18n, Background background, BiConsumer<Alert, String> prepare, ZoneId zone) {
        this.i18n = i18n;
        this.background = background;
        this.prepare = prepare;
        this.zone = zone;
    }

    /**
     * Reads the run and its dry run, then shows them; {@code undo} does the undo when the user confirms and
     * {@code done} runs (on the FX thread) after it ended.
     */
    public void show(Supplier<LocalStore> store, FolderPair pair, long runId,
                     BiFunction<String, RunRecord, CompletableFuture<UndoRun.Result>> undo, Runnable done) {
        background.run(() -> {
            LocalStore s = store.get();
            RunRecord run = RunRecord.load(s.activity(), runId).orElseThrow(() -> new IllegalStateException(
                    "the run is no longer in the activity log"));
            UndoPlan plan = new UndoPlanner(s.journal(), s.versions()).plan(pair.id(), Path.of(pair.localRoot()),
                    run.changes(), run.moves());
            return new Preview(run, plan);
        }, p -> confirm(pair, p, undo, done), e -> message(Alert.AlertType.WARNING, i18n.t("undo.unavailable")));
    }

    /** The dialog on screen (tests). */
    public Optional<Alert> dialog() {
        return Optional.ofNullable(shown);
    }

    private record Preview(RunRecord run, UndoPlan plan) {}

    private void confirm(FolderPair pair, Preview p, BiFunction<String, RunRecord, CompletableFuture<UndoRun.Result>> undo,
                         Runnable done) {
        ButtonType apply = new ButtonType(i18n.t("undo.apply"), ButtonBar.ButtonData.OTHER);
        ButtonType cancel = new ButtonType(i18n.t("undo.cancel"), ButtonBar.ButtonData.CANCEL_CLOSE);
        Alert a = p.plan.isEmpty() ? new Alert(Alert.AlertType.INFORMATION, "", ButtonType.CLOSE)
                : new Alert(Alert.AlertType.CONFIRMATION, "", apply, cancel);
        prepare.accept(a, "undo-run");
        a.setTitle(i18n.t("undo.window"));
        a.setHeaderText(i18n.t("undo.header", "pair", pair.name(), "time", Formats.dateTime(i18n, p.run.time(), zone)));
        TextArea text = new TextArea(describe(p.run, p.plan));
        text.setId("undo-preview");
        text.setEditable(false);
        text.setWrapText(true);
        text.setPrefRowCount(14);
        a.getDialogPane().setContent(text);
        a.getDialogPane().setPrefWidth(620);
        a.setResizable(true);
        if (!p.plan.isEmpty()) {
            Button applyButton = (Button) a.getDialogPane().lookupButton(apply);
            Button cancelButton = (Button) a.getDialogPane().lookupButton(cancel);
            applyButton.setId("undo-apply");
            cancelButton.setId("undo-cancel");
            cancelButton.setDefaultButton(true); // Enter changes nothing; undoing takes a click or Tab first
            applyButton.setDefaultButton(false);
        }
        a.setOnHidden(e -> {
            shown = null;
            if (a.getResult() == apply) {
                undo.apply(pair.name(), p.run).whenComplete((r, err) -> Platform.runLater(() -> {
                    if (err != null) {
                        message(Alert.AlertType.WARNING, i18n.t("undo.failed"));
                    } else {
                        message(r.failed().isEmpty() ? Alert.AlertType.INFORMATION : Alert.AlertType.WARNING,
                                outcome(r));
                    }
                    done.run();
                }));
            }
        });
        shown = a;
        a.show();
    }

    /** The dry run in the user's language: the run's items, undo's steps, what it leaves. */
    String describe(RunRecord run, UndoPlan plan) {
        StringBuilder b = new StringBuilder();
        b.append(i18n.t("undo.changed", "count", run.size())).append('\n');
        for (RunChange c : run.changes()) {
            b.append("  ").append(i18n.t("undo.item", "path", c.path(), "what", what(c))).append('\n');
        }
        for (RunMove m : run.moves()) {
            b.append("  ").append(i18n.t("undo.item", "path", m.to(), "what",
                    i18n.t("activity.detail.moved", "from", m.from()))).append('\n');
        }
        b.append('\n');
        if (plan.isEmpty()) {
            b.append(i18n.t("undo.nothing")).append('\n');
        } else {
            b.append(i18n.t("undo.would")).append('\n');
            for (UndoPlan.Step s : plan.steps()) {
                b.append("  ").append(step(s)).append('\n');
            }
        }
        if (!plan.left().isEmpty()) {
            b.append('\n').append(i18n.t("undo.left", "count", plan.left().size())).append('\n');
            for (UndoPlan.Left l : plan.left()) {
                b.append("  ").append(i18n.t(l.changedSince() ? "undo.left.changed" : "undo.left.cannot",
                        "path", l.path())).append('\n');
            }
        }
        return b.toString().strip();
    }

    private String what(RunChange c) {
        if (c.conflict()) {
            return i18n.t("activity.kind.conflict");
        }
        return switch (c.code()) {
            case SENT -> i18n.t("activity.kind.upload");
            case RECEIVED -> i18n.t("activity.kind.download");
            case DELETED_ON_SERVER -> i18n.t("activity.detail.deletedOnServer");
            case FOLDER_DELETED_ON_SERVER -> i18n.t("activity.detail.folderDeletedOnServer");
            case TRASHED -> i18n.t("activity.detail.trashed");
            default -> c.code().name();
        };
    }

    private String step(UndoPlan.Step s) {
        return switch (s) {
            case UndoPlan.RestoreContent r -> i18n.t(r.replaces() ? "undo.step.restore" : "undo.step.bringBack",
                    "path", r.path());
            case UndoPlan.RestoreTrashed r -> i18n.t("undo.step.bringBack", "path", r.path());
            case UndoPlan.RemoveCreated r -> i18n.t("undo.step.remove", "path", r.path());
            case UndoPlan.MoveBack m -> i18n.t("undo.step.move", "path", m.path(), "to", m.to());
        };
    }

    private String outcome(UndoRun.Result r) {
        return i18n.t("undo.done", "count", r.plan().steps().size() - r.failed().size(), "left",
                r.plan().left().size() + r.failed().size());
    }

    private void message(Alert.AlertType type, String text) {
        Alert a = new Alert(type, text, ButtonType.CLOSE);
        prepare.accept(a, "undo-run-result");
        a.setTitle(i18n.t("undo.window"));
        a.setHeaderText(null);
        a.show();
    }
}
