package org.oxisync.ui.view;

import atlantafx.base.theme.Styles;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.VBox;
import org.oxisync.app.Version;
import org.oxisync.ui.i18n.I18n;

/** Settings → About: the versions of OxiSync, Java and JavaFX, the license, and the third-party components. */
final class SettingsAboutPage {
    private SettingsAboutPage() {
    }

    static Node of(I18n i18n) {
        VBox licenses = new VBox(3);
        SettingsView.THIRD_PARTY.forEach(c -> licenses.getChildren().add(Ui.data(Ui.label(c, "muted"))));
        GridPane g = SettingsView.grid();
        g.addRow(0, Ui.data(Ui.label("OxiSync", Styles.TEXT_BOLD)), Ui.data(new Label(Version.current())));
        g.addRow(1, Ui.data(Ui.label("Java", Styles.TEXT_BOLD)), Ui.data(new Label(System.getProperty("java.version", "?")
                + " (" + System.getProperty("java.vendor", "?") + ")")));
        g.addRow(2, Ui.data(Ui.label("JavaFX", Styles.TEXT_BOLD)),
                Ui.data(new Label(System.getProperty("javafx.runtime.version", "?"))));
        g.addRow(3, Ui.label(i18n.t("settings.about.license"), Styles.TEXT_BOLD), Ui.data(new Label("Apache License 2.0")));
        return SettingsView.page(Ui.label(i18n.t("settings.about.title"), "page-title"),
                Ui.wrapping(i18n.t("settings.about.text"), "muted"), g,
                Ui.label(i18n.t("settings.about.thirdParty"), "section-label"), licenses);
    }
}
