package org.oxisync.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.util.Map;
import java.util.stream.Stream;
import org.oxisync.core.scan.Digester;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.core.naming.TempNames;
import org.oxisync.core.testing.TreeSnapshots;
import org.oxisync.core.transfer.TransferOptions;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.emulator.RemoteClient;
import org.oxisync.protocol.ApiConfig;
import org.oxisync.protocol.MemoryCredentialStore;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.store.LocalStore;
import org.oxisync.store.StoreOptions;
import org.oxisync.store.account.FolderPair;
import org.oxisync.store.hash.Blake3;
import org.oxisync.store.hash.FileChunker;
import org.oxisync.protocol.http.HttpOxiCloudApi;

/**
 * One client (local folder + store + engine) paired with the root of a user's drive on an embedded emulator.
 * Several harnesses may share one emulator (two devices of one user).
 */
final class SyncHarness implements AutoCloseable {
    static final String USER = "alice";
    static final String PASSWORD = "secret";

    final OxiCloudEmulator server;
    final Path local;
    final Path data;
    final Clock clock;
    final OxiCloudApi api;
    final LocalStore store;
    final FolderPair pair;
    private SyncEngine engine;
    private SyncOptions options = SyncOptions.defaults("testhost");
    private final boolean ownsServer;
    private final Digester digester;

    static OxiCloudEmulator newServer() {
        return OxiCloudEmulator.start(EmulatorConfig.builder().user(USER, PASSWORD).build());
    }

    static SyncHarness start(Path tmp) {
        return new SyncHarness(newServer(), tmp, true, Clock.systemUTC());
    }

    SyncHarness(OxiCloudEmulator server, Path tmp, boolean ownsServer, Clock clock) {
        this(server, tmp, ownsServer, clock, b -> b);
    }

    /** With {@code apiOptions} applied to the API client's configuration (a delta budget, a listener...). */
    SyncHarness(OxiCloudEmulator server, Path tmp, boolean ownsServer, Clock clock,
                java.util.function.UnaryOperator<ApiConfig.Builder> apiOptions) {
        this(server, tmp, ownsServer, clock, apiOptions, StoreOptions.DEFAULT, FileChunker::digest);
    }

    /** With the store opened with {@code storeOptions} (a disk that fills up) and the scan hashing with {@code digester}. */
    SyncHarness(OxiCloudEmulator server, Path tmp, boolean ownsServer, Clock clock,
                java.util.function.UnaryOperator<ApiConfig.Builder> apiOptions, StoreOptions storeOptions,
                Digester digester) {
        this(server, tmp, ownsServer, clock, apiOptions, storeOptions, digester, a -> a);
    }

    /** With the engine's API client wrapped by {@code wrap} (a test seam that sees or delays its calls). */
    SyncHarness(OxiCloudEmulator server, Path tmp, boolean ownsServer, Clock clock,
                java.util.function.UnaryOperator<ApiConfig.Builder> apiOptions,
                java.util.function.UnaryOperator<OxiCloudApi> wrap) {
        this(server, tmp, ownsServer, clock, apiOptions, StoreOptions.DEFAULT, FileChunker::digest, wrap);
    }

