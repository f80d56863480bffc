package org.oxisync.ui.app;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.function.BiFunction;
import javafx.application.HostServices;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.oxisync.app.AppContext;
import org.oxisync.app.AppHome;
import org.oxisync.app.os.Autostart;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.SettingsModel;
import org.oxisync.ui.model.StatusModel;
import org.oxisync.ui.model.WizardModel;
import org.oxisync.ui.sync.EngineBackend;
import org.oxisync.ui.sync.SyncBackend;
import org.oxisync.ui.sync.SyncFeed;
import org.oxisync.ui.view.Actions;
import org.oxisync.ui.view.MainView;
import org.oxisync.ui.view.SettingsActions;
import org.oxisync.ui.view.SettingsView;
import org.oxisync.ui.view.WizardView;
import org.oxisync.ui.base.Background;
import org.oxisync.ui.base.UiPreferences;

/**
 * The desktop shell's composition root: one {@link AppContext} for the home (shared with the CLI's files), one
 * {@link AccountSession} per account (its own context, sync backend and view-models; every account syncs at once),
 * the background executor, the views, the tray and the window opener. The main window shows the selected account
 * ({@link AccountsPanel} lists them when there are several). It answers the views' requests ({@link Actions}, the
 * tray's menu; the settings window's through {@link SettingsRequests}) by handing work to the background and results
 * to the view-models; it never blocks the FX thread on I/O. Each account's sync reports through {@link SyncNotices}. It makes the shell's one {@link I18n} (the language saved in Settings, else the
 * OS's) and hands it to every window, view, view-model and text helper that shows words.
 */
public final class Shell implements Actions, Tray.Handler, AutoCloseable {
    /** Builds the sync backend for a context and the feed it reports to. */
    public interface BackendFactory extends BiFunction<AppContext, SyncFeed, SyncBackend> {}

    /** The continuous sync service of client-core. */
    public static final BackendFactory DEFAULT_BACKEND =
            (ctx, feed) -> new org.oxisync.ui.sync.ServiceBackend(ctx, feed, ctx.clock());

    /** The interim runner (runOnce per pair at start, on request and every 2 minutes), kept as a fallback. */
    public static final BackendFactory ENGINE_BACKEND =
            (ctx, feed) -> new EngineBackend(ctx, feed, java.time.Duration.ofMinutes(2));

    private final AppHome home;
    private final Clock clock;
    /** The words of the shell's language, read once at start (a change in Settings applies at the next start). */
    private final I18n i18n;
    private final Windows windows;
    private final Background background = new Background(3, 2);
    private final UndoRunDialog undoDialog;
    private final Opener desktop;
    private final DesktopHooks hooks;
    private final UiPreferences prefs;
    private final boolean systemDark;
    private final BackendFactory backendFactory;

    /** The home: its account list, and the wizard's sign-in (never a store: each account's session opens its own). */
    private final AppContext root;
    /** Every account's session, the one shown, and the command line's way in (status, pair add, ...). */
    private final AccountSessions accounts;
    /** Settings → Folders and "Add folder…" of the shown account. */
    private final PairActions pairs;
    /** What the settings window asks for. */
    private final SettingsRequests settingsRequests;
    /** Each account's sync feed: the notices of conflicts and errors, the mass-delete question. */
    private final SyncNotices notices;
    /** Shown (empty) while there is no account. */
    private final StatusModel noAccount;
    private Optional<TrayPort> tray = Optional.empty();
    private final SettingsModel settings;
    /** Sync now, pause and the bandwidth limits. */
    private final SyncControls controls;
    private MainView mainView;
    private SettingsView settingsView;
    /** The wizard on screen in the main window, if any (told when the browser could not be opened). */
    private WizardModel wizard;
    private boolean quitting;

    public Shell(AppHome home, Clock clock, Stage stage, HostServices host, boolean systemDark,
                 BackendFactory backendFactory, boolean useTray) throws IOException {
        this(home, clock, stage, host, systemDark, backendFactory, DesktopHooks.system(useTray));
    }

