package org.oxisync.ui.view;

import static org.oxisync.ui.i18n.I18n.t;

import atlantafx.base.theme.Styles;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.oxisync.ui.model.HeldBack;

/**
 * A pair card's list of the items its last run held back because of the pair's role or mode, each with its reason
 * in plain words. Said to be on purpose and not retried, so it never reads as an error; hidden when there is none.
 */
final class HeldBackBox extends VBox {
    /** Items shown on the card; the rest are in Activity. */
    static final int SHOWN = 5;

    HeldBackBox(String pairName) {
        setId("held-back-" + pairName);
        getStyleClass().add("held-back");
        managedProperty().bind(visibleProperty());
        setVisible(false);
    }

    void show(List<HeldBack> items) {
        getChildren().clear();
        setVisible(!items.isEmpty());
        if (items.isEmpty()) {
            return;
        }
        getChildren().add(Ui.label(t("rights.held.title"), Styles.TEXT_BOLD));
        getChildren().add(Ui.wrapping(t("rights.held.text"), "muted"));
        for (HeldBack h : items.subList(0, Math.min(SHOWN, items.size()))) {
            Label l = Ui.wrapping(t("rights.held.item", "file", h.path(), "reason", h.reason()), "");
            l.getStyleClass().add("held-back-item");
            getChildren().add(l);
        }
        if (items.size() > SHOWN) {
            getChildren().add(Ui.label(t("rights.held.more", "count", items.size() - SHOWN), "muted"));
        }
    }
}
