package org.oxisync.ui.app;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import javafx.application.Platform;
import org.oxisync.app.AppContext;
import org.oxisync.app.AppHome;
import org.oxisync.app.NamedAccount;
import org.oxisync.ui.i18n.I18n;
import org.oxisync.ui.sync.SyncBackend;
import org.oxisync.ui.sync.SyncFeed;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.oxisync.ui.base.Background;

/**
 * The desktop app's accounts: one {@link AccountSession} per account of the home, the one the window shows, and the
 * control socket that serves them all ({@link AppControl}). Keeps them in step with the home's account list: an
 * account added (in the app, or by {@code oxisync login} beside it) starts syncing, one removed stops, one that
 * signed in again restarts with its new credentials; nothing else is disturbed. FX thread, but for the control
 * socket's reads of the list.
 */
final class AccountSessions {
    private static final Logger LOG = LoggerFactory.getLogger(AccountSessions.class);

    /** What the shell does for the sessions. */
    interface Hooks {
        /** The feed a new session's backend reports to (status, notices, the mass-delete question). */
        SyncFeed feed(AccountSession s);

        /** The command line changed {@code s}'s pairs through the control socket. */
        void pairsChangedByCommandLine(AccountSession s);

        /** The accounts or the shown one changed: show the main window again (or the wizard when none is left). */
        void shown();

        /** An account's state that the tray shows changed. */
        void stateChanged();

        /** The command line signed an account out. */
        void signedOut(AccountSession s);
    }

    private final AppHome home;
    private final AppContext root;
    private final Clock clock;
    private final Background background;
    private final Shell.BackendFactory backends;
    private final Hooks hooks;
    /** Every account of the home, in its order; read by the control socket's threads. */
    private final List<AccountSession> sessions = new java.util.concurrent.CopyOnWriteArrayList<>();
    /** The account the window shows; null before the first sign-in. */
    private AccountSession current;
    private Optional<AppControl> control = Optional.empty();

    private final I18n i18n;

    AccountSessions(I18n i18n, AppHome home, AppContext root, Clock clock, Background background,
                    Shell.BackendFactory backends, Hooks hooks) {
        this.i18n = i18n;
        this.home = home;
        this.root = root;
        this.clock = clock;
        this.background = background;
        this.backends = backends;
        this.hooks = hooks;
    }

    List<AccountSession> all() {
        return List.copyOf(sessions);
    }

    /** The account the window shows, or null before the first sign-in. */
    AccountSession current() {
        return current;
    }

    Optional<AccountSession> byName(String name) {
        return sessions.stream().filter(s -> s.name().equals(name)).findFirst();
    }

    /** Shows {@code s} (it must be one of these). */
    void select(AccountSession s) {
        current = s;
    }

    /** A session for each account of the home that has none yet (each starts syncing in {@link #startAll()}). */
    void open() {
        for (NamedAccount a : root.accounts().all()) {
            if (byName(a.name()).isEmpty()) {
                AccountSession s = new AccountSession(i18n, a, root.forAccount(a.name()), clock, background);
                s.status().overallProperty().addListener((o, x, y) -> hooks.stateChanged());
                s.status().headlineProperty().addListener((o, x, y) -> hooks.stateChanged());
                s.status().pausedProperty().addListener((o, x, y) -> hooks.stateChanged());
                sessions.add(s);
            }
        }
        if (current == null && !sessions.isEmpty()) {
            current = sessions.get(0);
        }
    }

    /** Every session without a running sync starts syncing. */
    void startAll() {
        sessions.forEach(this::start);
    }

    /** Starts the sync of {@code s} unless it runs: its pairs, its backend, its place on the control socket. */
    private void start(AccountSession s) {
        if (s.backend().isPresent()) {
            return;
        }
        SyncBackend b = backends.apply(s.ctx(), hooks.feed(s));
        org.oxisync.app.service.ControlSocket.Verbs verbs = b instanceof org.oxisync.ui.sync.ServiceBackend sb
                ? org.oxisync.app.service.StoreVerbs.forService(s.ctx(), sb.service(), "the desktop app",
                        () -> Platform.runLater(() -> hooks.pairsChangedByCommandLine(s)))
                : null;
        s.setBackend(b, verbs);
        background.run(() -> s.store().accounts().pairs(), pairs -> {
            s.status().setPairs(pairs);
            s.reloadLists();
            s.seedRecentChanges(background);
            background.run(() -> { // the service reads the pairs from the store: off the FX thread
                b.start();
                serveCommandLine();
            });
        }, e -> LOG.warn("cannot read the folder pairs of {}: {}", s.name(), e.toString()));
    }

