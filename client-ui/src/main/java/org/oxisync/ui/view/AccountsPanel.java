package org.oxisync.ui.view;

import java.util.List;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.StatusModel;

/**
 * The sidebar's accounts. With one account it is the line it always was ({@code user · host}); with several, one
 * button per account (its name and a dot with its state; choosing one shows its pairs, activity, conflicts, errors
 * and versions) and "Add account…". Every account syncs whichever is shown.
 */
public final class AccountsPanel {
    /** One account as the sidebar shows it. */
    public record Entry(String name, StatusModel status) {
    }

    private AccountsPanel() {
    }

    /**
     * @param oneAccount the line shown when there is only one account
     */
    public static Node of(I18n i18n, List<Entry> accounts, String shown, Consumer<String> select, Runnable add,
                          String oneAccount) {
        if (accounts.size() <= 1) {
            Label sub = Ui.data(Ui.label(oneAccount, "app-subtitle"));
            sub.setId("account-label");
            return sub;
        }
        VBox box = new VBox(2);
        box.setId("accounts-list");
        box.getStyleClass().add("accounts-list");
        box.setAccessibleText(i18n.t("accounts.list"));
        Label title = Ui.label(i18n.t("accounts.list"), "sidebar-heading");
        box.getChildren().add(title);
        ToggleGroup group = new ToggleGroup();
        for (int i = 0; i < accounts.size(); i++) {
            Entry e = accounts.get(i);
            Region dot = Ui.stateDot(i18n, e.status().overallProperty().get());
            e.status().overallProperty().addListener((o, a, b) -> Ui.setDotState(i18n, dot, b));
            ToggleButton b = new ToggleButton(e.name(), dot);
            b.setId("account-" + (i + 1));
            b.getStyleClass().addAll("nav-button", "account-button");
            b.setMaxWidth(Double.MAX_VALUE);
            b.setMnemonicParsing(false); // an account's name is data: an underscore in it is no mnemonic
            b.setToggleGroup(group);
            b.setSelected(e.name().equals(shown));
            b.accessibleTextProperty().bind(Bindings.createStringBinding(() -> i18n.t("accounts.entry",
                    "name", e.name(), "state", e.status().headlineProperty().get()), e.status().headlineProperty()));
            b.setOnAction(ev -> {
                b.setSelected(true); // the shown account stays chosen
                select.accept(e.name());
            });
            Ui.data(b);
            box.getChildren().add(b);
        }
        Button addAccount = Ui.button(i18n.t("accounts.add"), "add-account", "nav-button");
        addAccount.setMaxWidth(Double.MAX_VALUE);
        addAccount.setOnAction(ev -> add.run());
        box.getChildren().add(addAccount);
        return box;
    }
}
