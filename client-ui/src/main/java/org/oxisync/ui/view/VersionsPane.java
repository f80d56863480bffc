package org.oxisync.ui.view;

import static org.oxisync.ui.i18n.I18n.t;

import atlantafx.base.theme.Styles;
import java.nio.file.Path;
import java.time.Clock;
import javafx.beans.property.SimpleStringProperty;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.oxisync.ui.app.Formats;
import org.oxisync.ui.model.VersionsModel;

/** Versions: earlier file contents kept by OxiSync before it overwrote or deleted them; restore one. */
public final class VersionsPane extends VBox {
    public VersionsPane(VersionsModel model, Actions actions, Clock clock) {
        setId("versions-pane");
        getStyleClass().add("page");
        TextField search = new TextField();
        search.setId("versions-search");
        search.setPromptText(t("versions.search.prompt"));
        search.textProperty().bindBidirectional(model.searchProperty());
        HBox.setHgrow(search, Priority.ALWAYS);
        Label searchLabel = Ui.mnemonic(t("versions.search"));
        searchLabel.setLabelFor(search);

        TableView<VersionsModel.Row> table = new TableView<>(model.rows());
        table.setId("versions-table");
        table.setAccessibleText(t("versions.title"));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(Ui.emptyState(t("versions.empty.title"),
                t("versions.empty.text")));
        TableColumn<VersionsModel.Row, String> file = new TableColumn<>(t("versions.column.file"));
        file.setCellValueFactory(c -> new SimpleStringProperty(c.getValue().pair().name() + "/" + c.getValue().version().path()));
        file.setPrefWidth(320);
        TableColumn<VersionsModel.Row, String> saved = new TableColumn<>(t("versions.column.saved"));
        saved.setCellValueFactory(c -> new SimpleStringProperty(Formats.dateTime(c.getValue().version().time(), clock.getZone())));
        saved.setPrefWidth(170);
        TableColumn<VersionsModel.Row, String> size = new TableColumn<>(t("versions.column.size"));
        size.setCellValueFactory(c -> new SimpleStringProperty(Formats.bytes(c.getValue().version().size())));
        size.setPrefWidth(90);
        table.getColumns().setAll(java.util.List.of(file, saved, size));
        VBox.setVgrow(table, Priority.ALWAYS);

        Label status = Ui.label("", "muted");
        status.setId("versions-status");
        status.setWrapText(true);
        Button restore = Ui.button(t("versions.restore"), "versions-restore", Styles.ACCENT);
        Button show = new Button(t("versions.showInFolder"));
        show.getStyleClass().add(Styles.BUTTON_OUTLINED);
        restore.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        show.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        restore.setOnAction(e -> {
            VersionsModel.Row r = table.getSelectionModel().getSelectedItem();
            if (r == null) {
                return;
            }
            status.setText(t("versions.restoring"));
            model.restore(r, err -> status.setText(err == null ? t("versions.restored", "file", r.version().path())
                    : t("versions.failed", "error", err)));
        });
        show.setOnAction(e -> {
            VersionsModel.Row r = table.getSelectionModel().getSelectedItem();
            if (r != null) {
                actions.showInFolder(Path.of(r.pair().localRoot()).resolve(r.version().path()));
            }
        });
        getChildren().addAll(Ui.label(t("versions.title"), "page-title"), Ui.row(10, searchLabel, search), table,
                Ui.row(8, restore, show), status);
    }
}