    /** @param hooks the tray and the opener: the system's, or fakes in tests */
    public Shell(AppHome home, Clock clock, Stage stage, HostServices host, boolean systemDark,
                 BackendFactory backendFactory, DesktopHooks hooks) throws IOException {
        this.home = home;
        this.clock = clock;
        this.prefs = UiPreferences.load(home.dir().resolve("ui.properties"));
        this.i18n = I18n.forPreference(prefs.get(UiPreferences.LANGUAGE, "")); // chosen in Settings, else the OS's
        this.windows = new Windows(i18n, stage, prefs);
        this.hooks = hooks;
        this.desktop = hooks.opener().make(host, background, i18n);
        this.desktop.onFailure(this::openFailed);
        this.systemDark = systemDark;
        this.backendFactory = backendFactory;
        this.root = new AppContext(home, clock);
        this.noAccount = new StatusModel(i18n, clock);
        this.settings = new SettingsModel(i18n, () -> current() != null ? Optional.of(store()) : Optional.empty(),
                prefs, this::autostart, background);
        settings.appearanceProperty().addListener((o, a, b) -> windows.applyTheme(b, systemDark));
        settings.uploadKibProperty().addListener((o, a, b) -> applyBandwidth());
        settings.downloadKibProperty().addListener((o, a, b) -> applyBandwidth());
        this.accounts = new AccountSessions(i18n, home, root, clock, background, backendFactory, new AccountSessions.Hooks() {
            @Override
            public org.oxisync.ui.sync.SyncFeed feed(AccountSession s) {
                return notices.feed(s);
            }

            @Override
            public void pairsChangedByCommandLine(AccountSession s) {
                pairs.changed(s, null);
                s.reloadLists();
            }

            @Override
            public void shown() {
                if (accounts.current() != null) {
                    showMainWindow();
                } else {
                    showWizard();
                }
            }

            @Override
            public void stateChanged() {
                updateTray();
            }

            @Override
            public void signedOut(AccountSession s) {
                if (s == accounts.current()) {
                    settings.signedInProperty().set(false);
                }
            }
        });
        this.controls = new SyncControls(i18n, accounts, this::status, settings);
        this.undoDialog = new UndoRunDialog(i18n, background, windows::prepare, clock.getZone());
        this.notices = new SyncNotices(i18n, windows, accounts, settings, () -> tray);
        this.pairs = new PairActions(i18n, accounts, this::ctx, background, windows, desktop, defaultLocalFolder(),
                this::openFailed, () -> settingsView);
        this.settingsRequests = new SettingsRequests(i18n, home, clock, root, windows, desktop, background, accounts, pairs,
                settings, defaultLocalFolder(), new SettingsRequests.Screens() {
                    @Override
                    public void showMainWindow() {
                        Shell.this.showMainWindow();
                    }

                    @Override
                    public void showWizard() {
                        Shell.this.showWizard();
                    }

                    @Override
                    public void settingsClosed() {
                        settingsView = null;
                    }

                    @Override
                    public void openFailed(String message) {
                        Shell.this.openFailed(message);
                    }
                });
        accounts.open();
    }

    /** The account the window shows; null before the first sign-in. */
    private AccountSession current() {
        return accounts.current();
    }

    /** The selected account's store. */
    private LocalStore store() {
        return current().store();
    }

    /** The selected account's context; the home's before the first sign-in. */
    private AppContext ctx() {
        return current() != null ? current().ctx() : root;
    }

    private Optional<Autostart> autostart() {
        return Autostart.installedLauncher().map(p -> Autostart.forCurrentOs(List.of(p.toString())));
    }

    // ---- start-up ----------------------------------------------------------------------------------------------

    /** Shows the wizard on first run, else the main window; installs the tray. */
    public void start() {
        windows.applyTheme(settings.appearanceProperty().get(), systemDark);
        Stage stage = windows.main();
        tray = hooks.tray().apply(this, i18n);
        updateTray();
        if (tray.isPresent()) {
            Platform.setImplicitExit(false); // closing the window keeps syncing in the tray
        }
        stage.setOnCloseRequest(e -> MainWindowClose.handle(e, tray.isPresent(), quitting,
                mainView != null && current() != null, windows, stage, this::quit));
        if (current() != null) {
            showMainWindow();
        } else {
            showWizard();
        }
    }

    public void showWizard() {
        WizardModel m = new WizardModel(i18n, root, background, false, defaultLocalFolder());
        WizardView v = new WizardView(i18n, m, desktop::browse, p -> windows.chooseDirectory(p, null), () -> {
            m.createdPairProperty().set(null); // the pair is kept: cancel() below only ends the login session
            m.cancel(() -> accounts.reload(null, true));
        }, () -> {
            if (root.accounts().isEmpty()) {
                quit();
            } else {
                m.cancel(() -> accounts.reload(null, false));
            }
        });
        wizard = m;
        windows.showMain(v, i18n.t("window.setup"), 760, 600);
    }

    private Path defaultLocalFolder() {
        return Path.of(org.oxisync.app.AppHome.userHome(), "OxiSync");
    }

    /** The main window for the selected account; every account without a running sync starts syncing. */
    public void showMainWindow() {
        wizard = null;
        if (current() == null) {
            showWizard();
            return;
        }
        accounts.startAll();
        AccountSession shown = current();
        mainView = MainScreen.view(i18n, clock, shown, accounts.all(), this, new MainScreen.Hooks(this::selectAccount,
                this::addAccount, this::afterLocalChange, this::sectionShown));
        windows.showMain(mainView, MainScreen.title(i18n, shown, accounts.all().size()),
                WindowGeometry.DEFAULT_WIDTH, WindowGeometry.DEFAULT_HEIGHT);
        settings.load(this::applyBandwidth);
        shown.reloadLists();
        updateTray();
    }

