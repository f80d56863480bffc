package org.oxisync.app;

import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.time.Clock;
import java.util.Optional;
import org.oxisync.core.engine.QuietPrefetch;
import org.oxisync.core.engine.SyncEngine;
import org.oxisync.core.engine.SyncListener;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.core.transfer.TransferOptions;
import java.net.Proxy;
import org.oxisync.protocol.ApiConfig;
import org.oxisync.protocol.Bandwidth;
import org.oxisync.protocol.DeltaBudget;
import org.oxisync.protocol.FileDeltaBudgetStore;
import org.oxisync.protocol.Sleeper;
import org.oxisync.store.StoreOptions;
import org.oxisync.store.versions.RetentionPolicy;
import org.oxisync.protocol.CredentialStore;
import org.oxisync.protocol.FileCredentialStore;
import org.oxisync.protocol.KeyringCredentialStore;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.store.LocalStore;
import org.oxisync.store.hash.Blake3;
import org.oxisync.store.hash.FileChunker;
import org.oxisync.protocol.http.HttpOxiCloudApi;

/**
 * The composition root of one process (CLI or UI): wires configuration, credentials, the API client, the local
 * store and the engine with plain constructors. Opened once; closes what it opened.
 *
 * <p>A home holds several accounts ({@link AccountList}, docs/accounts.md). The context the process opens is bound
 * to none: its {@link #api()}, {@link #store()} and {@link #engine} serve the first account (the only one, in most
 * homes). {@link #forAccount(String)} gives a context bound to one account, with that account's own client, store
 * and delta budget, sharing this one's home, clock, credential store and bandwidth limits; the CLI's commands, the
 * daemon and the desktop app's service work through those.
 */
public final class AppContext implements AutoCloseable {
    private final AppHome home;
    private final Clock clock;
    /** Shared by this context and every context bound from it. */
    private final Shared shared;
    /** The account this context serves, or null for the first one. */
    private final String bound;
    private OxiCloudApi api;
    private LocalStore store;
    /** The API client's upload/download limits; the service and the UI change them while transfers run. */
    private final Bandwidth bandwidth;

    /** What the contexts of one process share: the account list, the credential store, the delta budgets. */
    private static final class Shared {
        AccountList accounts;
        CredentialStore credentials;
        final java.util.Map<String, DeltaBudget> deltaBudgets = new java.util.HashMap<>();

        Shared(AccountList accounts) {
            this.accounts = accounts;
        }
    }

    /**
     * Opens {@code home}. A home made before accounts had names (one server and user in {@code config.properties})
     * is rewritten in the new format here, once; its store, credentials and budget are already kept under the
     * account's key, so nothing else moves (docs/accounts.md, "Migration").
     */
    public AppContext(AppHome home, Clock clock) throws IOException {
        this.home = home;
        this.clock = clock;
        PrivateHome.secure(home);
        AccountList accounts = AccountList.load(home.configFile());
        if (accounts.migrated()) {
            accounts = accounts.save(home.configFile());
        }
        this.shared = new Shared(accounts);
        this.bound = null;
        this.bandwidth = Bandwidth.unlimited(clock, Sleeper.SYSTEM);
    }

    private AppContext(AppContext parent, String account) {
        this.home = parent.home;
        this.clock = parent.clock;
        this.shared = parent.shared;
        this.bound = account;
        this.bandwidth = parent.bandwidth;
    }

    /**
     * A context bound to the account named {@code name}, with its own API client and store (opened when first
     * used, closed by its {@link #close()}); the rest is shared with this one.
     *
     * @throws IllegalArgumentException when there is no such account
     */
    public AppContext forAccount(String name) {
        if (accounts().byName(name).isEmpty()) {
            throw new IllegalArgumentException("no account named '" + name + "'");
        }
        return new AppContext(this, name);
    }

    /** The accounts of this home, in the order they were added. */
    public AccountList accounts() {
        synchronized (shared) {
            return shared.accounts;
        }
    }

    /** The account this context serves: the one it is bound to, else the first; empty in a home with none. */
    public Optional<NamedAccount> account() {
        AccountList all = accounts();
        if (bound != null) {
            return all.byName(bound);
        }
        return all.all().stream().findFirst();
    }

    /**
     * Reads {@code config.properties} again (another process added or removed an account) and returns the list;
     * every context of this process sees it from now on.
     */
    public AccountList reloadAccounts() throws IOException {
        synchronized (shared) {
            AccountList fresh = AccountList.load(home.configFile());
            shared.accounts = fresh.migrated() ? fresh.save(home.configFile()) : fresh;
            return shared.accounts;
        }
    }

