package org.oxisync.ui.model;

import java.util.concurrent.Future;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.oxisync.app.AppContext;
import org.oxisync.protocol.DeviceAuthorizationDto;
import org.oxisync.protocol.PresentedCertificate;
import org.oxisync.store.account.Account;
import org.oxisync.ui.base.Background;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.app.ServerAddress;
import org.oxisync.ui.setup.ServerCheck;

/**
 * The wizard's first two steps: the server's address (checked, an untrusted certificate shown to be trusted or
 * refused) and the sign-in (browser approval, password or app password), through one {@link LoginSession}. Calls run
 * on the {@link Background}; state changes on the FX thread. The signed-in account goes to {@code signedIn}.
 */
final class SignInFlow {
    private final I18n i18n;
    private final Background background;
    private final Supplier<AppContext> ctx;
    private final WizardPage page;
    private final Consumer<Throwable> fail;
    private final Consumer<Account> signedIn;
    private LoginSession session;
    private Future<?> deviceWait;
    private int attempt;

    final StringProperty serverUrl = new SimpleStringProperty("");
    final StringProperty serverInfo = new SimpleStringProperty("");
    final ObjectProperty<PresentedCertificate> certificate = new SimpleObjectProperty<>();
    final ObjectProperty<WizardModel.Method> method = new SimpleObjectProperty<>(WizardModel.Method.BROWSER);
    final StringProperty user = new SimpleStringProperty("");
    final StringProperty password = new SimpleStringProperty("");
    final ObjectProperty<DeviceAuthorizationDto> device = new SimpleObjectProperty<>();
    /** Set when the browser could not be opened for the sign-in page: the page must be opened by hand. */
    final StringProperty browserProblem = new SimpleStringProperty("");

    SignInFlow(I18n i18n, Background background, Supplier<AppContext> ctx, WizardPage page, Consumer<Throwable> fail,
               Consumer<Account> signedIn) {
        this.i18n = i18n;
        this.background = background;
        this.ctx = ctx;
        this.page = page;
        this.fail = fail;
        this.signedIn = signedIn;
    }

    /** The server's address as checked (for the advice of a failure), else as typed. */
    String address() {
        return session == null ? serverUrl.get() : session.base();
    }

    // ---- server ------------------------------------------------------------------------------------------------

    /** Checks the typed address; on success goes to sign-in, on an untrusted certificate shows it. */
    void checkServer() {
        String typed = serverUrl.get() == null ? "" : serverUrl.get().strip();
        String base;
        try {
            base = ServerCheck.normalize(i18n, typed);
        } catch (IllegalArgumentException e) {
            page.problem(i18n.t("wizard.problem.address"), e.getMessage());
            return;
        }
        if (typed.regionMatches(true, 0, "http://", 0, 7)) {
            check(base, null); // nothing to guess: the address as given
            return;
        }
        // no scheme (https, then http) or https asked of what may be an http-only server: the short probes the CLI
        // makes (ServerAddress), seconds per guess, before the check, whose time-outs are a sync's, not a guess's
        page.clearProblem();
        closeSession();
        page.busy.set(true);
        String host = java.net.URI.create(base).getHost();
        background.run(() -> ServerAddress.resolve(typed), r -> {
            page.busy.set(false);
            check(r.baseUrl(), null);
        }, e -> {
            page.busy.set(false);
            if (e instanceof ServerAddress.Unusable u && u.httpOnly() != null) {
                page.problem(i18n.t("server.problem.httpOnly", "host", host),
                        i18n.t("server.problem.httpOnly.text", "address", u.httpOnly()));
            } else if (e instanceof ServerAddress.Unusable) {
                page.problem(i18n.t("server.problem.unreachable", "host", host),
                        i18n.t("server.problem.unreachable.text", "address", base));
            } else {
                fail.accept(e);
            }
        });
    }

    /** The user accepted the shown certificate: check again with it pinned. */
    void trustCertificate() {
        PresentedCertificate c = certificate.get();
        if (c != null) {
            check(session.base(), c.sha256());
        }
    }

