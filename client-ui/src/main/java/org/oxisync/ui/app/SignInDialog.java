package org.oxisync.ui.app;

import atlantafx.base.theme.Styles;
import java.util.function.Consumer;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.oxisync.app.AppContext;
import org.oxisync.protocol.DeviceAuthorizationDto;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.LoginSession;
import org.oxisync.ui.view.Ui;
import org.oxisync.ui.text.ReasonText;
import org.oxisync.ui.base.Background;

/**
 * "Sign in again" for the account this computer already syncs: its password (or an app password, or the browser),
 * nothing else. The folder pairs, the settings and the store stay as they are; no wizard. Shown when the server
 * no longer accepts the saved sign-in (the password was changed) and from Settings → Account.
 */
public final class SignInDialog extends VBox {
    private final Label problem = Ui.wrapping("", Styles.DANGER);
    private final ProgressIndicator spinner = new ProgressIndicator(-1);
    private LoginSession session;

    private final I18n i18n;

    private SignInDialog(I18n i18n, AppContext ctx, Background background, String server, String user, String pin,
                         Consumer<String> openBrowser, Runnable onSignedIn, Runnable close) {
        this.i18n = i18n;
        setId("sign-in-dialog");
        getStyleClass().add("wizard");
        Label title = Ui.label(i18n.t("signIn.title", "host", hostOf(server)), "wizard-title");
        Label why = Ui.wrapping(i18n.t("signIn.text", "user", user, "server", server), "muted");
        PasswordField pw = new PasswordField();
        pw.setId("sign-in-password");
        Label pl = Ui.mnemonic(i18n.t("signIn.password"));
        pl.setLabelFor(pw);
        CheckBox appPassword = new CheckBox(i18n.t("signIn.appPassword"));
        appPassword.setId("sign-in-app-password");
        GridPane g = new GridPane();
        g.getStyleClass().add("form-grid");
        g.addRow(0, Ui.label(i18n.t("signIn.user"), Styles.TEXT_BOLD), Ui.data(new Label(user)));
        g.addRow(1, pl, pw);
        g.add(appPassword, 1, 2);
        GridPane.setHgrow(pw, Priority.ALWAYS);
        problem.setId("sign-in-problem");
        problem.managedProperty().bind(problem.textProperty().isNotEmpty());
        spinner.setPrefSize(20, 20);
        spinner.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        spinner.setVisible(false);

        Button ok = Ui.button(i18n.t("signIn.ok"), "sign-in-ok", Styles.ACCENT);
        ok.setDefaultButton(true);
        Button browser = Ui.button(i18n.t("signIn.browser"), "sign-in-browser", Styles.BUTTON_OUTLINED);
        Button cancel = new Button(i18n.t("common.cancel"));
        cancel.setCancelButton(true);
        cancel.getStyleClass().add(Styles.FLAT);
        cancel.setOnAction(e -> close.run());
        ok.disableProperty().bind(spinner.visibleProperty());
        browser.disableProperty().bind(spinner.visibleProperty());

        ok.setOnAction(e -> {
            String p = pw.getText();
            if (p == null || p.isEmpty()) {
                problem.setText(i18n.t("signIn.enterPassword"));
                return;
            }
            LoginSession s = fresh(ctx, server, pin);
            busy(true, "");
            boolean app = appPassword.isSelected();
            background.run(() -> {
                if (app) {
                    s.loginWithAppPassword(user, p);
                } else {
                    s.loginWithPassword(user, p);
                }
                return s.finish();
            }, a -> {
                busy(false, "");
                pw.clear();
                close.run();
                onSignedIn.run();
            }, err -> {
                busy(false, plain(err, server));
                pw.selectAll();
                pw.requestFocus();
            });
        });
        browser.setOnAction(e -> {
            LoginSession s = fresh(ctx, server, pin);
            busy(true, "");
            background.run(s::startDeviceLogin, (DeviceAuthorizationDto auth) -> {
                problem.setText(i18n.t("signIn.approve", "code", auth.userCode(), "address", auth.verificationUri()));
                openBrowser.accept(auth.verificationUriComplete() != null ? auth.verificationUriComplete()
                        : auth.verificationUri());
                background.run(() -> {
                    s.completeDeviceLogin(auth);
                    return s.finish();
                }, a -> {
                    busy(false, "");
                    close.run();
                    onSignedIn.run();
                }, err -> busy(false, plain(err, server)));
            }, err -> busy(false, plain(err, server)));
        });

        getChildren().addAll(title, why, g, problem, Ui.row(8, spinner, Ui.hgrow(), cancel, browser, ok));
        javafx.application.Platform.runLater(pw::requestFocus);
    }

    private LoginSession fresh(AppContext ctx, String server, String pin) {
        if (session != null) {
            session.close();
        }
        session = new LoginSession(ctx, server, pin);
        return session;
    }

    private void busy(boolean on, String message) {
        spinner.setVisible(on);
        problem.setText(message);
    }

    private String plain(Throwable e, String server) {
        if (e instanceof OxiCloudException.LoginFailed) {
            return i18n.t("signIn.refused");
        }
        return ReasonText.of(i18n, e, server);
    }

    private static String hostOf(String server) {
        try {
            String h = java.net.URI.create(server).getHost();
            return h == null ? server : h;
        } catch (RuntimeException e) {
            return server;
        }
    }

    /** Opens the dialog over the main window; {@code onSignedIn} runs on the FX thread after a good sign-in. */
    public static Stage open(I18n i18n, Windows windows, AppContext ctx, Background background, String server, String user,
                             String pin, Consumer<String> openBrowser, Runnable onSignedIn) {
        Stage[] stage = new Stage[1];
        SignInDialog d = new SignInDialog(i18n, ctx, background, server, user, pin, openBrowser, onSignedIn,
                () -> stage[0].close());
        stage[0] = windows.openDialog(d, i18n.t("window.signIn"), 560, 380);
        stage[0].setOnHidden(e -> {
            if (d.session != null) {
                LoginSession s = d.session;
                background.run(s::close);
            }
        });
        return stage[0];
    }
}
