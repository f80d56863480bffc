package org.oxisync.emulator;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.oxisync.emulator.api.Auth;
import org.oxisync.emulator.api.AuthApi;
import org.oxisync.emulator.api.Content;
import org.oxisync.emulator.api.DedupApi;
import org.oxisync.emulator.api.DeltaApi;
import org.oxisync.emulator.api.DeviceFlow;
import org.oxisync.emulator.api.FileApi;
import org.oxisync.emulator.api.FolderApi;
import org.oxisync.emulator.api.SystemApi;
import org.oxisync.emulator.api.TrashApi;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.http.Request;
import org.oxisync.emulator.http.Response;
import org.oxisync.emulator.http.Router;
import org.oxisync.emulator.seed.TreeSeeder;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Tree;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.oxisync.emulator.config.EmulatorConfig;

/**
 * An OxiCloud 0.8.7-compatible server on 127.0.0.1 (see emulator/README.md). Start with
 * {@link #start(EmulatorConfig)}, use {@link #baseUrl()}, stop with {@link #close()}.
 *
 * <p>TCP_NODELAY: the JDK server reads the system property {@code sun.net.httpserver.nodelay} once,
 * when its first server class loads; {@link #start} sets it to {@code true} before creating the
 * server (unless already set), otherwise every small response waits ~40 ms for delayed ACKs.
 */
