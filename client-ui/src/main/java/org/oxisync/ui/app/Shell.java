package org.oxisync.ui.app;

import static org.oxisync.ui.i18n.I18n.t;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.BiFunction;
import javafx.application.HostServices;
import javafx.application.Platform;
import javafx.scene.Node;
import javafx.stage.Stage;
import org.oxisync.core.app.AppConfig;
import org.oxisync.core.app.AppContext;
import org.oxisync.core.app.AppHome;
import org.oxisync.core.os.Autostart;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.model.ActivityModel;
import org.oxisync.ui.model.ConflictsModel;
import org.oxisync.ui.model.ErrorsModel;
import org.oxisync.ui.model.FeedBridge;
import org.oxisync.ui.model.PairRow;
import org.oxisync.ui.model.SettingsModel;
import org.oxisync.ui.model.StatusModel;
import org.oxisync.ui.model.VersionsModel;
import org.oxisync.ui.model.WizardModel;
import org.oxisync.ui.ops.ConflictActions;
import org.oxisync.ui.ops.VersionActions;
import org.oxisync.ui.setup.PairSetup;
import org.oxisync.ui.setup.RemoteFolder;
import org.oxisync.ui.setup.RemoteFolders;
import org.oxisync.ui.sync.EngineBackend;
import org.oxisync.ui.sync.SyncBackend;
import org.oxisync.ui.sync.SyncFeed;
import org.oxisync.ui.view.ActivityPane;
import org.oxisync.ui.view.Actions;
import org.oxisync.ui.view.ConflictsPane;
import org.oxisync.ui.view.ErrorsPane;
import org.oxisync.ui.view.MainView;
import org.oxisync.ui.view.SettingsActions;
import org.oxisync.ui.view.SettingsView;
import org.oxisync.ui.view.StatusPane;
import org.oxisync.ui.view.VersionsPane;
import org.oxisync.ui.view.WizardView;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The desktop shell's composition root: one {@link AppContext} (shared with the CLI's files), the background
 * executor, the sync backend, the view-models and the views, the tray and the window opener. It answers the
 * views' requests ({@link Actions}, {@link SettingsActions}, the tray's menu) by handing work to the background
 * and results to the view-models; it never blocks the FX thread on I/O.
 */
