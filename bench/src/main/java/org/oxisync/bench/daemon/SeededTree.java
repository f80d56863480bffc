package org.oxisync.bench.daemon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.oxisync.app.AppConfig;
import org.oxisync.app.AppContext;
import org.oxisync.app.AppHome;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.emulator.RemoteClient;
import org.oxisync.store.account.FolderPair;

/**
 * The same FILES small files in a local folder and on the server, 100 per folder, the server's straight through the
 * emulator's own API (no upload), so that a client's first run only hashes and records them ({@link #seed}).
 *
 * <p>{@link #start} is the set-up of the in-process run benchmarks (RunProfile, FullRunHeap): an emulator in this
 * JVM (user alice, its data in WORK/server, no delta rate limit), an app home in WORK/home and the tree seeded into
 * WORK/Sync; {@link #pair} then logs alice in and pairs WORK/Sync with her drive's root. Closing closes the app's
 * context, then the emulator.
 */
public final class SeededTree implements AutoCloseable {
    private static final String USER = "alice";
    private static final String PASSWORD = "pw-1";

    private final OxiCloudEmulator server;
    private final RemoteClient remote;
    private final AppContext ctx;
    private final Path local;

    private SeededTree(OxiCloudEmulator server, AppContext ctx, Path local) {
        this.server = server;
        this.remote = server.remote(USER);
        this.ctx = ctx;
        this.local = local;
    }

    /** Starts the emulator, opens the app home and seeds {@code files} files on both sides (printing how long). */
    public static SeededTree start(Path work, int files) throws IOException {
        Path local = Files.createDirectories(work.resolve("Sync"));
        OxiCloudEmulator server = OxiCloudEmulator.start(EmulatorConfig.builder().user(USER, PASSWORD)
                .dataDir(work.resolve("server")).deltaRateLimitPerMinute(0).build());
        SeededTree tree;
        try {
            tree = new SeededTree(server, new AppContext(new AppHome(work.resolve("home"), true), Clock.systemUTC()),
                    local);
        } catch (IOException | RuntimeException e) {
            server.close();
            throw e;
        }
        try {
            long t0 = System.nanoTime();
            seed(local, tree.remote, files);
            System.out.printf("seeded %,d files in %.1f s%n", files, (System.nanoTime() - t0) / 1e9);
            return tree;
        } catch (IOException | RuntimeException e) {
            tree.close();
            throw e;
        }
    }

    /** Logs alice in with the app's context and pairs the seeded folder with her drive's root: the pair. */
    public FolderPair pair() throws IOException {
        ctx.saveConfig(new AppConfig(server.baseUrl(), USER, null));
        ctx.api().login(USER, PASSWORD);
        ctx.store().accounts().savePair(FolderPair.create("Sync", local.toString(), server.rootFolderId(USER), "/"));
        return ctx.store().accounts().pairs().get(0);
    }

    public OxiCloudEmulator server() {
        return server;
    }

    /** The server's side of the tree (alice's files). */
    public RemoteClient remote() {
        return remote;
    }

    public AppContext ctx() {
        return ctx;
    }

    /** The local side of the tree (WORK/Sync). */
    public Path local() {
        return local;
    }

    @Override
    public void close() {
        try {
            ctx.close();
        } finally {
            server.close();
        }
    }

    /** The same {@code files} small files in {@code local} and on the server, 100 per folder. */
    public static void seed(Path local, RemoteClient remote, int files) throws IOException {
        for (int i = 0; i < files; i++) {
            String dir = String.format("t%02d/d%04d", i / 10_000, i / 100);
            String name = String.format("f%07d.txt", i);
            if (i % 100 == 0) {
                Files.createDirectories(local.resolve(dir));
                remote.mkdirs("/" + dir);
            }
            byte[] body = ("file " + i + "\n").getBytes(StandardCharsets.UTF_8);
            Files.write(local.resolve(dir).resolve(name), body);
            remote.putFile("/" + dir + "/" + name, body);
        }
    }
}
