package org.oxisync.ui.app;

import java.nio.file.Path;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javafx.stage.Stage;
import org.oxisync.app.AppContext;
import org.oxisync.store.account.FolderPair;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.model.BackgroundFolderLoader;
import org.oxisync.ui.model.FolderLoader;
import org.oxisync.ui.model.WizardModel;
import org.oxisync.ui.setup.PairSetup;
import org.oxisync.ui.sync.SyncBackend;
import org.oxisync.ui.view.SettingsView;
import org.oxisync.ui.view.WizardView;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.oxisync.ui.text.ReasonText;
import org.oxisync.ui.base.Background;

/**
 * The folder pairs of the account the window shows, as Settings → Folders and its "Add folder…" wizard change them
 * (the {@link Shell}'s part of {@code SettingsActions} for pairs): the store is changed on the background, then the
 * account's status, the open Settings window and its sync backend are told.
 */
final class PairActions {
    private static final Logger LOG = LoggerFactory.getLogger(PairActions.class);

    private final AccountSessions accounts;
    private final Supplier<AppContext> ctx;
    private final Background background;
    private final Windows windows;
    private final Opener desktop;
    private final Path defaultLocalFolder;
    private final Consumer<String> openFailed;
    private final Supplier<SettingsView> settingsView;

    private final I18n i18n;

    /**
     * @param ctx the shown account's context, the home's before the first sign-in
     * @param openFailed says that a page, file or folder could not be handed to the desktop
     * @param settingsView the open Settings window's view, or null
     */
    PairActions(I18n i18n, AccountSessions accounts, Supplier<AppContext> ctx, Background background, Windows windows,
                Opener desktop, Path defaultLocalFolder, Consumer<String> openFailed,
                Supplier<SettingsView> settingsView) {
        this.i18n = i18n;
        this.accounts = accounts;
        this.ctx = ctx;
        this.background = background;
        this.windows = windows;
        this.desktop = desktop;
        this.defaultLocalFolder = defaultLocalFolder;
        this.openFailed = openFailed;
        this.settingsView = settingsView;
    }

    /** "Add folder…": the pair wizard of the shown account, in its own window. */
    void add() {
        AccountSession current = accounts.current();
        if (current == null) {
            return;
        }
        WizardModel m = new WizardModel(i18n, current.ctx(), background, true, defaultLocalFolder);
        Stage[] stage = new Stage[1];
        WizardView v = new WizardView(i18n, m, desktop::browse, p -> windows.chooseDirectory(p, stage[0]), () -> {
            m.createdPairProperty().set(null);
            windows.closeAddPair();
            changed();
        }, windows::closeAddPair);
        stage[0] = windows.openAddPair(v);
        desktop.onFailure(msg -> {
            if (m.deviceProperty().get() != null) {
                m.browserFailed(msg);
            } else {
                openFailed.accept(msg);
            }
        });
        stage[0].addEventHandler(javafx.stage.WindowEvent.WINDOW_HIDDEN, e -> desktop.onFailure(openFailed));
        stage[0].setOnHidden(e -> m.cancel());
    }

    /** The shown account's pairs changed. */
    void changed() {
        if (accounts.current() != null) {
            changed(accounts.current(), null);
        }
    }

    /** @param runPair a pair to sync once the backend has read the new pairs (null: none) */
    void changed(AccountSession s, String runPair) {
        background.run(() -> s.store().accounts().pairs(), pairs -> {
            s.status().setPairs(pairs);
            SettingsView settings = settingsView.get();
            if (settings != null && s == accounts.current()) {
                settings.reloadPairs(); // the same window, the same tab: never recreated
            }
            if (s.backend().isPresent()) {
                SyncBackend b = s.backend().get();
                boolean run = runPair != null && !s.status().pausedProperty().get();
                background.run(() -> {
                    b.pairsChanged();
                    if (run) {
                        b.syncNow(runPair); // after the service has the new exclusions: a re-ticked folder comes now
                    }
                });
            }
        }, e -> LOG.warn("cannot read the folder pairs: {}", e.toString()));
    }

    void remove(FolderPair pair, Consumer<String> done) {
        if (!windows.confirm(i18n.t("confirm.removePair.title", "pair", pair.name()), i18n.t("confirm.removePair.text",
                "local", pair.localRoot(), "remote", pair.remotePath()), i18n.t("confirm.removePair.ok"))) {
            return;
        }
        AppContext c = ctx.get();
        background.run(() -> {
            new PairSetup(c).remove(pair);
            return null;
        }, r -> {
            done.accept(null);
            changed();
        }, e -> done.accept(i18n.t("settings.folders.removeFailed", "error", e.getMessage())));
    }

    FolderLoader folders() {
        return new BackgroundFolderLoader(background, ctx.get());
    }

    void save(FolderPair pair, Consumer<String> done) {
        AccountSession s = accounts.current();
        if (s == null) {
            return;
        }
        background.run(() -> new PairSetup(s.ctx()).update(pair), p -> {
            done.accept(null);
            changed(s, p.name()); // and sync it: a re-ticked folder downloads without "Sync now"
        }, e -> done.accept(i18n.t("settings.folders.saveFailed", "error", ReasonText.of(i18n, e, s.account().server()))));
    }

    void load(Consumer<List<FolderPair>> then) {
        load(then, 0);
    }

    /** Reads that fail are said and tried again (after 1, 2 and 4 s) before Settings shows no pairs at all. */
    private static final int LOAD_RETRIES = 3;

    private void load(Consumer<List<FolderPair>> then, int attempt) {
        AccountSession s = accounts.current();
        if (s == null) {
            then.accept(List.of());
            return;
        }
        background.run(() -> s.store().accounts().pairs(), then, e -> {
            // an empty list here is Settings without a folder tree: it failed two UI tests in CI, silently
            LOG.warn("cannot read the folder pairs (attempt {}): {}", attempt + 1, e.toString());
            if (attempt >= LOAD_RETRIES) {
                then.accept(List.of());
                return;
            }
            javafx.animation.PauseTransition wait = new javafx.animation.PauseTransition(
                    javafx.util.Duration.seconds(1 << attempt));
            wait.setOnFinished(x -> load(then, attempt + 1));
            wait.play();
        });
    }
}
