package org.oxisync.ui.view;

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
import org.oxisync.ui.text.Formats;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.VersionsModel;

/** Versions: earlier file contents kept by OxiSync before it overwrote or deleted them; restore one. */
public final class VersionsPane extends VBox {
    private final I18n i18n;

    public VersionsPane(I18n i18n, VersionsModel model, Actions actions, Clock clock) {
        this.i18n = i18n;
        setId("versions-pane");
        getStyleClass().add("page");
        TextField search = new TextField();
        search.setId("versions-search");
        search.setPromptText(i18n.t("versions.search.prompt"));
        search.textProperty().bindBidirectional(model.searchProperty());
        HBox.setHgrow(search, Priority.ALWAYS);
        Label searchLabel = Ui.mnemonic(i18n.t("versions.search"));
        searchLabel.setLabelFor(search);

        TableView<VersionsModel.Row> table = new TableView<>(model.rows());
        table.setId("versions-table");
        table.setAccessibleText(i18n.t("versions.title"));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        table.setPlaceholder(Ui.emptyState(i18n.t("versions.empty.title"),
                i18n.t("versions.empty.text")));
        TableColumn<VersionsModel.Row, String> file = new TableColumn<>(i18n.t("versions.column.file"));
        file.setCellValueFactory(c -> new SimpleStringProperty(c.getValue().pair().name() + "/" + c.getValue().version().path()));
        file.setPrefWidth(320);
        TableColumn<VersionsModel.Row, String> saved = new TableColumn<>(i18n.t("versions.column.saved"));
        saved.setCellValueFactory(c -> new SimpleStringProperty(Formats.dateTime(i18n, c.getValue().version().time(), clock.getZone())));
        saved.setPrefWidth(170);
        TableColumn<VersionsModel.Row, String> size = new TableColumn<>(i18n.t("versions.column.size"));
        size.setCellValueFactory(c -> new SimpleStringProperty(Formats.bytes(i18n, c.getValue().version().size())));
        size.setPrefWidth(90);
        table.getColumns().setAll(java.util.List.of(file, saved, size));
        VBox.setVgrow(table, Priority.ALWAYS);

        Label status = Ui.label("", "muted");
        status.setId("versions-status");
        status.setWrapText(true);
        Button restore = Ui.button(i18n.t("versions.restore"), "versions-restore", Styles.ACCENT);
        Button show = new Button(i18n.t("versions.showInFolder"));
        show.getStyleClass().add(Styles.BUTTON_OUTLINED);
        restore.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        show.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        restore.setOnAction(e -> {
            VersionsModel.Row r = table.getSelectionModel().getSelectedItem();
            if (r == null) {
                return;
            }
            status.setText(i18n.t("versions.restoring"));
            model.restore(r, err -> status.setText(err == null ? i18n.t("versions.restored", "file", r.version().path())
                    : i18n.t("versions.failed", "error", err)));
        });
        show.setOnAction(e -> {
            VersionsModel.Row r = table.getSelectionModel().getSelectedItem();
            if (r != null) {
                actions.showInFolder(Path.of(r.pair().localRoot()).resolve(r.version().path()));
            }
        });
        getChildren().addAll(Ui.label(i18n.t("versions.title"), "page-title"), Ui.row(10, searchLabel, search), table,
                Ui.row(8, restore, show), status);
    }
}
