package org.oxisync.ui.view;

import java.util.List;
import javafx.animation.PauseTransition;
import javafx.beans.value.ChangeListener;
import javafx.collections.ListChangeListener;
import javafx.event.Event;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyEvent;
import org.oxisync.ui.text.Formats;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.FolderLoader;
import org.oxisync.ui.model.FolderSelection;
import org.oxisync.ui.model.FolderSelection.Folder;
import org.oxisync.ui.model.FolderSelection.Mark;
import org.oxisync.ui.setup.RemoteFolders;

/**
 * Selective sync as a folder tree, for the wizard and Settings: a tri-state box per folder (ticked,
 * partly, unticked) with its size, sub-folders listed when a folder is opened. Space or a click toggles a folder.
 * Each box has the id {@code selective-<path>} ("selective-Photos/2025").
 */
public final class SelectiveTree extends TreeView<Folder> {
    private final FolderSelection selection;
    private final FolderLoader loader;

    private final I18n i18n;

    public SelectiveTree(I18n i18n, FolderSelection selection, FolderLoader loader) {
        this.i18n = i18n;
        this.selection = selection;
        this.loader = loader;
        setShowRoot(false);
        setRoot(item(selection.root()));
        getRoot().setExpanded(true);
        setCellFactory(v -> new Cell());
        addEventFilter(KeyEvent.KEY_PRESSED, e -> {
            TreeItem<Folder> sel = getSelectionModel().getSelectedItem();
            if (e.getCode() == KeyCode.SPACE && sel != null) {
                e.consume();
                selection.toggle(sel.getValue());
            }
        });
        if (!selection.root().listed()) {
            list(getRoot());
        }
        // Settings builds this tree on a tab that may not be showing, and shows it once the pair's folder is listed:
        // folders listed meanwhile were not always drawn (two UI tests in CI found the tree shown without its rows).
        // Drawn again whenever it is shown (here) or its window's tab comes to the front (SettingsView calls redraw:
        // a tab's content is hidden by its tab pane, not through this tree's own visibility).
        visibleProperty().addListener((o, was, now) -> {
            if (now) {
                redraw();
            }
        });
    }

    /** Draws the rows again (after the tree was out of sight while folders were listed). */
    public void redraw() {
        javafx.application.Platform.runLater(this::refresh);
    }

    public FolderSelection selection() {
        return selection;
    }

    private TreeItem<Folder> item(Folder f) {
        TreeItem<Folder> item = new TreeItem<>(f) {
            @Override
            public boolean isLeaf() {
                return f.listed() && f.children().isEmpty();
            }
        };
        f.children().forEach(c -> item.getChildren().add(item(c)));
        f.children().addListener((ListChangeListener<Folder>) c -> {
            item.getChildren().setAll(f.children().stream().map(this::item).toList());
            Event.fireEvent(item, new TreeItem.TreeModificationEvent<>(TreeItem.valueChangedEvent(), item, f));
        });
        item.expandedProperty().addListener((o, was, open) -> {
            if (open && !f.listed()) {
                list(item);
            }
        });
        if (f != selection.root()) {
            loader.size(f.remote, size -> selection.sized(f, size));
            if (selection.mustList(f)) {
                item.setExpanded(true); // lists it: a saved exclusion below shows at once
            }
        }
        return item;
    }

    /**
     * Times the pair's own folder, or a folder opened by itself, is asked again after a failed listing (after 1, 2, 4
     * and 8 s).
     */
    private static final int ROOT_RETRIES = 4;

    private void list(TreeItem<Folder> item) {
        list(item, 0);
    }

    private void list(TreeItem<Folder> item, int attempt) {
        Folder f = item.getValue();
        loader.children(f.remote, subs -> {
            if (subs == null && (f == selection.root() || selection.mustList(f)) && attempt < ROOT_RETRIES) {
                // The pair's own folder could not be listed (a transient failure): it has no arrow to click again, and
                // taking the failure as "no sub-folders" left the tree empty for good (a UI test waited 60 s for it).
                // A folder opened by itself to show a saved exclusion below it is asked again too: closed after one
                // failure, it hid the exclusion until the user opened it (SelectiveSyncTreeTest waited 60 s for it).
                PauseTransition wait = new PauseTransition(javafx.util.Duration.seconds(1 << attempt));
                wait.setOnFinished(e -> list(item, attempt + 1));
                wait.play();
                return;
            }
            if (subs == null && f != selection.root()) {
                item.setExpanded(false); // not listed: opening it again asks the server again
                return;
            }
            selection.listed(f, subs == null ? List.of() : subs);
            if (f.children().isEmpty()) { // now known to be a leaf: redraw its arrow
                Event.fireEvent(item, new TreeItem.TreeModificationEvent<>(TreeItem.valueChangedEvent(), item, f));
            }
        });
    }

    /** One folder: its box and its size; follows the folder's tick and size as they change. */
    private final class Cell extends TreeCell<Folder> {
        private final CheckBox box = Ui.data(new CheckBox());
        private final Label size = Ui.label("", "muted");
        private final ChangeListener<Object> repaint = (o, a, b) -> paint();
        private Folder shown;

        Cell() {
            box.setAllowIndeterminate(true);
            box.setFocusTraversable(false); // the keyboard stays on the tree: arrows move and open, Space ticks
            box.setOnAction(e -> {
                if (shown != null) {
                    selection.toggle(shown);
                    paint();
                }
            });
        }

        @Override
        protected void updateItem(Folder f, boolean empty) {
            super.updateItem(f, empty);
            if (shown != null) {
                shown.mark.removeListener(repaint);
                shown.size.removeListener(repaint);
                shown.sizeUnknown.removeListener(repaint);
            }
            shown = empty ? null : f;
            if (shown == null) {
                setGraphic(null);
                setText(null);
                return;
            }
            shown.mark.addListener(repaint);
            shown.size.addListener(repaint);
            shown.sizeUnknown.addListener(repaint);
            box.setText(f.remote.name());
            box.setId("selective-" + f.path);
            paint();
            setGraphic(Ui.row(8, box, Ui.hgrow(), size));
        }

        private void paint() {
            if (shown == null) {
                return;
            }
            Mark m = shown.mark.get();
            box.setIndeterminate(m == Mark.PARTLY);
            box.setSelected(m == Mark.SYNCED);
            size.setText(sizeText(i18n, shown));
        }
    }

    static String sizeText(I18n i18n, Folder f) {
        RemoteFolders.Size s = f.size.get();
        if (f.sizeUnknown.get()) {
            return i18n.t("wizard.selective.sizeUnknown");
        }
        if (s == null) {
            return i18n.t("wizard.selective.counting");
        }
        return i18n.t(s.complete() ? "wizard.selective.size" : "wizard.selective.size.more", "size",
                Formats.bytes(i18n, s.bytes()), "count", s.files());
    }

    /** The folders shown, depth first (for tests). */
    public List<Folder> shown() {
        java.util.ArrayList<Folder> out = new java.util.ArrayList<>();
        collect(getRoot(), out);
        return out;
    }

    private static void collect(TreeItem<Folder> item, List<Folder> out) {
        for (TreeItem<Folder> c : item.getChildren()) {
            out.add(c.getValue());
            collect(c, out);
        }
    }
}
