package org.oxisync.ui.model;

import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import org.oxisync.app.control.AccountSetup;
import org.oxisync.app.AppConfig;
import org.oxisync.app.AppContext;
import org.oxisync.protocol.http.Certificates;
import org.oxisync.protocol.DeviceAuthorizationDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.ServerVersion;
import org.oxisync.store.account.Account;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.setup.ServerCheck;

/**
 * One login attempt against one server, off the FX thread: check the server, sign in by one of the three
 * methods, then record the account exactly as {@code oxisync login} does (same config file, same credential key,
 * same account record), so the CLI and the window share it.
 *
 * The account is recorded by client-core's {@code AccountSetup.finishLogin}, as the CLI does.
 */
public final class LoginSession implements AutoCloseable {
    private static final String PENDING = "pending-login";

    private final AppContext ctx;
    private final String base;
    private final String pin;
    private volatile OxiCloudApi api;
    private String pendingKey;

    public LoginSession(AppContext ctx, String base, String pin) {
        this.ctx = ctx;
        this.base = base;
        this.pin = pin;
    }

    public String base() {
        return base;
    }

    public String pin() {
        return pin;
    }

    /** Checks the server; never throws for the expected failures, which become {@link ServerCheck.Problem}. */
    public ServerCheck check(I18n i18n) {
        try {
            ServerVersion v = api(PENDING).checkServer();
            return new ServerCheck.Supported(base, v, pin);
        } catch (OxiCloudException.UntrustedCertificate e) {
            try {
                return new ServerCheck.Untrusted(base, Certificates.presented(URI.create(base), Duration.ofSeconds(10)));
            } catch (OxiCloudException | IllegalArgumentException e2) {
                return new ServerCheck.Problem(i18n.t("server.problem.certificate"), e2.getMessage());
            }
        } catch (OxiCloudException.UnsupportedServer e) {
            String m = e.getMessage() == null ? "" : e.getMessage();
            return e.tooOld()
                    ? new ServerCheck.Problem(i18n.t("server.problem.tooOld"), i18n.t("server.problem.tooOld.text", "detail", m))
                    : new ServerCheck.Problem(i18n.t("server.problem.notOxiCloud"), i18n.t("server.problem.notOxiCloud.text", "detail", m));
        } catch (OxiCloudException.NetworkFailure e) {
            return new ServerCheck.Problem(i18n.t("server.problem.unreachable", "host", URI.create(base).getHost()),
                    i18n.t(e.getCause() instanceof java.io.InterruptedIOException ? "server.problem.unreachable.timeout"
                            : "server.problem.unreachable.text", "address", base));
        } catch (OxiCloudException e) {
            return new ServerCheck.Problem(i18n.t("server.problem.error"), i18n.t("server.problem.error.text", "problem",
                    org.oxisync.ui.text.ReasonText.of(i18n, e, base)));
        }
    }

    public DeviceAuthorizationDto startDeviceLogin() {
        return api(PENDING).startDeviceLogin("OxiSync on " + AppContext.hostName());
    }

    /** Blocks while the user approves in the browser; {@link #close()} from another thread ends the wait. */
    public void completeDeviceLogin(DeviceAuthorizationDto auth) {
        api(PENDING).completeDeviceLogin(auth);
    }

    public void loginWithPassword(String user, String password) {
        api(user).login(user, password);
    }

    public void loginWithAppPassword(String user, String appPassword) {
        api(user).loginWithAppPassword(user, appPassword);
    }

    /** After a successful login: who is this, move the credentials to the final key, save config and account. */
    public Account finish() throws IOException {
        return AccountSetup.finishLogin(ctx, api, base, pendingKey, pin);
    }

    private synchronized OxiCloudApi api(String user) {
        String key = AppConfig.accountKey(base, user);
        if (api == null || !key.equals(pendingKey)) {
            if (api != null) {
                api.close();
            }
            pendingKey = key;
            api = ctx.newApi(base, key, pin);
        }
        return api;
    }

    @Override
    public synchronized void close() {
        if (api != null) {
            api.close();
        }
    }
}
