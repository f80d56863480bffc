package org.oxisync.ui.app;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.oxisync.app.AppConfig;
import org.oxisync.app.AppContext;
import org.oxisync.app.AppHome;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.WizardModel;
import org.oxisync.ui.sync.SyncBackend;
import org.oxisync.ui.view.WizardView;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.oxisync.ui.base.Background;

/**
 * What the shell does to one account: add one (the sign-in and first-folder wizard, in its own window), log one
 * out, remove one (asked first; its pairs stop syncing, no file is deleted, its store folder stays), stop one.
 * The other accounts go on syncing throughout.
 */
final class AccountActions {
    private static final Logger LOG = LoggerFactory.getLogger(AccountActions.class);

    private AccountActions() {
    }

    /**
     * Opens the wizard for another account. When it closes, {@code done} gets the new account's name (null when
     * the wizard was left before a folder was paired; an account signed in to is added all the same) and runs once
     * the wizard's hold on the account's store is released.
     */
    static void addAccount(I18n i18n, Windows windows, Opener desktop, Background background, AppHome home, Clock clock,
                           Path defaultLocal, BiConsumer<String, Boolean> done, Consumer<String> openFailed) {
        AppContext wizardCtx;
        try {
            wizardCtx = new AppContext(home, clock);
        } catch (java.io.IOException e) {
            windows.inform(i18n.t("open.failed.title"), e.getMessage());
            return;
        }
        WizardModel m = new WizardModel(i18n, wizardCtx, background, false, defaultLocal);
        Stage[] stage = new Stage[1];
        String[] added = new String[1];
        WizardView v = new WizardView(i18n, m, desktop::browse, p -> windows.chooseDirectory(p, stage[0]), () -> {
            org.oxisync.store.account.Account a = m.accountProperty().get();
            if (a != null) {
                added[0] = wizardCtx.accounts().byKey(AppConfig.accountKey(a.serverUrl(), a.user()))
                        .map(org.oxisync.app.NamedAccount::name).orElse(null);
            }
            m.createdPairProperty().set(null); // the pair is kept
            stage[0].close();
        }, () -> stage[0].close());
        stage[0] = windows.openDialog(v, i18n.t("window.addAccount"), 760, 600);
        desktop.onFailure(msg -> {
            if (m.deviceProperty().get() != null) {
                m.browserFailed(msg);
            } else {
                openFailed.accept(msg);
            }
        });
        stage[0].setOnHidden(e -> {
            desktop.onFailure(openFailed);
            m.cancel(() -> background.run(() -> {
                wizardCtx.close();
                return null;
            }, r -> done.accept(added[0], added[0] != null), err -> done.accept(added[0], false)));
        });
    }

    /** Signs {@code s} out: its sync pauses, the server is told, the credentials are deleted; its pairs stay. */
    static void logOut(AccountSession s, Background background, Runnable done, Consumer<Throwable> failed) {
        s.backend().ifPresent(b -> b.pause(null));
        s.status().setPaused(true);
        background.run(() -> {
            signOut(s);
            return null;
        }, r -> {
            s.status().setSignedOut(true);
            done.run();
        }, failed);
    }

    private static void signOut(AccountSession s) {
        try {
            s.ctx().api().logout();
        } catch (OxiCloudException e) {
            LOG.info("the server was not told about the logout: {}", e.getMessage());
        }
        s.ctx().credentials().delete(s.account().key());
    }

    /**
     * {@code oxisync logout} beside the app (which holds the account's store): the app signs the account out, on the
     * control socket's thread, and shows it signed out. The error when there is no such account.
     */
    static Optional<String> logOutFromCommandLine(List<AccountSession> sessions, String account,
                                                  Consumer<AccountSession> signedOutShown) {
        Optional<AccountSession> s = account == null ? sessions.stream().findFirst()
                : sessions.stream().filter(x -> x.name().equals(account)).findFirst();
        if (s.isEmpty()) {
            return Optional.of("no account named '" + account + "' is synced by the desktop app");
        }
        AccountSession one = s.get();
        one.backend().ifPresent(b -> b.pause(null));
        signOut(one);
        Platform.runLater(() -> {
            one.status().setPaused(true);
            one.status().setSignedOut(true);
            signedOutShown.accept(one);
        });
        return Optional.empty();
    }

    /** Asks before removing {@code s}: with pairs, how many stop syncing (and that no file is deleted). */
    static void confirmRemove(I18n i18n, Windows windows, Background background, AccountSession s, Runnable confirmed) {
        background.run(() -> s.store().accounts().pairs().size(), pairs -> {
            String text = pairs > 0 ? i18n.t("confirm.removeAccount.withPairs", "name", s.name(), "count", pairs)
                    : i18n.t("confirm.removeAccount.text");
            if (windows.confirm(i18n.t("confirm.removeAccount.title"), text, i18n.t("confirm.removeAccount.ok"))) {
                confirmed.run();
            }
        }, e -> LOG.warn("cannot count the pairs of {}: {}", s.name(), e.toString()));
    }

    /**
     * Removes {@code s} from the home: its sync stops, it is signed out and forgotten. Its store folder (the version
     * store may hold the only copy of an old version) and every synced file stay (docs/accounts.md).
     */
    static void remove(AccountSession s, AppContext root, Background background, Runnable done,
                       Consumer<Throwable> failed) {
        SyncBackend b = s.takeBackend();
        background.run(() -> {
            if (b != null) {
                b.close();
            }
            signOut(s);
            s.ctx().close();
            root.removeAccount(s.name());
            return null;
        }, r -> done.run(), failed);
    }

    /** Stops {@code s}'s sync and closes its store (the account was removed beside the app). */
    static void stop(AccountSession s, Background background) {
        SyncBackend b = s.takeBackend();
        background.run(() -> {
            if (b != null) {
                b.close();
            }
            s.ctx().close();
        });
    }
}
