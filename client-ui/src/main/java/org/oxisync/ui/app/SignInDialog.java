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
import org.oxisync.core.app.AppContext;
import org.oxisync.protocol.DeviceAuthorizationDto;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.ui.setup.LoginSession;
import org.oxisync.ui.view.Ui;

/**
 * "Sign in again" for the account this computer already syncs: its password (or an app password, or the browser),
 * nothing else. The folder pairs, the settings and the store stay as they are; no wizard. Shown when the server
 * no longer accepts the saved sign-in (the password was changed) and from Settings → Account.
 */
public final class SignInDialog extends VBox {
    private final Label problem = Ui.wrapping("", Styles.DANGER);
    private final ProgressIndicator spinner = new ProgressIndicator(-1);
    private LoginSession session;

    private SignInDialog(AppContext ctx, Background background, String server, String user, String pin,
                         Consumer<String> openBrowser, Runnable onSignedIn, Runnable close) {
        setId("sign-in-dialog");
        getStyleClass().add("wizard");
        Label title = Ui.label("Sign in to " + hostOf(server), "wizard-title");
        Label why = Ui.wrapping("Enter the password of " + user + " on " + server + ". If it was changed on the "
                + "server, use the new one. Your folders and settings stay as they are.", "muted");
        PasswordField pw = new PasswordField();
        pw.setId("sign-in-password");
        Label pl = Ui.mnemonic("_Password");
        pl.setLabelFor(pw);
        CheckBox appPassword = new CheckBox("This is an _app password");
        appPassword.setId("sign-in-app-password");
        GridPane g = new GridPane();
        g.getStyleClass().add("form-grid");
        g.addRow(0, Ui.label("User", Styles.TEXT_BOLD), new Label(user));
        g.addRow(1, pl, pw);
        g.add(appPassword, 1, 2);
        GridPane.setHgrow(pw, Priority.ALWAYS);
        problem.setId("sign-in-problem");
        problem.managedProperty().bind(problem.textProperty().isNotEmpty());
        spinner.setPrefSize(20, 20);
        spinner.setMaxSize(Region.USE_PREF_SIZE, Region.USE_PREF_SIZE);
        spinner.setVisible(false);

        Button ok = new Button("_Sign in");
        ok.setId("sign-in-ok");
        ok.getStyleClass().add(Styles.ACCENT);
        ok.setDefaultButton(true);
        Button browser = new Button("Use the _browser instead");
        browser.setId("sign-in-browser");
        browser.getStyleClass().add(Styles.BUTTON_OUTLINED);
        Button cancel = new Button("Cancel");
        cancel.setCancelButton(true);
        cancel.getStyleClass().add(Styles.FLAT);
        cancel.setOnAction(e -> close.run());
        ok.disableProperty().bind(spinner.visibleProperty());
        browser.disableProperty().bind(spinner.visibleProperty());

        ok.setOnAction(e -> {
            String p = pw.getText();
            if (p == null || p.isEmpty()) {
                problem.setText("Enter the password.");
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
                problem.setText("Approve OxiSync in the browser; the code is " + auth.userCode() + ". If no browser "
                        + "opened, go to " + auth.verificationUri() + ".");
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

    private static String plain(Throwable e, String server) {
        if (e instanceof OxiCloudException.LoginFailed) {
            return "The server did not accept this password. Check it (it is case-sensitive) and try again.";
        }
        return Plain.message(e.getMessage() == null ? e.toString() : e.getMessage(), server, null);
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
    public static Stage open(Windows windows, AppContext ctx, Background background, String server, String user,
                             String pin, Consumer<String> openBrowser, Runnable onSignedIn) {
        Stage[] stage = new Stage[1];
        SignInDialog d = new SignInDialog(ctx, background, server, user, pin, openBrowser, onSignedIn,
                () -> stage[0].close());
        stage[0] = windows.openDialog(d, "Sign in — OxiSync", 560, 380);
        stage[0].setOnHidden(e -> {
            if (d.session != null) {
                LoginSession s = d.session;
                background.run(s::close);
            }
        });
        return stage[0];
    }
}
