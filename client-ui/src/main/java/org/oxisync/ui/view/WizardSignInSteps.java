package org.oxisync.ui.view;

import atlantafx.base.theme.Styles;
import java.util.function.Consumer;
import javafx.beans.binding.Bindings;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import org.oxisync.protocol.PresentedCertificate;
import org.oxisync.ui.text.Formats;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.WizardModel;
import org.oxisync.ui.model.WizardModel.Method;

/**
 * The first two pages of the {@link WizardView}: the server's address (with its certificate when the system does
 * not trust it) and the sign-in. They set the words of the wizard's "Continue" button, which they are given.
 */
final class WizardSignInSteps {
    private final I18n i18n;
    private final WizardModel model;
    private final Consumer<String> openBrowser;
    private final Button next;

    WizardSignInSteps(I18n i18n, WizardModel model, Consumer<String> openBrowser, Button next) {
        this.i18n = i18n;
        this.model = model;
        this.openBrowser = openBrowser;
        this.next = next;
    }

    /** The server step: the address, and the certificate to trust or refuse when the system does not. */
    Node server() {
        TextField url = new TextField();
        url.setId("server-url");
        url.setPromptText(i18n.t("wizard.server.prompt"));
        url.textProperty().bindBidirectional(model.serverUrlProperty());
        Label l = Ui.mnemonic(i18n.t("wizard.server.address"));
        l.setLabelFor(url);
        Label hint = Ui.wrapping(i18n.t("wizard.server.hint"), "muted");
        VBox cert = new VBox(8);
        cert.setId("certificate-box");
        Runnable showCert = () -> {
            PresentedCertificate c = model.certificateProperty().get();
            cert.getChildren().clear();
            next.setText(c == null ? i18n.t("wizard.continue") : i18n.t("wizard.cert.trust"));
            if (c == null) {
                return;
            }
            VBox warn = Ui.notice("warning", i18n.t("wizard.cert.title"), i18n.t("wizard.cert.text"));
            GridPane g = WizardView.grid();
            g.addRow(0, Ui.label(i18n.t("wizard.cert.fingerprint"), Styles.TEXT_BOLD), fingerprint(c.sha256()));
            g.addRow(1, Ui.label(i18n.t("wizard.cert.subject"), Styles.TEXT_BOLD), Ui.data(Ui.wrapping(c.subject())));
            g.addRow(2, Ui.label(i18n.t("wizard.cert.issuer"), Styles.TEXT_BOLD), Ui.data(Ui.wrapping(c.issuer())));
            g.addRow(3, Ui.label(i18n.t("wizard.cert.validUntil"), Styles.TEXT_BOLD),
                    Ui.data(new Label(Formats.dateTime(i18n, c.notAfter(), java.time.ZoneId.systemDefault()))));
            Button refuse = Ui.button(i18n.t("wizard.cert.refuse"), "certificate-refuse", Styles.BUTTON_OUTLINED);
            refuse.setOnAction(e -> model.refuseCertificate());
            cert.getChildren().addAll(warn, g, Ui.row(8, refuse));
        };
        model.certificateProperty().addListener((o, a, b) -> showCert.run());
        showCert.run();
        url.textProperty().addListener((o, a, b) -> model.certificateProperty().set(null));
        WizardView.focusLater(url);
        return new VBox(8, l, url, hint, cert);
    }