    /** Adds {@code account}, or replaces the one with the same key (server and user), and saves the list. */
    public void saveAccount(NamedAccount account) throws IOException {
        synchronized (shared) {
            shared.accounts = shared.accounts.with(account).save(home.configFile());
        }
    }

    /** Forgets the account named {@code name} (its store folder and files stay; docs/accounts.md). */
    public void removeAccount(String name) throws IOException {
        synchronized (shared) {
            shared.accounts = shared.accounts.without(name).save(home.configFile());
        }
    }

    /** The limits every API client of this process shares (bytes/s, 0 = unlimited), changeable at any time. */
    public Bandwidth bandwidth() {
        return bandwidth;
    }

    public AppHome home() {
        return home;
    }

    public Clock clock() {
        return clock;
    }

    /** The server, user and pinned certificate of {@link #account()}; {@link AppConfig#EMPTY} without one. */
    public AppConfig config() {
        return account().map(NamedAccount::config).orElse(AppConfig.EMPTY);
    }

    /**
     * Saves {@code newConfig} as an account: in place of the account with the same server and user (keeping its
     * name), else as a new one named {@code user@host}. {@link AppConfig#EMPTY} removes the account this context
     * serves from the list (what the desktop app's "Remove account" does; its store folder stays).
     */
    public void saveConfig(AppConfig newConfig) throws IOException {
        if (!newConfig.hasAccount()) {
            Optional<NamedAccount> served = account();
            if (served.isPresent()) {
                removeAccount(served.get().name());
            }
            return;
        }
        synchronized (shared) {
            String name = shared.accounts.byKey(newConfig.accountKey()).map(NamedAccount::name)
                    .orElseGet(() -> shared.accounts.freeDefaultName(newConfig.server(), newConfig.user()));
            saveAccount(new NamedAccount(name, newConfig));
        }
    }

    /** The OS keychain where there is one; in a portable home (or without a keychain) a 0600 file. */
    public CredentialStore credentials() {
        synchronized (shared) {
            if (shared.credentials == null) {
                shared.credentials = home.portable() ? new FileCredentialStore(home.credentialsDir())
                        : KeyringCredentialStore.systemOrFile("OxiSync", home.credentialsDir());
            }
            return shared.credentials;
        }
    }

    /** Whether the credential store holds a session or app password of {@code account} (signed in). */
    public boolean signedIn(NamedAccount account) {
        return credentials().load(account.key()).isPresent();
    }

    /** An API client for {@code server} whose credentials are kept under {@code accountKey}. */
    public OxiCloudApi newApi(String server, String accountKey, String pinnedSha256) {
        ApiConfig.Builder b = ApiConfig.builder(URI.create(server), accountKey)
                .credentialStore(credentials())
                .clock(clock)
                .hasher((data, off, len) -> {
                    Blake3 h = Blake3.newHasher();
                    h.update(data, off, len);
                    return h.hexDigest();
                })
                .userAgent("OxiSync/" + Version.current())
                .bandwidth(bandwidth)
                .deltaBudget(deltaBudget(server, accountKey));
        if (pinnedSha256 != null) {
            b.pinnedCertificateSha256(pinnedSha256);
        }
        proxy(accountKey).ifPresent(b::proxy);
        return HttpOxiCloudApi.create(b.build());
    }

    /**
     * The account's budget of rate-limited delta requests (OxiCloud 0.8.7 allows 240 per user until 60 s pass
     * without one; audit finding #1): one per account in this process, kept in a file of the data folder so that
     * the next process (a cron {@code sync-once} a minute later, the daemon, the desktop app) knows what this one
     * spent and does not start with a budget the server has not restored.
     */
    private DeltaBudget deltaBudget(String server, String accountKey) {
        String key = server + " " + accountKey;
        synchronized (shared) {
            return shared.deltaBudgets.computeIfAbsent(key, k -> DeltaBudget.persistent(new FileDeltaBudgetStore(
                home.dataDir().resolve("delta-budget-" + fileSafe(accountKey) + ".txt"))));
        }
    }

