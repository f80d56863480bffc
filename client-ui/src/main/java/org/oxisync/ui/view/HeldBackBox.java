package org.oxisync.ui.view;

import atlantafx.base.theme.Styles;
import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.layout.VBox;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.HeldBack;

/**
 * A pair card's list of the items its last run held back because of the pair's role or mode, and of those it left
 * out as they are (a name the server refuses, a link), each with its reason in plain words. Said to be on purpose
 * and not retried, so it never reads as an error; hidden when there is none.
 */
public final class HeldBackBox extends VBox {
    /** Items shown per group on the card; the rest are in Activity. */
    static final int SHOWN = 5;

    private final I18n i18n;

    public HeldBackBox(I18n i18n, String pairName) {
        this.i18n = i18n;
        setId("held-back-" + pairName);
        getStyleClass().add("held-back");
        managedProperty().bind(visibleProperty());
        setVisible(false);
    }

    public void show(List<HeldBack> items) {
        getChildren().clear();
        setVisible(!items.isEmpty());
        List<HeldBack> byRights = items.stream().filter(HeldBack::byRights).toList();
        List<HeldBack> leftOut = items.stream().filter(h -> !h.byRights()).toList();
        group(byRights, i18n.t("rights.held.title"), i18n.t("rights.held.text"));
        group(leftOut, i18n.t("skipped.title"), i18n.t("skipped.text"));
    }

    private void group(List<HeldBack> items, String title, String text) {
        if (items.isEmpty()) {
            return;
        }
        getChildren().add(Ui.label(title, Styles.TEXT_BOLD));
        getChildren().add(Ui.wrapping(text, "muted"));
        for (HeldBack h : items.subList(0, Math.min(SHOWN, items.size()))) {
            Label l = Ui.wrapping(i18n.t("rights.held.item", "file", h.path(), "reason", h.reason()), "");
            l.getStyleClass().add("held-back-item");
            getChildren().add(l);
        }
        if (items.size() > SHOWN) {
            getChildren().add(Ui.label(i18n.t("rights.held.more", "count", items.size() - SHOWN), "muted"));
        }
    }
}
