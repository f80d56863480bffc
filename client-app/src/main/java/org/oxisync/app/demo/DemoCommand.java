package org.oxisync.app.demo;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Random;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.oxisync.app.control.AccountSetup;
import org.oxisync.app.AppConfig;
import org.oxisync.app.AppContext;
import org.oxisync.app.AppHome;
import org.oxisync.app.control.ExitCodes;
import org.oxisync.app.control.ReportPrinter;
import org.oxisync.core.engine.SyncEngine;
import org.oxisync.core.engine.SyncListener;
import org.oxisync.core.engine.SyncOptions;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.emulator.RemoteClient;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.Account;
import org.oxisync.store.account.FolderPair;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code oxisync demo}: a real two-way sync against the bundled OxiCloud emulator on loopback. It starts the
 * emulator with a demo account, pairs a folder filled with sample files, syncs, changes something on each side
 * (one change on both sides of the same file, which becomes a conflict), syncs again, and prints both reports and
 * where everything is. This is the only place in the client that knows the emulator.
 */
@Command(name = "demo", mixinStandardHelpOptions = true,
        description = "Run a real sync against the bundled OxiCloud emulator (no server needed).")
public final class DemoCommand implements Callable<Integer> {
    static final String USER = "demo";
    static final String PASSWORD = "demo-password";

    @Spec CommandSpec spec;

    @Option(names = "--dir", paramLabel = "DIR",
            description = "Where the demo keeps its folder, client home and server data (default: a new temp folder).")
    Path dir;

    @Option(names = "--large-mib", paramLabel = "N", defaultValue = "24",
            description = "Size of the large sample file that shows the delta upload (default 24 MiB).")
    int largeMib;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        Path base = dir != null ? dir.toAbsolutePath().normalize() : Files.createTempDirectory("oxisync-demo-");
        if (Files.exists(base.resolve("Demo"))) {
            spec.commandLine().getErr().println("oxisync demo: " + base + " already holds a demo; give a new --dir");
            return ExitCodes.CONFIG;
        }
        Path local = base.resolve("Demo");
        Path home = base.resolve("client-home");
        Path serverData = base.resolve("server-data");
        Files.createDirectories(local);
        EmulatorConfig config = EmulatorConfig.builder().user(USER, PASSWORD).dataDir(serverData).build();
        try (OxiCloudEmulator server = OxiCloudEmulator.start(config);
             AppContext ctx = new AppContext(new AppHome(home, true), Clock.systemUTC())) {
            out.println("OxiCloud emulator running at " + server.baseUrl() + " (user " + USER + ")");
            out.println("GET /api/version -> " + versionOf(ctx, server.baseUrl()));
            RemoteClient remote = server.remote(USER);
            SampleFiles.fillLocal(local, largeMib, new Random(42));
            SampleFiles.fillRemote(remote);

            FolderPair pair = loginAndPair(ctx, server.baseUrl(), local);
            SyncEngine engine = ctx.engine(SyncListener.NONE);
            SyncOptions options = SyncOptions.defaults(AppContext.hostName());

            out.println();
            out.println("== First sync: local sample files go up, the server's files come down");
            SyncReport first = engine.runOnce(pair, options);
            ReportPrinter.print(first, false, out);

            out.println();
            out.println("== Changes on both sides");
            SampleFiles.changeBothSides(local, remote, largeMib, out);
            // the server's changes come from "another device" some time ago: the emulator publishes folder ETags
            // 500 ms after a change, as OxiCloud does; without this the second sync could start before that
            server.flushTreeEtags();

            out.println();
            out.println("== Second sync");
            SyncReport second = engine.runOnce(pair, options);
            ReportPrinter.print(second, false, out);

            out.println();
            out.println("== A team drive shared with you");
            SyncReport team = TeamDriveDemo.run(server, ctx, base.resolve(TeamDriveDemo.DRIVE), engine, options, out);
            ReportPrinter.print(team, false, out);

            out.println();
            out.println("Local folder:   " + local);
            listTree(local, out);
            out.println("Server tree (as the emulator holds it):");
            listRemote(remote, "", out);
            out.println("Client home:    " + home + "  (e.g. oxisync status --home " + home + ")");
            out.println("Server data:    " + serverData);
            out.println("Team folder:    " + base.resolve(TeamDriveDemo.DRIVE) + "  (oxisync drives --home " + home + ")");
            return Math.max(Math.max(first.exitCode(), second.exitCode()), team.exitCode());
        }
    }

    private static FolderPair loginAndPair(AppContext ctx, String url, Path local) throws IOException {
        String key = AppConfig.accountKey(url, USER);
        OxiCloudApi api = ctx.newApi(url, key, null);
        try (api) {
            api.checkServer();
            api.login(USER, PASSWORD);
            Account account = AccountSetup.finishLogin(ctx, api, url, key, null);
            LocalStore store = ctx.store();
            return store.accounts().savePair(FolderPair.create("Demo", local.toString(), account.rootFolderId(), "/"));
        }
    }

    private static String versionOf(AppContext ctx, String url) {
        try (OxiCloudApi api = ctx.newApi(url, "version-probe", null)) {
            var v = api.version();
            return v.name() + " " + v.version();
        }
    }

    private static void listRemote(RemoteClient remote, String path, PrintWriter out) {
        for (String name : remote.list("/" + path)) {
            String child = path.isEmpty() ? name : path + "/" + name;
            boolean folder = remote.folderId("/" + child) != null;
            out.println("  " + child + (folder ? "/" : ""));
            if (folder) {
                listRemote(remote, child, out);
            }
        }
    }

    private static void listTree(Path root, PrintWriter out) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            s.filter(p -> !p.equals(root)).sorted().forEach(p -> {
                String rel = root.relativize(p).toString();
                try {
                    out.println("  " + rel + (Files.isDirectory(p) ? "/" : "  (" + org.oxisync.app.state.Bytes.human(Files.size(p)) + ")"));
                } catch (IOException e) {
                    out.println("  " + rel);
                }
            });
        }
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
