package org.oxisync.ui.view;

import atlantafx.base.theme.Styles;
import java.time.Clock;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.oxisync.ui.text.Formats;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.ConflictsModel;
import org.oxisync.ui.ops.ConflictActions;
import org.oxisync.ui.ops.ConflictChoice;

/**
 * Conflicts: files changed on both sides. Each can be opened in either version, then settled: keep mine,
 * keep the server's, or keep both; the pane says what each choice does before it is taken.
 */
public final class ConflictsPane extends VBox {
    private final Label status = Ui.label("", "muted");

    private final I18n i18n;

    public ConflictsPane(I18n i18n, ConflictsModel model, Actions actions, Clock clock, Runnable afterResolve) {
        this.i18n = i18n;
        setId("conflicts-pane");
        getStyleClass().add("page");
        ListView<ConflictsModel.Row> list = new ListView<>(model.rows());
        list.setId("conflicts-list");
        list.setAccessibleText(i18n.t("conflicts.title"));
        list.setPlaceholder(Ui.emptyState(i18n.t("conflicts.empty.title"),
                i18n.t("conflicts.empty.text")));
        list.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(ConflictsModel.Row r, boolean empty) {
                super.updateItem(r, empty);
                if (empty || r == null) {
                    setText(null);
                    setGraphic(null);
                } else {
                    Label t = Ui.label(r.pair().name() + "/" + r.conflict().path(), Styles.TEXT_BOLD);
                    Label s = Ui.label(i18n.t("conflicts.yourVersion", "copy", r.conflict().conflictCopyPath(),
                            "when", Formats.ago(i18n, r.conflict().time(), clock)), "muted");
                    setGraphic(new VBox(2, t, s));
                    setText(null);
                }
            }
        });
        VBox.setVgrow(list, Priority.ALWAYS);
        // The list is re-read after every sync run: keep the conflict the user selected selected.
        long[] selectedId = {-1};
        list.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (b != null) {
                selectedId[0] = b.conflict().id();
            }
        });
        model.rows().addListener((javafx.collections.ListChangeListener<ConflictsModel.Row>) c -> {
            if (list.getSelectionModel().isEmpty()) {
                model.rows().stream().filter(r -> r.conflict().id() == selectedId[0]).findFirst()
                        .ifPresent(r -> javafx.application.Platform.runLater(() -> {
                            if (list.getSelectionModel().isEmpty() && model.rows().contains(r)) {
                                list.getSelectionModel().select(r);
                            }
                        }));
            }
        });

        Button openMine = new Button(i18n.t("conflicts.openMine"));
        openMine.setId("conflict-open-mine");
        Button openTheirs = new Button(i18n.t("conflicts.openServer"));
        openTheirs.setId("conflict-open-server");
        openMine.getStyleClass().add(Styles.BUTTON_OUTLINED);
        openTheirs.getStyleClass().add(Styles.BUTTON_OUTLINED);
        openMine.setOnAction(e -> selected(list).ifPresent(r -> actions.openFile(ConflictActions.copy(r.pair(), r.conflict()))));
        openTheirs.setOnAction(e -> selected(list).ifPresent(r -> actions.openFile(ConflictActions.original(r.pair(), r.conflict()))));

        VBox explanations = new VBox(4);
        Button[] choices = new Button[ConflictChoice.values().length];
        for (ConflictChoice c : ConflictChoice.values()) {
            Button b = new Button(c.label(i18n));
            b.setId("conflict-" + c.name().toLowerCase().replace('_', '-'));
            // One primary choice (keep mine: what the user edited here); the others are secondary.
            b.getStyleClass().add(c == ConflictChoice.KEEP_LOCAL ? Styles.ACCENT : Styles.BUTTON_OUTLINED);
            b.setOnAction(e -> selected(list).ifPresent(r -> {
                status.setText(i18n.t("common.working"));
                model.resolve(r, c, err -> {
                    status.setText(err == null ? i18n.t("conflicts.done", "choice", c.label(i18n), "file", r.conflict().path())
                            : i18n.t("conflicts.failed", "error", err));
                    afterResolve.run();
                });
            }));
            choices[c.ordinal()] = b;
            explanations.getChildren().add(Ui.wrapping(i18n.t("conflicts.explanation", "choice", c.label(i18n),
                    "explanation", c.explanation(i18n)), "advice"));
        }
        for (Button b : new Button[] {openMine, openTheirs, choices[0], choices[1], choices[2]}) {
            b.disableProperty().bind(list.getSelectionModel().selectedItemProperty().isNull());
        }
        VBox actionsBox = new VBox(10, Ui.row(8, openMine, openTheirs, Ui.hgrow(), choices[0], choices[1], choices[2]),
                explanations);
        actionsBox.visibleProperty().bind(javafx.beans.binding.Bindings.isNotEmpty(model.rows()));
        actionsBox.managedProperty().bind(actionsBox.visibleProperty());
        status.setId("conflict-status");
        status.setWrapText(true);
        getChildren().addAll(Ui.label(i18n.t("conflicts.title"), "page-title"), list, actionsBox, status);
    }

    private static java.util.Optional<ConflictsModel.Row> selected(ListView<ConflictsModel.Row> list) {
        return java.util.Optional.ofNullable(list.getSelectionModel().getSelectedItem());
    }
}