public final class Shell implements Actions, SettingsActions, Tray.Handler, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(Shell.class);

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
    private final Windows windows;
    private final Background background = new Background(3);
    private final Opener desktop;
    private final DesktopHooks hooks;
    private final UiPreferences prefs;
    private final boolean systemDark;
    private final BackendFactory backendFactory;

    private AppContext ctx;
    private SyncBackend backend;
    /** The command line's way in while this app holds the store (status, pair add, versions restore, ...). */
    private volatile org.oxisync.core.service.ControlSocket control;
    private Optional<TrayPort> tray = Optional.empty();
    private final StatusModel status;
    private final ActivityModel activity;
    private final ConflictsModel conflicts;
    private final ErrorsModel errors;
    private final VersionsModel versions;
    private final SettingsModel settings;
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
        String language = prefs.get(UiPreferences.LANGUAGE, "");
        if (!language.isBlank()) { // chosen in Settings; else the OS's (I18n's default)
            org.oxisync.ui.i18n.I18n.setLocale(org.oxisync.ui.i18n.I18n.fromPreference(language));
        }
        this.windows = new Windows(stage, prefs);
        this.hooks = hooks;
        this.desktop = hooks.opener().apply(host, background);
        this.desktop.onFailure(this::openFailed);
        this.systemDark = systemDark;
        this.backendFactory = backendFactory;
        this.ctx = new AppContext(home, clock);
        this.status = new StatusModel(clock);
        this.activity = new ActivityModel(this::store, background, () -> org.oxisync.ui.model.HeldBack.all(status));
        this.conflicts = new ConflictsModel(this::store, () -> new ConflictActions(store(), clock), background);
        this.errors = new ErrorsModel(this::store, status, background);
        this.versions = new VersionsModel(this::store, () -> new VersionActions(store(), clock), background);
        this.settings = new SettingsModel(() -> ctx.config().hasAccount() ? Optional.of(store()) : Optional.empty(),
                prefs, this::autostart, background);
        settings.appearanceProperty().addListener((o, a, b) -> windows.applyTheme(b, systemDark));
        settings.uploadKibProperty().addListener((o, a, b) -> applyBandwidth());
        settings.downloadKibProperty().addListener((o, a, b) -> applyBandwidth());
        status.overallProperty().addListener((o, a, b) -> updateTray());
        status.headlineProperty().addListener((o, a, b) -> updateTray());
        status.pausedProperty().addListener((o, a, b) -> updateTray());
    }

    private LocalStore store() {
        return ctx.store();
    }

    private Optional<Autostart> autostart() {
        return Autostart.installedLauncher().map(p -> Autostart.forCurrentOs(List.of(p.toString())));
    }

    // ---- start-up ----------------------------------------------------------------------------------------------

    /** Shows the wizard on first run, else the main window; installs the tray. */
    public void start() {
        windows.applyTheme(settings.appearanceProperty().get(), systemDark);
        Stage stage = windows.main();
        tray = hooks.tray().apply(this);
        updateTray();
        if (tray.isPresent()) {
            Platform.setImplicitExit(false); // closing the window keeps syncing in the tray
        }
        stage.setOnCloseRequest(e -> {
            if (tray.isPresent() && !quitting) {
                e.consume();
                windows.hideMain(); // keeps syncing in the tray
            } else if (!quitting && mainView != null && ctx.config().hasAccount()) {
                // No tray: closing would stop syncing without a word. Ask; "Minimize" keeps syncing.
                e.consume();
                switch (windows.askBeforeQuitWithoutTray()) {
                    case QUIT -> quit();
                    case MINIMIZE -> stage.setIconified(true);
                    case CANCEL -> { }
                }
            } else {
                quit();
            }
        });
        if (ctx.config().hasAccount()) {
            showMainWindow();
        } else {
            showWizard();
        }
    }

    public void showWizard() {
        WizardModel m = new WizardModel(ctx, background, false, defaultLocalFolder());
        WizardView v = new WizardView(m, desktop::browse, p -> windows.chooseDirectory(p, null), () -> {
            m.createdPairProperty().set(null); // the pair is kept: cancel() below only ends the login session
            m.cancel();
            showMainWindow();
        }, () -> {
            if (!ctx.config().hasAccount()) {
                quit();
            } else {
                showMainWindow();
            }
        });
        wizard = m;
        windows.showMain(v, t("window.setup"), 760, 600);
    }

    private Path defaultLocalFolder() {
        return Path.of(System.getProperty("user.home"), "OxiSync");
    }

    public void showMainWindow() {
        wizard = null;
        if (backend == null) {
            MassDeleteDialog massDelete = new MassDeleteDialog(windows,
                    name -> status.row(name).map(PairRow::pair).orElse(null), this::answerMassDelete);
            backend = backendFactory.apply(ctx, new FeedBridge(status, this::notice, this::reloadLists, massDelete::show));
        }
        Map<MainView.Section, Node> panes = new EnumMap<>(MainView.Section.class);
        panes.put(MainView.Section.STATUS, new StatusPane(status, this));
        panes.put(MainView.Section.ACTIVITY, new ActivityPane(activity, this, clock));
        panes.put(MainView.Section.CONFLICTS, new ConflictsPane(conflicts, this, clock, this::afterLocalChange));
        panes.put(MainView.Section.ERRORS, new ErrorsPane(errors, this));
        panes.put(MainView.Section.VERSIONS, new VersionsPane(versions, this, clock));
        AppConfig c = ctx.config();
        status.setServer(c.server());
        mainView = new MainView(status, this, panes, c.user() + " · " + host(c.server()), this::sectionShown);
        windows.showMain(mainView, t("app.name"), WindowGeometry.DEFAULT_WIDTH, WindowGeometry.DEFAULT_HEIGHT);
        settings.load(this::applyBandwidth);
        background.run(() -> store().accounts().pairs(), pairs -> {
            status.setPairs(pairs);
            reloadLists();
            seedRecentChanges();
            SyncBackend b = backend;
            background.run(() -> { // the service reads the pairs from the store: off the FX thread
                b.start();
                serveCommandLine(b);
            });
        }, e -> LOG.warn("cannot read the folder pairs: {}", e.toString()));
    }

    /** "Recent changes" after a restart: the last changes of earlier sessions, from the activity log. */
    private void seedRecentChanges() {
        background.run(() -> {
            List<java.util.Map.Entry<java.time.Instant, String>> out = new java.util.ArrayList<>();
            for (org.oxisync.store.status.Activity a : store().activity().recent(40)) {
                String verb = switch (a.kind() == null ? "" : a.kind()) {
                    case "upload" -> "recent.upload";
                    case "download" -> "recent.download";
                    case "delete-local" -> "recent.deleteLocal";
                    case "delete-remote" -> "recent.deleteRemote";
                    case "restore" -> "recent.restore";
                    default -> a.kind() != null && a.kind().startsWith("move") ? "recent.move" : null;
                };
                if (verb != null && a.path() != null && !a.path().isBlank() && a.time() != null
                        && out.size() < StatusModel.RECENT_ITEMS) {
                    out.add(0, java.util.Map.entry(a.time(), t(verb, "file", a.path())));
                }
            }
            return out;
        }, status::seedRecent, e -> LOG.debug("no recent changes to show: {}", e.toString()));
    }

    private static String host(String server) {
        try {
            return java.net.URI.create(server).getAuthority();
        } catch (RuntimeException e) {
            return server;
        }
    }

    private void sectionShown(MainView.Section s) {
        switch (s) {
            case ACTIVITY -> activity.reload();
            case VERSIONS -> versions.reload();
            case CONFLICTS, ERRORS -> reloadLists();
            case STATUS -> { }
        }
    }

    /** After a run or a local change: re-read conflicts, errors, activity and versions; update the badges. */
    public void reloadLists() {
        conflicts.reload(this::updateCounts);
        errors.reload(this::updateCounts);
        activity.reload();
        versions.reload();
    }

    private void updateCounts() {
        status.setCounts(conflicts.rows().size(), errors.rows().size());
    }

    private void afterLocalChange() {
        reloadLists();
        syncNow();
    }

    private void answerMassDelete(String pair, org.oxisync.core.service.MassDeleteChoice choice) {
        LOG.info("mass-delete guard of {}: the user chose {}", pair, choice);
        if (backend != null) {
            backend.answerMassDelete(pair, choice);
        }
    }

    private void notice(FeedBridge.Notice n) {
        if (n.kind() == FeedBridge.Notice.Kind.CONFLICT) {
            conflicts.reload(this::updateCounts);
        } else {
            errors.reload(this::updateCounts);
        }
        if (settings.notificationsProperty().get()) {
            boolean conflict = n.kind() == FeedBridge.Notice.Kind.CONFLICT;
            String title = conflict ? t("notify.conflict.title", "pair", n.pair()) : t("notify.error.title", "pair", n.pair());
            String subject = Describe.subject(n.path());
            String text = conflict ? n.message() : ReasonText.message(n.reason(), n.message(), ctx.config().server(), subject);
            tray.ifPresent(t -> t.notify(title, text, !conflict));
        }
    }

    private void updateTray() {
        tray.ifPresent(t -> t.update(status.overallProperty().get(), status.headlineProperty().get(),
                status.pausedProperty().get()));
    }

    private void applyBandwidth() {
        if (backend != null) {
            backend.setBandwidth(settings.uploadKibProperty().get() * 1024L, settings.downloadKibProperty().get() * 1024L);
        }
    }

    // ---- Actions -----------------------------------------------------------------------------------------------

    @Override
    public void syncNow() {
        if (status.signedOutProperty().get() || status.signInNeededProperty().get()) {
            status.setFeedback(t("feedback.signInFirst"));
            return;
        }
        if (status.pausedProperty().get()) {
            status.setFeedback(t("feedback.paused"));
            return;
        }
        if (status.overallProperty().get() == org.oxisync.ui.sync.PairPhase.OFFLINE) {
            status.setFeedback(t("feedback.offline"));
        } else if (!status.busyProperty().get()) {
            status.setFeedback(t("headline.checking"));
        }
        if (backend != null) {
            backend.syncNow(null);
        }
    }

    @Override
    public void togglePause() {
        if (backend == null || status.signedOutProperty().get()) {
            return;
        }
        status.setFeedback("");
        boolean pause = !status.pausedProperty().get();
        status.setPaused(pause);
        if (pause) {
            backend.pause(null);
        } else {
            backend.resume(null);
        }
    }

    @Override
    public void openSettings() {
        if (windows.settingsWindow().isPresent()) {
            windows.openSettings(settingsView);
            return;
        }
        settingsView = new SettingsView(settings, this);
        windows.openSettings(settingsView);
    }

    /** A page, file or folder could not be handed to the desktop: say so (never fail silently). */
    private void openFailed(String message) {
        if (wizard != null && wizard.deviceProperty().get() != null) {
            wizard.browserFailed(message);
        } else {
            windows.inform(t("open.failed.title"), message);
        }
    }

    @Override
    public void openWebUi() {
        if (ctx.config().server() != null) {
            desktop.browse(ctx.config().server());
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

    // ---- Tray.Handler ------------------------------------------------------------------------------------------

    @Override
    public void showWindow() {
        windows.bringToFront();
    }

    /** Asks for the password of this account again (the server refused the saved sign-in, or after Log out). */
    @Override
    public void signInAgain() {
        String server = ctx.config().server();
        String user = ctx.config().user();
        if (server == null) {
            showWizard();
            return;
        }
        SignInDialog.open(windows, ctx, background, server, user, ctx.config().pinnedSha256(), desktop::browse,
                this::signedInAgain);
    }

    /** The account signed in again: a fresh context (new credentials), the same pairs, syncing again. */
    private void signedInAgain() {
        AppContext old = ctx;
        stopBackend();
        background.run(() -> {
            old.close();
            return new AppContext(home, clock);
        }, fresh -> {
            ctx = fresh;
            status.setSignedOut(false);
            status.setPaused(false);
            status.setFeedback(t("feedback.signedIn"));
            settings.signedInProperty().set(true);
            showMainWindow();
        }, e -> LOG.warn("cannot restart the session: {}", e.toString()));
    }

    @Override
    public void openFolder() {
        status.pairs().stream().findFirst().ifPresent(r -> openFolder(r.pair()));
    }

    @Override
    public void quit() {
        quitting = true;
        close();
        hooks.exit().run();
    }

    // ---- SettingsActions ---------------------------------------------------------------------------------------

    @Override
    public String accountServer() {
        return String.valueOf(ctx.config().server());
    }

    @Override
    public String accountUser() {
        return String.valueOf(ctx.config().user());
    }

    @Override
    public void logOut(Consumer<String> done) {
        if (backend != null) {
            backend.pause(null);
        }
        status.setPaused(true);
        AppContext c = ctx;
        background.run(() -> {
            try {
                c.api().logout();
            } catch (OxiCloudException e) {
                LOG.info("the server was not told about the logout: {}", e.getMessage());
            }
            c.credentials().delete(c.config().accountKey());
            return null;
        }, r -> {
            status.setSignedOut(true);
            settings.signedInProperty().set(false);
            done.accept(null);
        }, e -> done.accept(t("settings.account.logoutFailed", "error", e.getMessage())));
    }

    @Override
    public void removeAccount() {
        if (!windows.confirm(t("confirm.removeAccount.title"), t("confirm.removeAccount.text"),
                t("confirm.removeAccount.ok"))) {
            return;
        }
        AppContext old = ctx;
        stopBackend();
        background.run(() -> {
            try {
                old.api().logout();
            } catch (OxiCloudException e) {
                LOG.info("the server was not told about the logout: {}", e.getMessage());
            }
            old.credentials().delete(old.config().accountKey());
            old.saveConfig(AppConfig.EMPTY);
            old.close();
            return new AppContext(home, clock);
        }, fresh -> {
            ctx = fresh;
            windows.closeSettings();
            status.setPairs(List.of());
            if (fresh.config().hasAccount()) {
                showMainWindow(); // another account of this home (docs/accounts.md): the app now syncs that one
            } else {
                showWizard();
            }
        }, e -> LOG.warn("removing the account failed: {}", e.toString()));
    }

    /**
     * Opens the control socket that {@code oxisync status} and the store-changing commands use while this app holds
     * the store; they run through client-core's {@code StoreVerbs}, as in the daemon.
     */
    private void serveCommandLine(SyncBackend b) {
        if (!(b instanceof org.oxisync.ui.sync.ServiceBackend sb) || control != null) {
            return;
        }
        AppContext c = ctx;
        try {
            control = org.oxisync.core.service.ControlSocket.open(home.dir(), sb.service(), c.config().accountKey(),
                    "desktop app", org.oxisync.core.control.StoreVerbs.forService(c, sb.service(), "the desktop app",
                            () -> Platform.runLater(() -> {
                                pairsChanged();
                                reloadLists();
                            })));
        } catch (IOException | RuntimeException e) {
            LOG.warn("the command line cannot reach this app: {}", e.toString());
        }
    }

    private void stopCommandLine() {
        org.oxisync.core.service.ControlSocket c = control;
        control = null;
        if (c != null) {
            c.close();
        }
    }

    private void stopBackend() {
        stopCommandLine();
        if (backend != null) {
            SyncBackend b = backend;
            backend = null;
            background.run(b::close);
        }
    }

    @Override
    public void addPair() {
        WizardModel m = new WizardModel(ctx, background, true, defaultLocalFolder());
        Stage[] stage = new Stage[1];
        WizardView v = new WizardView(m, desktop::browse, p -> windows.chooseDirectory(p, stage[0]), () -> {
            m.createdPairProperty().set(null);
            windows.closeAddPair();
            pairsChanged();
        }, windows::closeAddPair);
        stage[0] = windows.openAddPair(v);
        desktop.onFailure(msg -> {
            if (m.deviceProperty().get() != null) {
                m.browserFailed(msg);
            } else {
                openFailed(msg);
            }
        });
        stage[0].addEventHandler(javafx.stage.WindowEvent.WINDOW_HIDDEN, e -> desktop.onFailure(this::openFailed));
        stage[0].setOnHidden(e -> m.cancel());
    }

    private void pairsChanged() {
        pairsChanged(null);
    }

    /** @param runPair a pair to sync once the backend has read the new pairs (null: none) */
    private void pairsChanged(String runPair) {
        background.run(() -> store().accounts().pairs(), pairs -> {
            status.setPairs(pairs);
            if (settingsView != null) {
                settingsView.reloadPairs(); // the same window, the same tab: never recreated
            }
            if (backend != null) {
                SyncBackend b = backend;
                boolean run = runPair != null && !status.pausedProperty().get();
                background.run(() -> {
                    b.pairsChanged();
                    if (run) {
                        b.syncNow(runPair); // after the service has the new exclusions: a re-ticked folder comes now
                    }
                });
            }
        }, e -> LOG.warn("cannot read the folder pairs: {}", e.toString()));
    }

    @Override
    public void removePair(FolderPair pair, Consumer<String> done) {
        if (!windows.confirm(t("confirm.removePair.title", "pair", pair.name()), t("confirm.removePair.text",
                "local", pair.localRoot(), "remote", pair.remotePath()), t("confirm.removePair.ok"))) {
            return;
        }
        background.run(() -> {
            new PairSetup(ctx).remove(pair);
            return null;
        }, r -> {
            done.accept(null);
            pairsChanged();
        }, e -> done.accept(t("settings.folders.removeFailed", "error", e.getMessage())));
    }

    @Override
    public org.oxisync.ui.model.FolderLoader folders() {
        return new org.oxisync.ui.model.BackgroundFolderLoader(background, ctx);
    }

    @Override
    public void savePair(FolderPair pair, Consumer<String> done) {
        background.run(() -> new PairSetup(ctx).update(pair), p -> {
            done.accept(null);
            pairsChanged(p.name()); // and sync it: a re-ticked folder downloads without "Sync now"
        }, e -> done.accept(t("settings.folders.saveFailed", "error", ReasonText.of(e, ctx.config().server()))));
    }

    @Override
    public void loadPairs(Consumer<List<FolderPair>> then) {
        if (!ctx.config().hasAccount()) {
            then.accept(List.of());
            return;
        }
        background.run(() -> store().accounts().pairs(), then, e -> then.accept(List.of()));
    }

    @Override
    public void openLogFolder() {
        Path dir = home.logDir();
        background.run(() -> {
            java.nio.file.Files.createDirectories(dir);
            return dir;
        }, desktop::open, e -> openFailed(t("open.logFolderFailed", "folder", dir, "error", e.getMessage())));
    }

    @Override
    public String logFolder() {
        return home.logDir().toString();
    }

    // ---- for tests ---------------------------------------------------------------------------------------------

    public Windows windows() {
        return windows;
    }

    public StatusModel status() {
        return status;
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

    public AppContext context() {
        return ctx;
    }

    @Override
    public void close() {
        windows.saveGeometry();
        stopBackendNow();
        tray.ifPresent(TrayPort::remove);
        background.close();
        ctx.close();
    }

    private void stopBackendNow() {
        stopCommandLine();
        if (backend != null) {
            backend.close();
            backend = null;
        }
    }
}