    private static String fileSafe(String s) {
        return s.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** {@code network.proxy} from the account's settings: {@code none}, {@code host:port}; absent or {@code system} = the JVM default. */
    private Optional<Proxy> proxy(String accountKey) {
        if (!config().hasAccount()) {
            return Optional.empty();
        }
        LocalStore s;
        try {
            s = store();
        } catch (org.oxisync.store.error.StoreException e) {
            // a login while a daemon or the desktop app holds the store: the JVM's default proxy (a client that
            // syncs opens the store itself, and that fails there, with this message)
            org.slf4j.LoggerFactory.getLogger(AppContext.class).debug("proxy setting not read: {}", e.getMessage());
            return Optional.empty();
        }
        return s.settings().get(SettingKeys.PROXY).flatMap(SettingKeys::parseProxy);
    }

    /** The client of {@link #account()}. */
    public synchronized OxiCloudApi api() {
        if (api == null) {
            AppConfig config = config();
            api = newApi(config.server(), config.accountKey(), config.pinnedSha256());
        }
        return api;
    }

    /** Whether this context holds its account's store open now. */
    public synchronized boolean storeOpen() {
        return store != null;
    }

    /** The local store of {@link #account()} (taking its directory lock). */
    public synchronized LocalStore store() {
        if (store == null) {
            AppConfig config = config();
            // a kept copy of SQLite's native library, not a fresh extraction per start (see SqliteNativeLibrary)
            org.oxisync.store.db.SqliteNativeLibrary.useCopyIn(home.dataDir().resolve("native"));
            store = LocalStore.open(home.dataDir(), config.accountKey(), clock);
            RetentionPolicy retention = SettingKeys.retention(store.settings().all());
            if (!retention.equals(store.options().retention())) {
                store.close();
                store = LocalStore.open(home.dataDir(), config.accountKey(), clock,
                        StoreOptions.DEFAULT.withRetention(retention));
            }
            bandwidth.upload().setBytesPerSecond(SettingKeys.kibPerSecond(store.settings().all(), SettingKeys.UP));
            bandwidth.download().setBytesPerSecond(SettingKeys.kibPerSecond(store.settings().all(), SettingKeys.DOWN));
        }
        return store;
    }

    public SyncEngine engine(SyncListener listener) {
        return engine(listener, QuietPrefetch.none());
    }

    /** An engine that takes the outcome of quiet walks started early ({@link #prefetchQuietWalks}). */
    public SyncEngine engine(SyncListener listener, QuietPrefetch prefetch) {
        // a pair re-reads its role from the server's drive list when the server refuses a write
        org.oxisync.core.engine.RoleSource roles = pair -> store().accounts().account()
                .flatMap(a -> new org.oxisync.core.engine.DriveRoleSource(api(), a).currentRole(pair));
        return new SyncEngine(api(), store(), scanner(), transferOptions(config().server()), clock, listener, prefetch,
                SyncEngine.DEFAULT_SERVER_FLUSH_WAIT, org.oxisync.protocol.Sleeper.SYSTEM, roles);
    }

    /**
     * Starts the quiet walks of the sealed pairs {@code wanted} accepts before the store is open (see {@link
     * QuietPrefetch}); nothing when no account is set up.
     */
    public QuietPrefetch prefetchQuietWalks(java.util.function.Predicate<org.oxisync.store.account.FolderPair> wanted) {
        if (!config().hasAccount()) {
            return QuietPrefetch.none();
        }
        try {
            return QuietPrefetch.start(LocalStore.directoryOf(home.dataDir(), config().accountKey()), scanner(), wanted);
        } catch (IllegalArgumentException e) {
            return QuietPrefetch.none(); // a malformed account key: opening the store reports it
        }
    }

    /**
     * The defaults, with large files sent while they are hashed when the server is elsewhere
     * ({@link org.oxisync.core.transfer.EarlySendPolicy}; {@code -Doxisync.upload.earlySendBytes=N} overrides it).
     */
    private static TransferOptions transferOptions(String server) {
        return org.oxisync.core.transfer.EarlySendPolicy.options(server,
                Long.getLong(org.oxisync.core.transfer.EarlySendPolicy.PROPERTY));
    }

    private LocalScanner scanner() {
        return new LocalScanner(FileChunker::digest, Math.max(1, Runtime.getRuntime().availableProcessors()));
    }

    public static String hostName() {
        try {
            String h = InetAddress.getLocalHost().getHostName();
            int dot = h.indexOf('.');
            return dot > 0 ? h.substring(0, dot) : h;
        } catch (IOException e) {
            return "this-computer";
        }
    }

    @Override
    public synchronized void close() {
        if (api != null) {
            api.close();
            api = null;
        }
        if (store != null) {
            store.close();
            store = null;
        }
    }
}
