package org.oxisync.ui.view;

import atlantafx.base.theme.Styles;
import java.util.List;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.oxisync.ui.text.RightsText;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.setup.DriveChoice;
import org.oxisync.ui.setup.RemoteFolder;

/**
 * Where a new pair syncs: a drive (the Personal drive, a Shared drive, a folder shared with the user, each with the
 * user's role and free space), a folder in it, and how the pair syncs ({@link ModeChooser}, limited to what the role
 * allows). Used by the wizard's remote-folder step, which "Add folder" in Settings opens too.
 */
public final class DrivePicker extends VBox {
    /** What the picker asks for; answers come back on the FX thread. */
    public interface Source {
        void drives(Consumer<List<DriveChoice>> then, Consumer<Throwable> failed);

        void children(RemoteFolder parent, Consumer<List<RemoteFolder>> then);
    }

    private final Source source;
    private final ObjectProperty<DriveChoice> drive;
    private final ObjectProperty<RemoteFolder> folder;
    private final ListView<DriveChoice> drives = new ListView<>();
    private final TreeView<RemoteFolder> tree = new TreeView<>();
    private final ModeChooser modes;

    private final I18n i18n;

    /**
     * @param drive the chosen drive (kept in the caller's model; its value at start is selected once listed)
     * @param folder the chosen folder in that drive, its path from the drive's root
     * @param onEnter Enter in the lists (the wizard's Continue)
     */
    public DrivePicker(I18n i18n, Source source, ObjectProperty<DriveChoice> drive, ObjectProperty<RemoteFolder> folder,
                       Runnable onEnter) {
        super(10);
        this.i18n = i18n;
        this.modes = new ModeChooser(i18n);
        this.source = source;
        this.drive = drive;
        this.folder = folder;
        setId("drive-picker");
        drives.setId("drive-list");
        drives.getStyleClass().add(Styles.DENSE);
        drives.setPrefHeight(180); // four drives in view; more scroll
        drives.setMinHeight(90);
        drives.setPlaceholder(Ui.label(i18n.t("rights.drive.loading"), "muted"));
        drives.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(DriveChoice d, boolean empty) {
                super.updateItem(d, empty);
                if (empty || d == null) {
                    setGraphic(null);
                    setText(null);
                    setTooltip(null);
                    return;
                }
                Label name = Ui.label(RightsText.driveName(i18n, d), Styles.TEXT_BOLD);
                if (!d.personal()) {
                    Ui.data(name); // a drive's own name is not translated
                }
                Label line = Ui.label(RightsText.driveLine(i18n, d), "muted");
                setGraphic(new VBox(1, name, line));
                setText(null);
                setTooltip(new javafx.scene.control.Tooltip(RightsText.driveSummary(i18n, d)));
            }
        });
        Label drivesLabel = Ui.mnemonic(i18n.t("rights.drive.label"));
        drivesLabel.setLabelFor(drives);
        // The list only when there is a choice: with the Personal drive alone (or while the drives are read) one line
        // says where, and the folder tree keeps the room it had before drives existed.
        Label single = Ui.label(i18n.t("rights.drive.loading"), "muted");
        single.setId("drive-single");
        for (javafx.scene.Node n : List.of(drivesLabel, drives, single)) {
            n.managedProperty().bind(n.visibleProperty());
        }
        drivesLabel.setVisible(false);
        drives.setVisible(false);

        tree.setId("remote-tree");
        tree.setAccessibleText(i18n.t("wizard.step.remote_folder"));
        tree.setPrefHeight(220);
        tree.setMinHeight(120);
        VBox.setVgrow(tree, Priority.ALWAYS);
        for (javafx.scene.Node n : List.of(drives, tree)) {
            n.addEventFilter(KeyEvent.KEY_PRESSED, e -> {
                if (e.getCode() == KeyCode.ENTER) {
                    e.consume();
                    onEnter.run();
                }
            });
        }
        tree.getSelectionModel().selectedItemProperty().addListener((o, a, b) ->
                folder.set(b == null ? null : b.getValue()));
        Label chosen = Ui.label("", "muted");
        chosen.setId("remote-chosen");
        chosen.textProperty().bind(Bindings.createStringBinding(() -> folder.get() == null ? i18n.t("wizard.remote.none")
                : i18n.t("wizard.remote.selected", "folder", folder.get().path()), folder));
        Label problem = Ui.wrapping("", "muted");
        problem.setId("drive-problem");
        problem.managedProperty().bind(problem.visibleProperty());
        problem.setVisible(false);

        drives.getSelectionModel().selectedItemProperty().addListener((o, a, d) -> {
            if (d != null) {
                choose(d);
            }
        });
        // the drive and its folders on the left, how the pair syncs beside them: all in view at the wizard's size
        VBox where = new VBox(8, drivesLabel, drives, single, problem, tree, chosen);
        javafx.scene.layout.HBox.setHgrow(where, Priority.ALWAYS);
        modes.setPrefWidth(250);
        modes.setMinWidth(180);
        javafx.scene.layout.HBox both = new javafx.scene.layout.HBox(16, where, modes);
        VBox.setVgrow(both, Priority.ALWAYS);
        getChildren().add(both);
        showTree(drive.get());
        modes.roleProperty().set(drive.get().role());
        source.drives(list -> {
            drives.getItems().setAll(list);
            boolean choice = list.size() > 1;
            drivesLabel.setVisible(choice);
            drives.setVisible(choice);
            single.setVisible(!choice);
            if (!choice && !list.isEmpty()) {
                single.setText(RightsText.driveSummary(i18n, list.get(0)));
            }
            DriveChoice now = drive.get();
            DriveChoice same = list.stream().filter(d -> d.id().equals(now.id()) && d.kind().equals(now.kind()))
                    .findFirst().orElse(list.isEmpty() ? null : list.get(0));
            if (same != null) {
                drives.getSelectionModel().select(same);
            }
        }, e -> {
            problem.setText(i18n.t("rights.drive.failed"));
            problem.setVisible(true);
            single.setVisible(false);
            drives.getItems().setAll(drive.get());
            drives.getSelectionModel().select(0);
        });
    }

    private void choose(DriveChoice d) {
        boolean other = drive.get() == null || !d.id().equals(drive.get().id()) || tree.getRoot() == null;
        drive.set(d);
        modes.roleProperty().set(d.role());
        if (other) {
            showTree(d);
        }
    }

    private void showTree(DriveChoice d) {
        TreeItem<RemoteFolder> root = lazyItem(d.root(d.personal() ? i18n.t("wizard.remote.allFiles") : d.name()));
        root.setExpanded(true);
        tree.setRoot(root);
        tree.getSelectionModel().select(root);
    }

    private TreeItem<RemoteFolder> lazyItem(RemoteFolder f) {
        TreeItem<RemoteFolder> item = new TreeItem<>(f);
        item.getChildren().add(new TreeItem<>(new RemoteFolder("", i18n.t("common.loading"), "")));
        boolean[] loaded = new boolean[1];
        Runnable load = () -> {
            if (!loaded[0]) {
                loaded[0] = true;
                source.children(f, list -> item.getChildren().setAll(list.stream().map(this::lazyItem).toList()));
            }
        };
        item.expandedProperty().addListener((o, a, b) -> {
            if (b) {
                load.run();
            }
        });
        if (item.isExpanded()) {
            load.run();
        }
        return item;
    }

    /** The mode chooser, whose mode and "keep remote deletes" the caller reads. */
    public ModeChooser modes() {
        return modes;
    }
}
