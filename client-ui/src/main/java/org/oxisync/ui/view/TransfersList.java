package org.oxisync.ui.view;

import java.util.List;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.oxisync.ui.text.Formats;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.StatusModel.Transfer;

/**
 * The current transfers under the overall progress bar: one row per file (its path, a small bar, "3.1 of 12.0 MiB").
 * Rows are reused as the list changes (it is refreshed up to ten times a second), so nothing flickers.
 */
final class TransfersList extends VBox {
    private final ObservableList<Transfer> transfers;

    private final I18n i18n;

    TransfersList(I18n i18n, ObservableList<Transfer> transfers) {
        this.i18n = i18n;
        this.transfers = transfers;
        setId("transfers");
        getStyleClass().add("transfers");
        transfers.addListener((ListChangeListener<Transfer>) c -> refresh());
        refresh();
    }

    private void refresh() {
        List<Transfer> list = List.copyOf(transfers);
        while (getChildren().size() > list.size()) {
            getChildren().remove(getChildren().size() - 1);
        }
        while (getChildren().size() < list.size()) {
            getChildren().add(new Row());
        }
        for (int i = 0; i < list.size(); i++) {
            ((Row) getChildren().get(i)).show(list.get(i));
        }
    }

    /** One transfer: the file's path (shortened in the middle when long), its bar and its bytes. */
    private final class Row extends HBox {
        private final Label name = new Label();
        private final ProgressBar bar = new ProgressBar(0);
        private final Label amount = Ui.label("", "muted", "transfer-amount");
        private final Tooltip tip = new Tooltip();

        Row() {
            getStyleClass().add("transfer-row");
            name.getStyleClass().add("transfer-name");
            name.setTextOverrun(OverrunStyle.CENTER_ELLIPSIS);
            name.setMaxWidth(Double.MAX_VALUE);
            name.setTooltip(tip);
            HBox.setHgrow(name, Priority.ALWAYS);
            bar.getStyleClass().addAll("transfer-bar", atlantafx.base.theme.Styles.SMALL);
            getChildren().addAll(name, bar, amount);
        }

        void show(Transfer t) {
            setId("transfer-" + t.id());
            name.setText(t.label());
            tip.setText(t.pair() + ": " + t.label());
            bar.setProgress(t.fraction());
            amount.setText(Formats.bytesOf(i18n, t.bytesDone(), t.bytesTotal()));
        }
    }
}