    private static Label fingerprint(String hex) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < hex.length(); i += 2) {
            if (i > 0) {
                b.append(i % 32 == 0 ? "\n" : ":");
            }
            b.append(hex, i, Math.min(hex.length(), i + 2));
        }
        Label l = Ui.data(Ui.label(b.toString().toUpperCase(), "fingerprint"));
        l.setId("certificate-fingerprint");
        return l;
    }

    /** The sign-in step: browser (device flow), password or app password. */
    Node signIn() {
        Label server = Ui.label("", "muted");
        server.setWrapText(true); // room for the plain-http warning
        server.textProperty().bind(model.serverInfoProperty());
        ToggleGroup g = new ToggleGroup();
        RadioButton browser = radio(i18n.t("wizard.signIn.browser"), Method.BROWSER, g);
        browser.setId("method-browser");
        RadioButton password = radio(i18n.t("wizard.signIn.password"), Method.PASSWORD, g);
        password.setId("method-password");
        RadioButton app = radio(i18n.t("wizard.signIn.appPassword"), Method.APP_PASSWORD, g);
        app.setId("method-app-password");

        TextField user = new TextField();
        user.setId("login-user");
        user.textProperty().bindBidirectional(model.userProperty());
        PasswordField pw = new PasswordField();
        pw.setId("login-password");
        pw.textProperty().bindBidirectional(model.passwordProperty());
        Label ul = Ui.mnemonic(i18n.t("wizard.signIn.user"));
        ul.setLabelFor(user);
        Label pl = Ui.mnemonic(i18n.t("wizard.signIn.passwordLabel"));
        pl.setLabelFor(pw);
        GridPane creds = WizardView.grid();
        creds.addRow(0, ul, user);
        creds.addRow(1, pl, pw);
        GridPane.setHgrow(user, Priority.ALWAYS);
        creds.visibleProperty().bind(model.methodProperty().isNotEqualTo(Method.BROWSER));
        creds.managedProperty().bind(creds.visibleProperty());

        Label code = Ui.data(Ui.label("", "device-code"));
        code.setId("device-code");
        Label waiting = Ui.wrapping("", "muted");
        waiting.setId("device-waiting");
        Button reopen = Ui.button(i18n.t("wizard.device.reopen"), "device-reopen", Styles.BUTTON_OUTLINED);
        Button stop = Ui.button(i18n.t("wizard.device.stop"), "device-cancel", Styles.BUTTON_OUTLINED);
        stop.setOnAction(e -> model.cancelSignIn());
        // Never claims the browser opened: OxiSync only asked for it, and says so when it could not.
        Label intro = Ui.wrapping("", "");
        intro.setId("device-intro");
        intro.textProperty().bind(Bindings.when(model.browserProblemProperty().isEmpty())
                .then(i18n.t("wizard.device.asked"))
                .otherwise(Bindings.createStringBinding(() -> i18n.t("wizard.device.noBrowser", "problem",
                        model.browserProblemProperty().get()), model.browserProblemProperty())));
        // The code and both buttons first, so they are in view at the smallest window size.
        VBox deviceBox = new VBox(10, intro, Ui.row(12, code, reopen, stop), waiting);
        deviceBox.setId("device-box");
        deviceBox.visibleProperty().bind(model.deviceProperty().isNotNull());
        deviceBox.managedProperty().bind(deviceBox.visibleProperty());
        model.deviceProperty().addListener((o, a, d) -> {
            if (d != null) {
                code.setText(d.userCode());
                waiting.setText(i18n.t("wizard.device.waiting", "address", d.verificationUri()));
                reopen.setOnAction(e -> openBrowser.accept(d.verificationUriComplete() != null
                        ? d.verificationUriComplete() : d.verificationUri()));
            }
        });
        VBox methods = new VBox(8, browser, password, app);
        methods.disableProperty().bind(model.deviceProperty().isNotNull());
        methods.visibleProperty().bind(model.deviceProperty().isNull());
        methods.managedProperty().bind(methods.visibleProperty());
        next.textProperty().bind(Bindings.when(model.methodProperty().isEqualTo(Method.BROWSER))
                .then(i18n.t("wizard.signIn.withBrowser")).otherwise(i18n.t("wizard.signIn.go")));
        VBox box = new VBox(12, server, methods, creds, deviceBox);
        WizardView.focusLater(browser);
        return box;
    }

    private RadioButton radio(String text, Method m, ToggleGroup g) {
        RadioButton r = new RadioButton(text);
        r.setToggleGroup(g);
        r.setSelected(model.methodProperty().get() == m);
        r.selectedProperty().addListener((o, a, b) -> {
            if (b) {
                model.methodProperty().set(m);
            }
        });
        return r;
    }
}