    /** The window shows {@code name}'s status, pairs, activity, conflicts, errors and versions. */
    private void selectAccount(String name) {
        accounts.byName(name).filter(s -> s != current()).ifPresent(s -> {
            accounts.select(s);
            windows.closeSettings(); // it showed the other account
            settingsView = null;
            showMainWindow();
        });
    }

    private void sectionShown(MainView.Section s) {
        if (current() == null) {
            return;
        }
        switch (s) {
            case ACTIVITY -> current().activity().reload();
            case VERSIONS -> current().versions().reload();
            case CONFLICTS, ERRORS -> reloadLists();
            case STATUS -> { }
        }
    }

    /** After a run or a local change: re-read conflicts, errors, activity and versions; update the badges. */
    public void reloadLists() {
        if (current() != null) {
            current().reloadLists();
        }
    }

    private void afterLocalChange() {
        reloadLists();
        syncNow();
    }

    private void updateTray() {
        StatusModel status = status();
        tray.ifPresent(t -> t.update(status.overallProperty().get(), status.headlineProperty().get(),
                status.pausedProperty().get()));
    }

    private void applyBandwidth() {
        controls.applyBandwidth();
    }

    // ---- Actions -----------------------------------------------------------------------------------------------

    @Override
    public void syncNow() {
        controls.syncNow();
    }

    @Override
    public void togglePause() {
        controls.togglePause();
    }

    @Override
    public void openSettings() {
        if (windows.settingsWindow().isPresent()) {
            windows.openSettings(settingsView);
            return;
        }
        settingsView = new SettingsView(i18n, settings, settingsRequests);
        windows.openSettings(settingsView);
    }

    /** A page, file or folder could not be handed to the desktop: say so (never fail silently). */
    private void openFailed(String message) {
        if (wizard != null && wizard.deviceProperty().get() != null) {
            wizard.browserFailed(message);
        } else {
            windows.inform(i18n.t("open.failed.title"), message);
        }
    }

    @Override
    public void openWebUi() {
        if (current() != null) {
            desktop.browse(current().account().server());
        }
    }

    @Override
    public void openFolder(FolderPair pair) {
        desktop.open(Path.of(pair.localRoot()));
    }

    @Override
    public void openFile(Path file) {
        desktop.open(file);
    }

    @Override
    public void showInFolder(Path file) {
        desktop.showInFolder(file);
    }

    @Override
    public void undoRun(FolderPair pair, long runId) {
        AccountSession s = current();
        if (s != null) {
            undoDialog.show(s::store, pair, runId, (name, run) -> s.backend().map(b -> b.undo(name, run))
                    .orElseGet(() -> java.util.concurrent.CompletableFuture.failedFuture(
                            new IllegalStateException("the account does not sync"))), () -> s.activity().reload());
        }
    }

    // ---- Tray.Handler ------------------------------------------------------------------------------------------

    @Override
    public void showWindow() {
        windows.bringToFront();
    }

    /** Asks for the password of this account again (the server refused the saved sign-in, or after Log out). */
    @Override
    public void signInAgain() {
        settingsRequests.signInAgain();
    }

    /** "Add account…" (the sidebar's button, and Settings → Account). */
    public void addAccount() {
        settingsRequests.addAccount();
    }

    @Override
    public void openFolder() {
        status().pairs().stream().findFirst().ifPresent(r -> openFolder(r.pair()));
    }

    @Override
    public void quit() {
        quitting = true;
        close();
        hooks.exit().run();
    }

    // ---- for tests ---------------------------------------------------------------------------------------------

    public Windows windows() {
        return windows;
    }

    /** What the settings window asks of the shell (Add folder…, Remove account…, …). */
    public SettingsActions settingsActions() {
        return settingsRequests;
    }

    /** The words of the shell's language. */
    public I18n i18n() {
        return i18n;
    }

    /** The selected account's status (an empty one before the first sign-in). */
    public StatusModel status() {
        return current() != null ? current().status() : noAccount;
    }

    /** The names of the accounts the app syncs, in the home's order. */
    public List<String> accountNames() {
        return accounts.all().stream().map(AccountSession::name).toList();
    }

    /** The name of the account the window shows (empty before the first sign-in). */
    public String shownAccount() {
        return current() == null ? "" : current().name();
    }

    /** Shows the named account (as a click on it in the sidebar does). */
    public void showAccount(String name) {
        selectAccount(name);
    }

    public SettingsModel settings() {
        return settings;
    }

    public Background background() {
        return background;
    }

    public Optional<MainView> mainView() {
        return Optional.ofNullable(mainView);
    }

    /**
     * The selected account's context; before the first account, the first-use wizard's (bound to the account once
     * signed in), else the home's.
     */
    public AppContext context() {
        if (current() == null && wizard != null) {
            return wizard.context();
        }
        return ctx();
    }

    @Override
    public void close() {
        windows.saveGeometry();
        accounts.close();
        tray.ifPresent(TrayPort::remove);
        background.close();
        root.close();
    }
}
