package org.oxisync.core.model;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.Set;
import org.oxisync.core.engine.PairRightsSettings;
import org.oxisync.core.engine.QuietPrefetch;
import org.oxisync.core.plan.PairRights;
import org.oxisync.core.engine.SyncEngine;
import org.oxisync.core.engine.SyncListener;
import org.oxisync.core.engine.SyncOptions;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.core.transfer.TransferOptions;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.protocol.ApiConfig;
import org.oxisync.protocol.CredentialStore;
import org.oxisync.protocol.MemoryCredentialStore;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.Sleeper;
import org.oxisync.protocol.RetryPolicy;
import org.oxisync.protocol.Timeouts;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.hash.Blake3;
import org.oxisync.store.hash.FileChunker;
import org.oxisync.protocol.http.HttpOxiCloudApi;

/**
 * One device of the model test: a local folder, its store and an engine, paired with the root of one user's drive.
 * The credentials outlive a {@link #restart()} (they are on disk for a real process); everything else is rebuilt.
 */
final class SeedClient implements AutoCloseable {
    private static final Set<String> TRANSFER_THREADS = Set.of("oxisync-transfer", "oxisync-scan-hash");

    final OxiCloudEmulator server;
    final String user;
    final Path local;
    final Path data;
    final Clock clock;
    final CrashSwitch crash = new CrashSwitch();
    /** The server's ACL for the pair's role: what the engine sent that the rights forbid. */
    final RightsGuard guard;
    private final CredentialStore credentials = new MemoryCredentialStore();
    private final TransferOptions transfers;
    /** Not crash-hooked: the test's own look at the server (trash listing, restores). */
    final OxiCloudApi observer;
    private OxiCloudApi api;
    LocalStore store;
    private SyncEngine engine;
    final long pairId;

    /** A test's own observer of the engine (the crash hooks run first). */
    volatile SyncListener listener = SyncListener.NONE;

    SeedClient(OxiCloudEmulator server, String user, String password, Path dir, TransferOptions transfers) {
        this(server, user, password, dir, transfers, Clock.systemUTC());
    }

    SeedClient(OxiCloudEmulator server, String user, String password, Path dir, TransferOptions transfers,
               Clock clock) {
        this(server, user, password, dir, transfers, clock, PairRights.FULL);
    }

    /** A device whose pair has {@code rights} (its mode and role), with the server's ACL for them ({@link RightsGuard}). */
    SeedClient(OxiCloudEmulator server, String user, String password, Path dir, TransferOptions transfers,
               Clock clock, PairRights rights) {
        this.guard = new RightsGuard(rights);
        this.server = server;
        this.clock = clock;
        this.user = user;
        this.transfers = transfers;
        try {
            this.local = Files.createDirectories(dir.resolve("local"));
            this.data = Files.createDirectories(dir.resolve("data"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.observer = newApi(new MemoryCredentialStore());
        signIn(observer, password);
        OxiCloudApi first = newApi(credentials);
        signIn(first, password);
        first.close();
        open();
        this.pairId = store.accounts().savePair(PairRightsSettings.write(FolderPair.create("model", local.toString(),
                server.rootFolderId(user), "/"), rights)).id();
    }

    private OxiCloudApi newApi(CredentialStore creds) {
        return HttpOxiCloudApi.create(ApiConfig.builder(URI.create(server.baseUrl()), user)
                .credentialStore(creds).clock(clock)
                // retries stay real but do not wait long: the faults are injected, not load
                .sleeper(d -> Thread.sleep(Math.min(5, Math.max(0, d.toMillis()))))
                .retryPolicy(RetryPolicy.DEFAULT)
                .timeouts(new Timeouts(Duration.ofSeconds(2), Duration.ofSeconds(2), Duration.ofSeconds(2),
                        Duration.ofSeconds(5)))
                .hasher((d, o, l) -> {
                    Blake3 h = Blake3.newHasher();
                    h.update(d, o, l);
                    return h.hexDigest();
                }).build());
    }

    private void open() {
        store = LocalStore.open(data, user, clock);
        api = crash.api(guard.api(newApi(credentials)));
        // No wait for the server's tree-ETag flush before the post-run relisting: it only saves the next run some
        // requests (ServerFidelityEngineTest covers it), and at ~0.3 s per writing run it would double the model test's
        // time. Correctness under the delayed flush is what the model checks: the flusher itself stays on.
        engine = new SyncEngine(api, store, new LocalScanner(crash.digester(FileChunker::digest), 2), transfers, clock,
                crash.listener(() -> listener), QuietPrefetch.none(), java.time.Duration.ZERO, Sleeper.SYSTEM);
    }

    /** The undo of recorded runs on this device, with its engine (nothing crash-armed). */
    org.oxisync.core.undo.UndoRun undo() {
        server.flushTreeEtags(); // as a run by sync(): the other device's changes are older than the flush
        return new org.oxisync.core.undo.UndoRun(api, store, engine, clock);
    }

    FolderPair pair() {
        return store.accounts().pair(pairId).orElseThrow();
    }

    /** One run; a simulated crash is returned as null (the switch stays dead until {@link #restart()}). */
    SyncReport sync(SyncOptions options) {
        server.flushTreeEtags(); // another device's changes are older than the server's 500 ms ETag flush
        return syncUnflushed(options);
    }

    /** One run that may start before the server's pending tree-ETag bumps (changes made just now are not seen yet). */
    SyncReport syncUnflushed(SyncOptions options) {
        FolderPair pair = store.accounts().pair(pairId).orElseThrow();
        try {
            SyncReport r = engine.runOnce(pair, options);
            return crash.dead() ? null : r;
        } catch (CrashSwitch.SimulatedCrash e) {
            return null;
        }
    }

    /**
     * An app password ({@code oxicloud-…}, see {@link OxiCloudEmulator#createAppPassword}) signs in over Basic, as
     * {@code oxisync login --app-password-stdin} does; anything else is an account password and a login. Tests that
     * stand for many devices on one emulator use app passwords: the real server allows 10 logins a minute per IP.
     */
    private void signIn(OxiCloudApi api, String password) {
        if (password.startsWith("oxicloud-")) {
            api.loginWithAppPassword(user, password);
        } else {
            api.login(user, password);
        }
    }

    /** {@code oxisync login} again (new tokens in the same credential store), then a new process. */
    void relogin(String password) {
        try (OxiCloudApi fresh = newApi(credentials)) {
            fresh.login(user, password);
        }
        restart();
    }

    /** The process "died": wait for its threads, drop the engine, api and store, and start again on the same data. */
    void restart() {
        awaitWorkers();
        api.close();
        store.close();
        crash.disarm();
        open();
    }

    private static void awaitWorkers() {
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        while (System.nanoTime() < deadline) {
            boolean busy = Thread.getAllStackTraces().keySet().stream()
                    .anyMatch(t -> t.isAlive() && TRANSFER_THREADS.contains(t.getName()));
            if (!busy) {
                return;
            }
            try {
                Thread.sleep(2);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
        throw new AssertionError("engine worker threads still running 10 s after a simulated crash");
    }

    @Override
    public void close() {
        awaitWorkers();
        api.close();
        observer.close();
        store.close();
    }
}
