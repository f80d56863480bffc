package org.oxisync.ui.view;

import static org.oxisync.ui.i18n.I18n.t;

import atlantafx.base.theme.Styles;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.oxisync.ui.model.ErrorsModel;

/** Errors: what went wrong, where, and what to do about it; "Sync now" retries at once. */
public final class ErrorsPane extends VBox {
    public ErrorsPane(ErrorsModel model, Actions actions) {
        setId("errors-pane");
        getStyleClass().add("page");
        ListView<ErrorsModel.Row> list = new ListView<>(model.rows());
        list.setId("errors-list");
        list.setAccessibleText(t("errors.title"));
        list.setPlaceholder(Ui.emptyState(t("errors.empty.title"),
                t("errors.empty.text")));
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
                Label problem = Ui.wrapping(r.attempts() > 1 ? t("errors.problem.attempts", "problem",
                        org.oxisync.ui.app.Formats.sentence(r.problem()), "count", r.attempts())
                        : org.oxisync.ui.app.Formats.sentence(r.problem()));
                Label advice = Ui.wrapping(t("errors.whatToDo", "advice", r.advice()), "advice");
                VBox box = new VBox(3, title, problem, advice);
                box.setMaxWidth(Double.MAX_VALUE);
                setGraphic(box);
                setText(null);
            }
        });
        VBox.setVgrow(list, Priority.ALWAYS);
        Button retry = new Button(t("errors.retry"));
        retry.getStyleClass().add(Styles.ACCENT);
        retry.setOnAction(e -> actions.syncNow());
        retry.disableProperty().bind(javafx.beans.binding.Bindings.isEmpty(model.rows()));
        getChildren().addAll(Ui.label(t("errors.title"), "page-title"), list, Ui.row(8, retry));
    }
}
