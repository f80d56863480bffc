package org.oxisync.app.service;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.oxisync.app.AccountList;
import org.oxisync.app.AppContext;
import org.oxisync.app.NamedAccount;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The accounts one process syncs (the daemon, the desktop app), one {@link SyncService} each with its own context
 * (client, store, delta budget), kept in step with the home's account list while the process runs.
 * {@link #reload()} reads {@code config.properties} again: an account added since (by {@code oxisync login}) starts
 * syncing, one removed stops and its store is closed. A signed-out account is not synced (its store stays free for
 * the command line); it starts when it signs in again. The control socket's {@code accounts-changed} request
 * (sent by {@code login}, {@code logout} and {@code accounts remove} when a process syncs the home) and a look at
 * the file's time every few seconds ({@link #reloadIfChanged()}) call it. The control socket's {@code logout}
 * request signs an account out here, as {@code oxisync logout} would, once its sync has stopped and its store is
 * closed: the command line cannot open a store this process holds. docs/accounts.md.
 */
public final class AccountSyncs implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(AccountSyncs.class);

    /** What the process does as accounts come and go (print a line; show the account in the window). */
    public interface Listener {
        Listener NONE = new Listener() { };

        /** {@code running} started syncing (its service is started). */
        default void started(Running running) {
        }

        /** {@code running} stopped syncing (removed, renamed or signed out); its service and store are closed. */
        default void stopped(Running running) {
        }
    }

    /** One account's sync in this process. */
    public record Running(NamedAccount account, AppContext ctx, SyncService service, ControlSocket.Verbs verbs) {
        public ControlSocket.Served served() {
            return new ControlSocket.Served(account.name(), account.key(), service);
        }
    }

    /** What a {@link #reload()} changed, by account name, and the accounts that could not start, with why. */
    public record Change(List<String> started, List<String> stopped, Map<String, String> failed) {
        static final Change NONE = new Change(List.of(), List.of(), Map.of());

        public boolean none() {
            return started.isEmpty() && stopped.isEmpty() && failed.isEmpty();
        }
    }

    private final AppContext root;
    private final Listener listener;
    private final Function<AppContext, SyncService> newService;
    private final String process;
    private final Runnable alsoChanged;
    /** The running accounts by key, in the home's order. */
    private final Map<String, Running> running = new LinkedHashMap<>();
    /** Only this account (the daemon's {@code --account}), or null for all. */
    private final String only;
    private long seenModified = -1;
    private boolean closed;

    /**
     * @param newService builds (does not start) the service of an account's context
     * @param process    how messages name this process ("the daemon", "the desktop app")
     * @param alsoChanged run after the command line changed an account's pairs through the control socket
     * @param only       the one account to sync, or null for every account of the home
     */
    public AccountSyncs(AppContext root, Listener listener, Function<AppContext, SyncService> newService,
                        String process, Runnable alsoChanged, String only) {
        this.root = root;
        this.listener = listener;
        this.newService = newService;
        this.process = process;
        this.alsoChanged = alsoChanged;
        this.only = only;
    }

    /** The accounts synced now, in the home's order. */
    public synchronized List<Running> running() {
        return List.copyOf(running.values());
    }

    /** What the control socket serves now. */
    public List<ControlSocket.Served> served() {
        return running().stream().map(Running::served).toList();
    }

    public Optional<Running> byName(String name) {
        return running().stream().filter(r -> r.account().name().equals(name)).findFirst();
    }

    /** The control socket's store verbs of every running account, and {@code accounts-changed} and {@code logout}. */
    public ControlSocket.Verbs verbs() {
        AccountVerbs perAccount = new AccountVerbs(() -> {
            Map<String, ControlSocket.Verbs> m = new LinkedHashMap<>();
            running().forEach(r -> m.put(r.account().name(), r.verbs()));
            return m;
        });
        return (verb, args) -> switch (verb) {
            case "accounts-changed" -> Optional.of(answerReload(args));
            case "logout" -> Optional.of(answerLogout(args));
            default -> perAccount.answer(verb, args);
        };
    }

    /**
     * Reads the account list again and starts and stops syncs to match it. An account named in {@code restart}
     * (it signed in again: new credentials) is stopped and started again if it runs.
     */
    public synchronized Change reload(String restart) throws IOException {
        if (closed) {
            return Change.NONE;
        }
        seenModified = modified();
        AccountList accounts = root.reloadAccounts();
        List<String> started = new ArrayList<>();
        List<String> stopped = new ArrayList<>();
        Map<String, String> failed = new LinkedHashMap<>();
        for (Running r : List.copyOf(running.values())) {
            Optional<NamedAccount> now = accounts.byKey(r.account().key());
            boolean gone = now.isEmpty() || !now.get().name().equals(r.account().name())
                    || !now.get().config().equals(r.account().config()) || !root.signedIn(r.account())
                    || r.account().name().equals(restart);
            if (gone) {
                stop(r);
                stopped.add(r.account().name());
            }
        }
        for (NamedAccount a : accounts.all()) {
            if (running.containsKey(a.key()) || (only != null && !only.equals(a.name()))) {
                continue;
            }
            if (!root.signedIn(a)) {
                LOG.info("account {} is signed out: not synced until it signs in again", a.name());
                continue;
            }
            try {
                start(a);
                started.add(a.name());
            } catch (RuntimeException e) {
                LOG.warn("cannot sync account {}: {}", a.name(), e.toString());
                failed.put(a.name(), String.valueOf(e.getMessage()));
            }
        }
        // keep the home's order
        Map<String, Running> ordered = new LinkedHashMap<>();
        accounts.all().forEach(a -> Optional.ofNullable(running.get(a.key())).ifPresent(r -> ordered.put(a.key(), r)));
        running.clear();
        running.putAll(ordered);
        if (!failed.isEmpty()) {
            seenModified = -1; // try again at the next look (a login may have held the store for a moment)
        }
        return new Change(started, stopped, failed);
    }

    public Change reload() throws IOException {
        return reload(null);
    }

    /** {@link #reload()} when {@code config.properties} changed since the last one (or the first time). */
    public Change reloadIfChanged() throws IOException {
        synchronized (this) {
            if (modified() == seenModified) {
                return Change.NONE;
            }
        }
        return reload();
    }

    private long modified() {
        try {
            return java.nio.file.Files.getLastModifiedTime(root.home().configFile()).toMillis();
        } catch (IOException e) {
            return 0;
        }
    }

    private void start(NamedAccount a) {
        AppContext ctx = root.forAccount(a.name());
        SyncService service;
        try {
            ctx.store(); // a store another process holds: not this account, say so
            service = newService.apply(ctx);
        } catch (RuntimeException e) {
            ctx.close();
            throw e;
        }
        ControlSocket.Verbs verbs = StoreVerbs.forService(ctx, service, process, alsoChanged);
        Running r = new Running(a, ctx, service, verbs);
        running.put(a.key(), r);
        service.start();
        listener.started(r);
    }

    private void stop(Running r) {
        running.remove(r.account().key());
        try {
            r.service().close();
        } finally {
            r.ctx().close();
        }
        listener.stopped(r);
    }

    private String answerReload(String args) {
        try {
            Change c = reload(accountOf(args));
            return org.oxisync.app.service.StatusJson.JSON.createObjectNode().put("ok", true)
                    .put("started", String.join(",", c.started())).put("stopped", String.join(",", c.stopped()))
                    .toString();
        } catch (IOException | RuntimeException e) {
            return ControlSocket.error("cannot read the accounts again: " + e.getMessage());
        }
    }

    /**
     * Signs the named account out as {@code oxisync logout} does: its sync stops and its store closes first, then
     * the server is told and the credentials are deleted. The account stays in the list (signed out).
     */
    private String answerLogout(String args) {
        String name = accountOf(args);
        Optional<NamedAccount> account = name == null ? root.accounts().all().stream().findFirst()
                : root.accounts().byName(name);
        if (account.isEmpty()) {
            return ControlSocket.error("no account named '" + name + "'");
        }
        NamedAccount a = account.get();
        String warning = "";
        synchronized (this) {
            Optional.ofNullable(running.get(a.key())).ifPresent(this::stop);
            try (AppContext one = root.forAccount(a.name())) {
                one.api().logout();
            } catch (RuntimeException e) {
                warning = "the server could not be told (" + e.getMessage() + "); the local credentials are deleted"
                        + " anyway";
            }
            root.credentials().delete(a.key());
        }
        return org.oxisync.app.service.StatusJson.JSON.createObjectNode().put("ok", true).put("account", a.name())
                .put("warning", warning).toString();
    }

    private static String accountOf(String args) {
        if (args == null || args.isBlank()) {
            return null;
        }
        try {
            com.fasterxml.jackson.databind.JsonNode n = org.oxisync.app.service.StatusJson.JSON.readTree(args);
            return n.hasNonNull("account") ? n.get("account").asText() : null;
        } catch (IOException e) {
            return null;
        }
    }

    @Override
    public synchronized void close() {
        closed = true;
        for (Running r : List.copyOf(running.values())) {
            try {
                stop(r);
            } catch (RuntimeException e) {
                LOG.debug("closing account {}: {}", r.account().name(), e.toString());
            }
        }
    }
}