    /**
     * The account named {@code name} signed in again (here, or by {@code oxisync login} beside the app): a fresh
     * session (new credentials), the same pairs, syncing again.
     */
    void restart(String name, boolean say, Runnable then) {
        Optional<AccountSession> old = byName(name);
        if (old.isEmpty()) {
            reload(null, false);
            return;
        }
        AccountSession s = old.get();
        SyncBackend b = s.takeBackend();
        background.run(() -> {
            if (b != null) {
                b.close();
            }
            s.ctx().close();
            return null;
        }, r -> {
            int at = sessions.indexOf(s);
            sessions.remove(s);
            boolean wasCurrent = current == s;
            if (wasCurrent) {
                current = null;
            }
            open();
            AccountSession fresh = byName(name).orElseThrow();
            sessions.remove(fresh);
            sessions.add(Math.max(0, Math.min(at, sessions.size())), fresh);
            if (wasCurrent || current == null) {
                current = fresh;
            }
            if (say) {
                fresh.status().setFeedback(i18n.t("feedback.signedIn"));
            }
            then.run();
            hooks.shown();
        }, e -> LOG.warn("cannot restart the session: {}", e.toString()));
    }

    /**
     * Reads the account list again: sessions for new accounts start syncing, removed accounts stop.
     *
     * @param select the account to show now (one just added), or null
     * @param show   whether to show the main window even if nothing changed (after the first-use wizard)
     */
    void reload(String select, boolean show) {
        background.run(() -> root.reloadAccounts(), list -> {
            List<AccountSession> gone = sessions.stream().filter(s -> list.byKey(s.account().key()).isEmpty()
                    || list.byName(s.name()).isEmpty()).toList();
            for (AccountSession s : gone) {
                drop(s);
                AccountActions.stop(s, background);
            }
            int before = sessions.size();
            open();
            if (select != null) {
                byName(select).ifPresent(s -> current = s);
            }
            if (show || !gone.isEmpty() || sessions.size() != before || select != null) {
                hooks.shown();
            }
        }, e -> LOG.warn("cannot read the accounts again: {}", e.toString()));
    }

    /** Takes {@code s} out of the list (removed); the next account is shown. */
    void drop(AccountSession s) {
        sessions.remove(s);
        if (current == s) {
            current = sessions.isEmpty() ? null : sessions.get(0);
        }
    }

    /**
     * Opens the control socket that {@code oxisync status} and the store-changing commands use while this app holds
     * the stores; they run through client-core's {@code StoreVerbs}, as in the daemon, each for its account.
     */
    private synchronized void serveCommandLine() {
        if (control.isPresent() || sessions.stream().noneMatch(s -> s.verbs().isPresent())) {
            return;
        }
        control = AppControl.open(home.dir(), new AppControl.Accounts() {
            @Override
            public List<AccountSession> syncing() {
                return List.copyOf(sessions);
            }

            @Override
            public void changed(String restart) {
                Platform.runLater(() -> {
                    if (restart != null && byName(restart).isPresent()) {
                        restart(restart, false, () -> { });
                    } else {
                        reload(null, false);
                    }
                });
            }

            @Override
            public Optional<String> logOut(String account) {
                return AccountActions.logOutFromCommandLine(sessions, account, hooks::signedOut);
            }
        });
    }

    /** Stops every sync, closes the control socket and every store. */
    void close() {
        synchronized (this) {
            control.ifPresent(AppControl::close);
            control = Optional.empty();
        }
        for (AccountSession s : sessions) {
            SyncBackend b = s.takeBackend();
            if (b != null) {
                b.close();
            }
        }
        sessions.forEach(s -> s.ctx().close());
    }
}
