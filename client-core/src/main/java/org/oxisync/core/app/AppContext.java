package org.oxisync.core.app;

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

/**
 * The composition root of one process (CLI or UI): wires configuration, credentials, the API client, the local
 * store and the engine with plain constructors. Opened once; closes what it opened.
 */
public final class AppContext implements AutoCloseable {
    private final AppHome home;
    private final Clock clock;
    private AppConfig config;
    private CredentialStore credentials;
    private OxiCloudApi api;
    private LocalStore store;
    /** The API client's upload/download limits; the service and the UI change them while transfers run. */
    private final Bandwidth bandwidth;

    public AppContext(AppHome home, Clock clock) throws IOException {
        this.home = home;
        this.clock = clock;
        this.config = AppConfig.load(home.configFile());
        this.bandwidth = Bandwidth.unlimited(clock, Sleeper.SYSTEM);
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

    private final java.util.Map<String, DeltaBudget> deltaBudgets = new java.util.HashMap<>();

    public AppConfig config() {
        return config;
    }

    public void saveConfig(AppConfig newConfig) throws IOException {
        newConfig.save(home.configFile());
        this.config = newConfig;
    }

    /** The OS keychain where there is one; in a portable home (or without a keychain) a 0600 file. */
    public synchronized CredentialStore credentials() {
        if (credentials == null) {
            credentials = home.portable() ? new FileCredentialStore(home.credentialsDir())
                    : KeyringCredentialStore.systemOrFile("OxiSync", home.credentialsDir());
        }
        return credentials;
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
        proxy().ifPresent(b::proxy);
        return OxiCloudApi.create(b.build());
    }

    /**
     * The account's budget of rate-limited delta requests (OxiCloud 0.8.7 allows 240 per user until 60 s pass
     * without one; audit finding #1): one per account in this process, kept in a file of the data folder so that
     * the next process (a cron {@code sync-once} a minute later, the daemon, the desktop app) knows what this one
     * spent and does not start with a budget the server has not restored.
     */
    private synchronized DeltaBudget deltaBudget(String server, String accountKey) {
        String key = server + " " + accountKey;
        return deltaBudgets.computeIfAbsent(key, k -> DeltaBudget.persistent(new FileDeltaBudgetStore(
                home.dataDir().resolve("delta-budget-" + fileSafe(accountKey) + ".txt"))));
    }

    private static String fileSafe(String s) {
        return s.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /** {@code network.proxy} from the account's settings: {@code none}, {@code host:port}; absent or {@code system} = the JVM default. */
    private Optional<Proxy> proxy() {
        if (!config.hasAccount()) {
            return Optional.empty();
        }
        return store().settings().get(SettingKeys.PROXY).flatMap(SettingKeys::parseProxy);
    }

    /** The client of the logged-in account. */
    public synchronized OxiCloudApi api() {
        if (api == null) {
            api = newApi(config.server(), config.accountKey(), config.pinnedSha256());
        }
        return api;
    }

    /** The local store of the logged-in account (taking its directory lock). */
    public synchronized LocalStore store() {
        if (store == null) {
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
        return new SyncEngine(api(), store(), scanner(), TransferOptions.defaults(), clock, listener, prefetch,
                SyncEngine.DEFAULT_SERVER_FLUSH_WAIT, org.oxisync.protocol.Sleeper.SYSTEM, roles);
    }

    /**
     * Starts the quiet walks of the sealed pairs {@code wanted} accepts before the store is open (see {@link
     * QuietPrefetch}); nothing when no account is set up.
     */
    public QuietPrefetch prefetchQuietWalks(java.util.function.Predicate<org.oxisync.store.account.FolderPair> wanted) {
        if (!config.hasAccount()) {
            return QuietPrefetch.none();
        }
        try {
            return QuietPrefetch.start(LocalStore.directoryOf(home.dataDir(), config.accountKey()), scanner(), wanted);
        } catch (IllegalArgumentException e) {
            return QuietPrefetch.none(); // a malformed account key: opening the store reports it
        }
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
