package org.oxisync.ui.view;

import atlantafx.base.theme.Styles;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.ErrorsModel;

/** Errors: what went wrong, where, and what to do about it; "Sync now" retries at once. */
public final class ErrorsPane extends VBox {
    private final I18n i18n;

    public ErrorsPane(I18n i18n, ErrorsModel model, Actions actions) {
        this.i18n = i18n;
        setId("errors-pane");
        getStyleClass().add("page");
        ListView<ErrorsModel.Row> list = new ListView<>(model.rows());
        list.setId("errors-list");
        list.setAccessibleText(i18n.t("errors.title"));
        list.setPlaceholder(Ui.emptyState(i18n.t("errors.empty.title"),
                i18n.t("errors.empty.text")));
        list.setCellFactory(v -> new ListCell<>() {
            {
                setPrefWidth(0);
            }

            @Override
            protected void updateItem(ErrorsModel.Row r, boolean empty) {
                super.updateItem(r, empty);
                if (empty || r == null) {
                    setGraphic(null);
                    setText(null);
                    return;
                }
                String where = r.path().isEmpty() ? r.pair() : r.pair() + "/" + r.path();
                Label title = Ui.label(where, "error-title");
                Label problem = Ui.wrapping(r.attempts() > 1 ? i18n.t("errors.problem.attempts", "problem",
                        org.oxisync.ui.text.Formats.sentence(r.problem()), "count", r.attempts())
                        : org.oxisync.ui.text.Formats.sentence(r.problem()));
                Label advice = Ui.wrapping(i18n.t("errors.whatToDo", "advice", r.advice()), "advice");
                VBox box = new VBox(3, title, problem, advice);
                box.setMaxWidth(Double.MAX_VALUE);
                setGraphic(box);
                setText(null);
            }
        });
        VBox.setVgrow(list, Priority.ALWAYS);
        Button retry = new Button(i18n.t("errors.retry"));
        retry.getStyleClass().add(Styles.ACCENT);
        retry.setOnAction(e -> actions.syncNow());
        retry.disableProperty().bind(javafx.beans.binding.Bindings.isEmpty(model.rows()));
        getChildren().addAll(Ui.label(i18n.t("errors.title"), "page-title"), list, Ui.row(8, retry));
    }
}
