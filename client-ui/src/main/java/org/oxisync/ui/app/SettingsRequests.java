package org.oxisync.ui.app;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.function.Consumer;
import org.oxisync.app.AppConfig;
import org.oxisync.app.AppContext;
import org.oxisync.app.AppHome;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.SettingsModel;
import org.oxisync.ui.view.SettingsActions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.oxisync.ui.base.Background;

/**
 * What the settings window asks of the shell, for the account the window shows: its server and user, Log out and
 * sign in again, add or remove an account, add, edit or remove a folder pair, the log folder. Split off
 * {@link Shell}, which makes one and hands it to the settings view; what changes on the screen when an account comes
 * or goes is the shell's ({@link Screens}).
 */
final class SettingsRequests implements SettingsActions {
    private static final Logger LOG = LoggerFactory.getLogger(SettingsRequests.class);

    /** The shell's side: the window's contents and its messages. */
    interface Screens {
        void showMainWindow();

        void showWizard();

        /** The settings window was closed because the account it showed is gone. */
        void settingsClosed();

        /** A page, file or folder could not be handed to the desktop. */
        void openFailed(String message);
    }

    private final I18n i18n;
    private final AppHome home;
    private final Clock clock;
    private final AppContext root;
    private final Windows windows;
    private final Opener desktop;
    private final Background background;
    private final AccountSessions accounts;
    private final PairActions pairs;
    private final SettingsModel settings;
    private final Path defaultLocalFolder;
    private final Screens screens;

    SettingsRequests(I18n i18n, AppHome home, Clock clock, AppContext root, Windows windows, Opener desktop,
                     Background background, AccountSessions accounts, PairActions pairs, SettingsModel settings,
                     Path defaultLocalFolder, Screens screens) {
        this.i18n = i18n;
        this.home = home;
        this.clock = clock;
        this.root = root;
        this.windows = windows;
        this.desktop = desktop;
        this.background = background;
        this.accounts = accounts;
        this.pairs = pairs;
        this.settings = settings;
        this.defaultLocalFolder = defaultLocalFolder;
        this.screens = screens;
    }

    /** The account the window shows; null before the first sign-in. */
    private AccountSession current() {
        return accounts.current();
    }

    /** Asks for the password of this account again (the server refused the saved sign-in, or after Log out). */
    @Override
    public void signInAgain() {
        if (current() == null) {
            screens.showWizard();
            return;
        }
        AppConfig c = current().account().config();
        String name = current().name();
        SignInDialog.open(i18n, windows, current().ctx(), background, c.server(), c.user(), c.pinnedSha256(),
                desktop::browse, () -> accounts.restart(name, true, () -> settings.signedInProperty().set(true)));
    }

    @Override
    public String accountServer() {
        return current() == null ? "" : current().account().server();
    }

    @Override
    public String accountUser() {
        return current() == null ? "" : current().account().user();
    }

    @Override
    public String accountName() {
        return current() == null ? "" : current().name();
    }

    @Override
    public void logOut(Consumer<String> done) {
        if (current() == null) {
            return;
        }
        AccountSession s = current();
        AccountActions.logOut(s, background, () -> {
            settings.signedInProperty().set(false);
            done.accept(null);
        }, e -> done.accept(i18n.t("settings.account.logoutFailed", "error", e.getMessage())));
    }

    /** "Add account…": the sign-in and first-folder wizard for another server or user, in its own window. */
    @Override
    public void addAccount() {
        AccountActions.addAccount(i18n, windows, desktop, background, home, clock, defaultLocalFolder,
                (added, made) -> accounts.reload(added, made), screens::openFailed);
    }

    @Override
    public void removeAccount() {
        if (current() == null) {
            return;
        }
        AccountSession s = current();
        AccountActions.confirmRemove(i18n, windows, background, s, () -> {
            accounts.drop(s);
            windows.closeSettings();
            screens.settingsClosed();
            AccountActions.remove(s, root, background, () -> {
                if (current() != null) {
                    screens.showMainWindow(); // the other accounts of this home go on syncing (docs/accounts.md)
                } else {
                    screens.showWizard();
                }
            }, e -> LOG.warn("removing the account failed: {}", e.toString()));
        });
    }

    @Override
    public void addPair() {
        pairs.add();
    }

    @Override
    public void removePair(FolderPair pair, Consumer<String> done) {
        pairs.remove(pair, done);
    }

    @Override
    public org.oxisync.ui.model.FolderLoader folders() {
        return pairs.folders();
    }

    @Override
    public void savePair(FolderPair pair, Consumer<String> done) {
        pairs.save(pair, done);
    }

    @Override
    public void loadPairs(Consumer<List<FolderPair>> then) {
        pairs.load(then);
    }

    @Override
    public void openLogFolder() {
        Path dir = home.logDir();
        background.run(() -> {
            org.oxisync.store.io.OwnerOnly.createDirectories(dir);
            return dir;
        }, desktop::open, e -> screens.openFailed(i18n.t("open.logFolderFailed", "folder", dir, "error",
                e.getMessage())));
    }

    @Override
    public String logFolder() {
        return home.logDir().toString();
    }
}