    /** The user refused the shown certificate: nothing is trusted or saved, the address stays to be corrected. */
    void refuseCertificate() {
        certificate.set(null);
        closeSession();
        page.problem(i18n.t("wizard.problem.notConnected"), i18n.t("wizard.problem.notConnected.text"));
    }

    private void check(String base, String pin) {
        page.clearProblem();
        certificate.set(null);
        closeSession();
        LoginSession s = new LoginSession(ctx.get(), base, pin);
        session = s;
        page.busy.set(true);
        background.run(() -> s.check(i18n), result -> {
            page.busy.set(false);
            if (result instanceof ServerCheck.Supported ok) {
                serverInfo.set(WizardModel.serverInfo(i18n, String.valueOf(ok.version()), ok.baseUrl()));
                page.step.set(WizardModel.Step.SIGN_IN);
            } else if (result instanceof ServerCheck.Untrusted u) {
                certificate.set(u.certificate());
            } else if (result instanceof ServerCheck.Problem p) {
                page.problem(p.title(), p.advice());
            }
        }, fail);
    }

    // ---- sign in -----------------------------------------------------------------------------------------------

    /** Starts the chosen sign-in; the browser flow calls {@code openBrowser} with the approval page. */
    void signIn(Consumer<String> openBrowser) {
        page.clearProblem();
        page.busy.set(true);
        LoginSession s = session;
        int mine = ++attempt;
        switch (method.get()) {
            case BROWSER -> background.run(s::startDeviceLogin, auth -> {
                if (mine != attempt) {
                    return;
                }
                browserProblem.set("");
                device.set(auth);
                openBrowser.accept(auth.verificationUriComplete() != null ? auth.verificationUriComplete()
                        : auth.verificationUri());
                deviceWait = background.run(() -> {
                    s.completeDeviceLogin(auth);
                    return s.finish();
                }, a -> {
                    if (mine == attempt) {
                        done(a);
                    }
                }, e -> {
                    if (mine == attempt) {
                        device.set(null);
                        fail.accept(e);
                    }
                });
            }, fail);
            case PASSWORD, APP_PASSWORD -> {
                String u = user.get() == null ? "" : user.get().trim();
                String pw = password.get() == null ? "" : password.get();
                if (u.isEmpty() || pw.isEmpty()) {
                    page.busy.set(false);
                    page.problem(i18n.t("wizard.problem.credentials"), i18n.t("wizard.problem.credentials.text"));
                    return;
                }
                boolean app = method.get() == WizardModel.Method.APP_PASSWORD;
                background.run(() -> {
                    if (app) {
                        s.loginWithAppPassword(u, pw);
                    } else {
                        s.loginWithPassword(u, pw);
                    }
                    return s.finish();
                }, a -> {
                    if (mine == attempt) {
                        done(a);
                    }
                }, fail);
            }
        }
    }

    private void done(Account a) {
        signedIn.accept(a);
    }

    /** After a sign-in: nothing waits any more, and the password is forgotten. */
    void signedInCleared() {
        page.busy.set(false);
        device.set(null);
        password.set("");
    }

    /** The desktop could not open the sign-in page: the view says so instead of "your browser opened it". */
    void browserFailed(String message) {
        browserProblem.set(message == null ? i18n.t("wizard.browser.failed") : message);
    }

    /** Stops waiting for the browser approval. */
    void cancelSignIn() {
        attempt++;
        if (deviceWait != null) {
            deviceWait.cancel(true);
        }
        device.set(null);
        page.busy.set(false);
        // A fresh session for the next try; the old one may still be polling until its thread notices.
        if (session != null) {
            LoginSession old = session;
            session = new LoginSession(ctx.get(), old.base(), old.pin());
            background.run(old::close);
        }
    }

    void closeSession() {
        if (session != null) {
            LoginSession s = session;
            session = null;
            background.run(s::close);
        }
    }
}