    private SyncHarness(OxiCloudEmulator server, Path tmp, boolean ownsServer, Clock clock,
                        java.util.function.UnaryOperator<ApiConfig.Builder> apiOptions, StoreOptions storeOptions,
                        Digester digester, java.util.function.UnaryOperator<OxiCloudApi> wrap) {
        this.digester = digester;
        this.server = server;
        this.ownsServer = ownsServer;
        this.clock = clock;
        try {
            this.local = Files.createDirectories(tmp.resolve("local"));
            this.data = Files.createDirectories(tmp.resolve("data"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.api = wrap.apply(HttpOxiCloudApi.create(apiOptions.apply(apiConfig(server, clock)).build()));
        api.login(USER, PASSWORD);
        this.store = LocalStore.open(data, "alice", clock, storeOptions);
        String root = server.rootFolderId(USER);
        this.pair = store.accounts().savePair(FolderPair.create("test", local.toString(), root, "/"));
        this.engine = newEngine();
    }

    static OxiCloudApi newApi(OxiCloudEmulator server, Clock clock) {
        return HttpOxiCloudApi.create(apiConfig(server, clock).build());
    }

    static ApiConfig.Builder apiConfig(OxiCloudEmulator server, Clock clock) {
        return ApiConfig.builder(URI.create(server.baseUrl()), "alice")
                .credentialStore(new MemoryCredentialStore()).clock(clock)
                .hasher((d, o, l) -> {
                    Blake3 h = Blake3.newHasher();
                    h.update(d, o, l);
                    return h.hexDigest();
                });
    }

    SyncEngine newEngine() {
        return new SyncEngine(api, store, new LocalScanner(digester, 2), TransferOptions.defaults(), clock,
                SyncListener.NONE);
    }

    SyncHarness options(SyncOptions o) {
        this.options = o;
        return this;
    }

    RemoteClient remote() {
        return server.remote(USER);
    }

    /**
     * One run. The server's tree ETags are flushed first: OxiCloud bumps them every 500 ms, and a test's "another
     * device changed this" is older than that when the run starts (a run that starts within the 500 ms does not see
     * the change until its next run, as against a real server; {@link #syncUnflushed} shows that).
     */
    SyncReport sync() {
        server.flushTreeEtags();
        return syncUnflushed();
    }

    /** One run, without waiting for the server's pending tree-ETag bumps. */
    SyncReport syncUnflushed() {
        return engine.runOnce(store.accounts().pair(pair.id()).orElseThrow(), options);
    }

    /** Syncs and requires a clean result. */
    SyncReport syncOk() {
        SyncReport r = sync();
        assertEquals(SyncStatus.OK, r.status(), () -> "run not ok: " + r.message() + " " + r.errors());
        return r;
    }

    // ---- local side -----------------------------------------------------------------------------------------

    Path write(String rel, String text) {
        return write(rel, text.getBytes(StandardCharsets.UTF_8));
    }

    Path write(String rel, byte[] bytes) {
        try {
            Path p = local.resolve(rel);
            Files.createDirectories(p.getParent());
            boolean existed = Files.exists(p);
            FileTime before = existed ? Files.getLastModifiedTime(p) : null;
            Files.write(p, bytes);
            if (existed && Files.getLastModifiedTime(p).equals(before)) {
                // same-millisecond rewrite: make the change visible to the quick size/mtime check, as time would
                Files.setLastModifiedTime(p, FileTime.fromMillis(before.toMillis() + 1000));
            }
            return p;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Deletes a local file or a whole folder. */
    void delete(String rel) {
        Path p = local.resolve(rel);
        try (Stream<Path> s = Files.walk(p)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(x -> {
                try {
                    Files.delete(x);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String read(String rel) {
        try {
            return Files.readString(local.resolve(rel), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    byte[] readBytes(String rel) {
        try {
            return Files.readAllBytes(local.resolve(rel));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    boolean exists(String rel) {
        return Files.exists(local.resolve(rel));
    }

    /** Every local file and folder (folders with a trailing '/'), own temp files included so tests see leftovers. */
    Map<String, String> localTree() {
        return TreeSnapshots.local(local);
    }

    /** Every remote file and folder of the user's drive, same shape as {@link #localTree()}. */
    Map<String, String> remoteTree() {
        return TreeSnapshots.remote(remote());
    }

    void assertInSync() {
        Map<String, String> l = localTree();
        l.keySet().forEach(k -> {
            if (TempNames.isOwnTemp(k.substring(k.lastIndexOf('/') + 1))) {
                throw new AssertionError("temp file left behind: " + k);
            }
        });
        assertEquals(remoteTree(), l, "local and remote trees differ");
    }

    @Override
    public void close() {
        api.close();
        store.close();
        if (ownsServer) {
            server.close();
        }
    }
}
