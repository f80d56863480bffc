package org.oxisync.ui.view;

import atlantafx.base.theme.Styles;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.SettingsModel;

/**
 * Settings → Account: the account the main window shows (its name, server and user, signed in or out), Log out,
 * Sign in again, Add account… and Remove account… (the other accounts go on syncing).
 */
final class SettingsAccountPage {
    private SettingsAccountPage() {
    }

    static Node of(I18n i18n, SettingsModel model, SettingsActions actions) {
        GridPane g = SettingsView.grid();
        Label name = Ui.data(new Label(actions.accountName()));
        name.setId("account-name");
        name.setMnemonicParsing(false);
        g.addRow(0, Ui.label(i18n.t("settings.account.name"), Styles.TEXT_BOLD), name);
        g.addRow(1, Ui.label(i18n.t("settings.account.server"), Styles.TEXT_BOLD), Ui.data(new Label(actions.accountServer())));
        Label who = Ui.label("", Styles.TEXT_BOLD);
        who.setId("account-state-label");
        Label user = Ui.data(new Label());
        user.setId("account-user");
        Runnable signedIn = () -> {
            boolean in = model.signedInProperty().get();
            who.setText(in ? i18n.t("settings.account.signedInAs") : i18n.t("settings.account.account"));
            user.setText(in ? actions.accountUser() : i18n.t("settings.account.signedOutUser", "user", actions.accountUser()));
            user.getProperties().put(Ui.DATA, in);
        };
        model.signedInProperty().addListener((o, a, b) -> signedIn.run());
        signedIn.run();
        g.addRow(2, who, user);
        Label status = Ui.wrapping("", "muted");
        status.setId("account-status");
        Button logout = Ui.button(i18n.t("settings.account.logout"), "logout", Styles.BUTTON_OUTLINED);
        logout.disableProperty().bind(model.signedInProperty().not());
        logout.setOnAction(e -> actions.logOut(err -> status.setText(err == null
                ? i18n.t("settings.account.loggedOut") : err)));
        Button again = Ui.button(i18n.t("settings.account.signInAgain"), "sign-in-again", Styles.BUTTON_OUTLINED);
        again.setOnAction(e -> actions.signInAgain());
        model.signedInProperty().addListener((o, a, b) -> {
            if (b) {
                status.setText("");
            }
        });
        Button add = Ui.button(i18n.t("settings.account.add"), "settings-add-account", Styles.BUTTON_OUTLINED);
        add.setOnAction(e -> actions.addAccount());
        Button remove = Ui.button(i18n.t("settings.account.remove"), "remove-account", Styles.DANGER);
        remove.setOnAction(e -> actions.removeAccount());
        return SettingsView.page(Ui.label(i18n.t("settings.account.title"), "page-title"), g,
                Ui.wrapping(i18n.t("settings.account.several"), "muted"),
                Ui.row(8, logout, again), Ui.row(8, add, remove), status);
    }
}
