package org.oxisync.ui.view;

import atlantafx.base.theme.Styles;
import java.nio.file.Path;
import java.time.Clock;
import javafx.beans.property.SimpleStringProperty;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.oxisync.ui.text.Formats;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.ActivityModel;

/** Activity: what was uploaded, downloaded, deleted, moved; filter, search, open the file or its folder. */
public final class ActivityPane extends VBox {
    private final I18n i18n;

    public ActivityPane(I18n i18n, ActivityModel model, Actions actions, Clock clock) {
        this.i18n = i18n;
        setId("activity-pane");
        getStyleClass().add("page");

        ComboBox<ActivityModel.Filter> filter = new ComboBox<>();
        filter.setId("activity-filter");
        filter.getItems().setAll(ActivityModel.Filter.values());
        filter.setConverter(Ui.converter(f -> f == null ? "" : f.label(i18n)));
        filter.valueProperty().bindBidirectional(model.filterProperty());
        filter.setAccessibleText(i18n.t("accessible.activityFilter"));
        TextField search = new TextField();
        search.setId("activity-search");
        search.setPromptText(i18n.t("activity.search.prompt"));
        search.textProperty().bindBidirectional(model.searchProperty());
        HBoxGrow.grow(search);
        Label searchLabel = Ui.mnemonic(i18n.t("activity.search"));
        searchLabel.setMnemonicParsing(true);
        searchLabel.setLabelFor(search);

        TableView<ActivityModel.Row> table = new TableView<>(model.rows());
        table.setId("activity-table");
        table.setAccessibleText(i18n.t("activity.title"));
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        // an empty table says why: nothing happened yet, or nothing matches the filter and search
        javafx.scene.Node none = Ui.emptyState(i18n.t("activity.empty.title"), i18n.t("activity.empty.text"));
        javafx.scene.Node noMatch = Ui.emptyState(i18n.t("activity.noMatch.title"), i18n.t("activity.noMatch.text"));
        Runnable placeholder = () -> table.setPlaceholder(model.everything().isEmpty() ? none : noMatch);
        model.everything().addListener((javafx.collections.ListChangeListener<ActivityModel.Row>) c -> placeholder.run());
        placeholder.run();
        TableColumn<ActivityModel.Row, String> when = new TableColumn<>(i18n.t("activity.column.when"));
        when.setCellValueFactory(c -> new SimpleStringProperty(Formats.ago(i18n, c.getValue().activity().time(), clock)));
        when.setPrefWidth(110);
        TableColumn<ActivityModel.Row, String> what = new TableColumn<>(i18n.t("activity.column.what"));
        what.setCellValueFactory(c -> new SimpleStringProperty(kind(i18n, c.getValue().activity().kind())));
        what.setPrefWidth(110);
        TableColumn<ActivityModel.Row, String> file = new TableColumn<>(i18n.t("activity.column.file"));
        file.setCellValueFactory(c -> new SimpleStringProperty(displayPath(c.getValue())));
        file.setPrefWidth(260);
        TableColumn<ActivityModel.Row, String> details = new TableColumn<>(i18n.t("activity.column.details"));
        org.oxisync.ui.view.ActivityText words = new org.oxisync.ui.view.ActivityText(i18n, clock.getZone());
        details.setCellValueFactory(c -> new SimpleStringProperty(words.details(c.getValue().activity())));
        details.setPrefWidth(300);
        table.getColumns().setAll(java.util.List.of(when, what, file, details));
        // A row cut to "…" by its column shows the whole text as a tooltip.
        for (TableColumn<ActivityModel.Row, String> c : java.util.List.of(when, what, file, details)) {
            c.setCellFactory(col -> new javafx.scene.control.TableCell<>() {
                @Override
                protected void updateItem(String item, boolean empty) {
                    super.updateItem(item, empty);
                    setText(empty ? null : item);
                    setTooltip(empty || item == null || item.isEmpty() ? null : new javafx.scene.control.Tooltip(item));
                }
            });
        }
        VBox.setVgrow(table, Priority.ALWAYS);

        Button open = new Button(i18n.t("activity.openFile"));
        open.setId("activity-open");
        Button show = new Button(i18n.t("activity.showInFolder"));
        show.getStyleClass().add(Styles.BUTTON_OUTLINED);
        open.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        show.disableProperty().bind(table.getSelectionModel().selectedItemProperty().isNull());
        open.setOnAction(e -> file(table).ifPresentOrElse(actions::openFile, () -> { }));
        show.setOnAction(e -> file(table).ifPresentOrElse(actions::showInFolder, () -> { }));
        // a run's line: what it changed can be put back (a dialog shows what undo would do first)
        Button undo = new Button(i18n.t("undo.button"));
        undo.setId("activity-undo");
        undo.getStyleClass().add(Styles.BUTTON_OUTLINED);
        undo.disableProperty().bind(javafx.beans.binding.Bindings.createBooleanBinding(
                () -> !isRun(table.getSelectionModel().getSelectedItem()),
                table.getSelectionModel().selectedItemProperty()));
        undo.setOnAction(e -> {
            ActivityModel.Row r = table.getSelectionModel().getSelectedItem();
            if (isRun(r)) {
                actions.undoRun(r.pair(), r.activity().id());
            }
        });
        table.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                open.fire();
            }
        });

        getChildren().addAll(Ui.label(i18n.t("activity.title"), "page-title"),
                Ui.row(10, filter, searchLabel, search), table, Ui.row(8, open, show, undo));
    }

    /** A run's own line (not an item of it), of a pair still there. */
    private static boolean isRun(ActivityModel.Row r) {
        return r != null && r.pair() != null
                && org.oxisync.core.reason.ActivityCode.RUN.stored().equals(r.activity().code());
    }

    private static java.util.Optional<Path> file(TableView<ActivityModel.Row> table) {
        ActivityModel.Row r = table.getSelectionModel().getSelectedItem();
        if (r == null || r.pair() == null || r.activity().path() == null || r.activity().path().isBlank()) {
            return java.util.Optional.ofNullable(r == null || r.pair() == null ? null : Path.of(r.pair().localRoot()));
        }
        return java.util.Optional.of(Path.of(r.pair().localRoot()).resolve(r.activity().path()));
    }

    private static String displayPath(ActivityModel.Row r) {
        String p = r.activity().path();
        String pair = r.pair() == null ? "" : r.pair().name();
        if (p == null || p.isBlank()) {
            return pair.isEmpty() ? "—" : pair;
        }
        return pair.isEmpty() ? p : pair + "/" + p;
    }

    static String kind(I18n i18n, String k) {
        if (k == null) {
            return "";
        }
        return switch (k) {
            case "upload" -> i18n.t("activity.kind.upload");
            case "download" -> i18n.t("activity.kind.download");
            case "delete-local" -> i18n.t("activity.kind.deleteLocal");
            case "delete-remote" -> i18n.t("activity.kind.deleteRemote");
            case "conflict" -> i18n.t("activity.kind.conflict");
            case "run" -> i18n.t("activity.kind.run");
            case "restore" -> i18n.t("activity.kind.restore");
            case ActivityModel.HELD_BACK_KIND -> i18n.t("activity.kind.heldBack");
            default -> k.startsWith("move") ? i18n.t("activity.kind.move") : k;
        };
    }

    /** HBox growth without importing HBox everywhere. */
    static final class HBoxGrow {
        static void grow(javafx.scene.Node n) {
            javafx.scene.layout.HBox.setHgrow(n, Priority.ALWAYS);
        }
    }
}