public final class OxiCloudEmulator implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(OxiCloudEmulator.class);

    private final EmulatorConfig cfg;
    private final Tree tree;
    private final Content content;
    private final DeviceFlow deviceFlow;
    private final Faults faults = new Faults();
    private final Stats stats = new Stats();
    private final AtomicBoolean readonly = new AtomicBoolean();
    private final CountDownLatch closed = new CountDownLatch(1);
    private final Path tempDir;
    private final HttpServer server;
    private final ThreadPoolExecutor executor;
    private final String baseUrl;
    private final Auth auth;
    private volatile org.oxisync.emulator.bus.MessageBus bus;

    private OxiCloudEmulator(EmulatorConfig cfg) throws IOException {
        this.cfg = cfg;
        this.tempDir = cfg.dataDir() == null ? Files.createTempDirectory("oxicloud-emulator") : null;
        Path dataDir = cfg.dataDir() != null ? cfg.dataDir() : tempDir;
        this.tree = new Tree(dataDir, cfg.clock(), cfg.treeEtagFlushDelay());
        for (EmulatorConfig.UserSpec u : cfg.users()) {
            if (tree.userByName(u.username()) == null) {
                tree.createUser(u.username(), u.email(), Auth.hashPassword(u.password()), cfg.defaultQuotaBytes());
            }
        }
        this.content = new Content(tree, cfg.maxUploadSize());
        this.auth = new Auth(tree, cfg);
        this.deviceFlow = new DeviceFlow(auth);
        Router router = new Router();
        new SystemApi().register(router);
        new AuthApi(auth).register(router);
        deviceFlow.register(router);
        new FolderApi(tree).register(router);
        new org.oxisync.emulator.api.GrantApi(tree).register(router);
        org.oxisync.emulator.api.DriveAdminApi driveAdmin = new org.oxisync.emulator.api.DriveAdminApi(tree);
        driveAdmin.register(router);
        new org.oxisync.emulator.api.GrantWriteApi(tree, driveAdmin).register(router);
        new org.oxisync.emulator.api.AdminSetupApi(tree, cfg.defaultQuotaBytes(), cfg.orphanGrace()).register(router);
        new FileApi(tree, content).register(router);
        new TrashApi(tree).register(router);
        new org.oxisync.emulator.api.BatchApi(tree).register(router);
        new DeltaApi(tree, content, cfg).register(router);
        new DedupApi(tree, content).register(router);
        new org.oxisync.emulator.nextcloud.NextcloudApi(tree, content, auth, cfg.chunkMaxBytes(), cfg.directPutMaxBytes()).register(router); // /remote.php, /ocs
        registerControl(router);
        registerConfig(router);

        if (System.getProperty("sun.net.httpserver.nodelay") == null) {
            System.setProperty("sun.net.httpserver.nodelay", "true");
        }
        HttpFrontEnd front = new HttpFrontEnd(router, auth::authenticate, faults, stats, readonly, closed,
                org.oxisync.emulator.http.TrustedProxies.parse(cfg.trustProxyCidrs()));
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), cfg.port()), 128);
        AtomicInteger n = new AtomicInteger();
        this.executor = new ThreadPoolExecutor(4, 256, 30, TimeUnit.SECONDS, new SynchronousQueue<>(), r -> {
            Thread t = new Thread(r, "oxicloud-emulator-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        server.setExecutor(executor);
        server.createContext("/", front);
        server.start();
        this.baseUrl = "http://127.0.0.1:" + server.getAddress().getPort();
        front.baseUrl(baseUrl);
        LOG.info("OxiCloud emulator listening on {} (data {})", baseUrl, dataDir);
    }

    /** Starts an emulator; the port is ephemeral unless {@code cfg.port()} is set. */
    public static OxiCloudEmulator start(EmulatorConfig cfg) {
        BenchmarkModes.check(cfg, System.getenv(), System.err); // refused in test JVMs, loud elsewhere
        try {
            return new OxiCloudEmulator(cfg);
        } catch (IOException e) {
            throw new UncheckedIOException("could not start the OxiCloud emulator", e);
        }
    }

    /** {@code http://127.0.0.1:PORT}, without a trailing slash. */
    public String baseUrl() {
        return baseUrl;
    }

    public Faults faults() {
        return faults;
    }

    /**
     * Readonly (storage-migration) mode: every response carries {@code X-Server-Status: {"readonly":true}}; writes
     * get 403 AccessDenied, except negotiate, chunk upload and chunk download.
     */
    public void setReadonly(boolean on) {
        readonly.set(on);
    }

    /** Per-endpoint counters keyed by {@code "METHOD /route/template"}. */
    public Map<String, EndpointStats> stats() {
        return stats.snapshot();
    }

    public void resetStats() {
        stats.reset();
    }

    /** Shared drives, members, roles, shares and drive quotas for tests and the demo. */
    public EmulatorDrives drives() {
        return new EmulatorDrives(tree, content);
    }

    /** Operations on this user's tree as another device would make them. */
    public RemoteClient remote(String username) {
        Model.User u = tree.userByName(username);
        if (u == null) {
            throw new IllegalArgumentException("no user " + username);
        }
        return new RemoteClient(tree, content, u.id);
    }

    /**
     * Bulk seeding (a benchmark and set-up aid, not a server feature): puts everything under {@code localDir} into
     * the user's folder at {@code remotePath} through the upload's own ingest and row transitions, on every core,
     * with one metadata write at the end ({@link TreeSeeder}). {@code replace}: a file that exists with other content
     * gets the new content as a remote device's edit (same id); without it that is a 409 and nothing is overwritten.
     */
    public TreeSeeder.Report seedTree(String username, Path localDir, String remotePath, boolean replace)
            throws IOException {
        Model.User u = tree.userByName(username);
        if (u == null) {
            throw new IllegalArgumentException("no user " + username);
        }
        int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
        return new TreeSeeder(tree, content, threads).seed(u.id, u.rootFolderId, localDir, remotePath, replace);
    }

    /** Approves a pending device-flow user code for the user (what the browser page would do). */
    public void approveDevice(String userCode, String username) {
        deviceFlow.approve(userCode, username);
    }

    public void denyDevice(String userCode) {
        deviceFlow.deny(userCode);
    }

    /** Sweeps loose chunks orphaned longer than the grace (by the injected clock); returns how many went. */
    public int runGarbageCollection() {
        try {
            return tree.collectGarbage(cfg.orphanGrace());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Applies pending delayed tree-ETag bumps now. */
    public void flushTreeEtags() {
        tree.flushTreeEtags();
    }

    public String userId(String username) {
        Model.User u = tree.userByName(username);
        if (u == null) {
            throw new IllegalArgumentException("no user " + username);
        }
        return u.id;
    }

    public String rootFolderId(String username) {
        Model.User u = tree.userByName(username);
        if (u == null) {
            throw new IllegalArgumentException("no user " + username);
        }
        return u.rootFolderId;
    }

    /** Adds a user at run time (kept across restarts of the same data dir). */
    public void addUser(String username, String password, String email) {
        if (tree.userByName(username) != null) {
            throw new IllegalArgumentException("user exists: " + username);
        }
        tree.createUser(username, email == null ? username + "@oxisync.test" : email, Auth.hashPassword(password),
                cfg.defaultQuotaBytes());
    }

    /**
     * Mints an app password for the user, as {@code POST /api/auth/app-passwords} from a session would, without a
     * login: for tests that stand for many devices on one loopback address, which the real per-IP login limiter (10
     * a minute) would lock out. The client then signs in with it over Basic ({@code loginWithAppPassword}).
     */
    public String createAppPassword(String username, String label) {
        Model.User u = tree.userByName(username);
        if (u == null) {
            throw new IllegalArgumentException("no user " + username);
        }
        String password = AuthApi.newAppPassword();
        AuthApi.mint(tree, u.id, label, null, null, password);
        return password;
    }

    /** Sets a user's quota in bytes (0 = unlimited). */
    public void setQuota(String username, long bytes) {
        synchronized (tree) {
            Model.User u = tree.userByName(username);
            if (u == null) {
                throw new IllegalArgumentException("no user " + username);
            }
            u.quotaBytes = bytes;
            tree.changed();
        }
    }

    // ------------------------------------------------------------------ real-time bus (reference §7.5)

    /**
     * Turns on the real-time bus of newer servers (off by default, like 0.8.7): a WebSocket server on a second
     * loopback port, announced in {@code GET /api/config}. Returns its {@code ws://} URL. Idempotent.
     */
    public synchronized String startMessageBus() {
        if (bus == null) {
            try {
                bus = new org.oxisync.emulator.bus.MessageBus(auth::authenticateHeader, (userId, folderId) -> {
                    synchronized (tree) {
                        Model.Folder f = tree.folderRow(folderId);
                        return f != null && userId.equals(f.ownerId) && tree.isLive(f);
                    }
                });
            } catch (IOException e) {
                throw new UncheckedIOException("could not start the message bus", e);
            }
            tree.treeListener(bus);
        }
        return bus.url();
    }

    /** Turns the bus off again: connections drop and {@code /api/config} stops announcing it. */
    public synchronized void stopMessageBus() {
        if (bus != null) {
            tree.treeListener(null);
            bus.close();
            bus = null;
        }
    }

    /** The running bus, or null. */
    public org.oxisync.emulator.bus.MessageBus messageBus() {
        return bus;
    }

    /**
     * {@code GET /api/config} (newer servers): {@code {"features": {"message_bus": true}, "message_bus_url": ...}}
     * while the bus runs; 404 otherwise, as on 0.8.7. {@code message_bus_url} is the emulator's own addition (its
     * bus is on a second port).
     */
    private void registerConfig(Router r) {
        r.add("GET", "/api/config", false, req -> {
            org.oxisync.emulator.bus.MessageBus b = bus;
            if (b == null) {
                // 0.8.7 has no /api/config: the request falls to the auth-protected /api catch-all (routes.rs:688)
                auth.authenticate(req);
                throw ApiError.empty(404);
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("features", Map.of("message_bus", true));
            m.put("message_bus_url", b.url());
            return Response.json(200, m);
        });
    }

    // ------------------------------------------------------------------ /_emulator control endpoints

    private void registerControl(Router r) {
        r.add("GET", "/_emulator/stats", false, req -> {
            Map<String, Object> endpoints = new LinkedHashMap<>();
            stats().forEach((k, v) -> {
                Map<String, Object> m = new LinkedHashMap<>();
                m.put("requests", v.requests());
                m.put("bytes_received", v.bytesReceived());
                m.put("bytes_sent", v.bytesSent());
                endpoints.put(k, m);
            });
            return Response.json(200, Map.of("endpoints", endpoints));
        });
        r.add("POST", "/_emulator/stats/reset", false, req -> {
            resetStats();
            return Response.empty(204);
        });
        r.add("POST", "/_emulator/device/approve", false, req -> {
            ObjectNode b = req.json();
            approveDevice(Request.requireString(b, "user_code"), Request.requireString(b, "username"));
            return Response.json(200, Map.of("status", "approved"));
        });
        r.add("POST", "/_emulator/device/deny", false, req -> {
            denyDevice(Request.requireString(req.json(), "user_code"));
            return Response.json(200, Map.of("status", "denied"));
        });
        r.add("POST", "/_emulator/seed", false, req -> {
            ObjectNode b = req.json();
            com.fasterxml.jackson.databind.JsonNode replace = b.get("replace");
            TreeSeeder.Report rep;
            try {
                rep = seedTree(Request.requireString(b, "username"), Path.of(Request.requireString(b, "local_dir")),
                        Request.requireString(b, "remote_path"), replace != null && replace.asBoolean());
            } catch (IllegalArgumentException e) {
                throw ApiError.badRequest(e.getMessage());
            }
            LOG.info("{}", rep.summary());
            return Response.json(200, rep);
        });
        r.add("POST", "/_emulator/gc", false, req -> Response.json(200, Map.of("deleted_chunks", runGarbageCollection())));
        r.add("POST", "/_emulator/readonly", false, req -> {
            com.fasterxml.jackson.databind.JsonNode v = req.json().get("readonly");
            if (v == null || !v.isBoolean()) {
                throw ApiError.badRequest("readonly must be a boolean");
            }
            setReadonly(v.asBoolean());
            return Response.empty(204);
        });
    }

    @Override
    public void close() {
        closed.countDown();
        stopMessageBus();
        server.stop(0);
        executor.shutdownNow();
        try {
            tree.close();
        } catch (IOException e) {
            LOG.error("could not write the final metadata snapshot", e);
        }
        if (tempDir != null) {
            try (var walk = Files.walk(tempDir)) {
                walk.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            } catch (IOException e) {
                LOG.warn("could not delete {}", tempDir);
            }
        }
    }
}
