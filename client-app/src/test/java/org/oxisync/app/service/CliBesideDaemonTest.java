package org.oxisync.app.service;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.app.testing.CliRun;
import org.oxisync.store.account.Account;
import org.oxisync.store.account.FolderPair;
import org.oxisync.app.control.DaemonClient;

/**
 * The store-changing commands while a daemon (here in process: the service and its control socket, as {@code
 * oxisync daemon} wires them) holds the store: each goes over the socket, the daemon runs it, and the command line
 * prints the daemon's result with its exit code, errors included.
 */
class CliBesideDaemonTest {
    @TempDir Path tmp;
    ServiceHarness h;
    ControlSocket socket;
    Path home;
    CliRun r;

    @BeforeEach
    void start() throws Exception {
        h = new ServiceHarness(tmp);
        h.start(new ServiceHarness.HandWatch(), false);
        home = h.ctx.home().dir();
        // what `oxisync login` leaves in the store
        h.ctx.store().accounts().saveAccount(new Account(h.server.baseUrl(), "alice", "drive",
                h.server.rootFolderId("alice")));
        socket = ControlSocket.open(home, h.service, "alice", "daemon",
                StoreVerbs.forService(h.ctx, h.service, "the daemon", () -> { }));
    }

    @AfterEach
    void stop() {
        if (socket != null) {
            socket.close();
        }
        h.close();
    }

    private int cli(String... args) {
        String[] all = java.util.Arrays.copyOf(args, args.length + 2);
        all[args.length] = "--home";
        all[args.length + 1] = home.toString();
        r = CliRun.of(all);
        return r.code();
    }

    private FolderPair pair(String name) {
        return h.ctx.store().accounts().pairByName(name).orElseThrow();
    }

    @Test
    void aStoreChangeForAnotherAccountIsRefusedAndNeverLandsInThisAccountsStore() throws Exception {
        var reply = DaemonClient.request(home, "pair-remove {\"account\":\"bob@elsewhere\",\"name\":\""
                + ServiceHarness.PAIR + "\"}").orElseThrow();
        assertFalse(reply.path("ok").asBoolean(), reply::toString);
        assertTrue(reply.path("error").asText().contains("not 'bob@elsewhere'"), reply::toString);
        assertTrue(h.ctx.store().accounts().pairByName(ServiceHarness.PAIR).isPresent(), "the pair is still there");
        assertTrue(h.service.status().containsKey(ServiceHarness.PAIR), "and still synced");
    }

    @Test
    void pairSetRunsInTheDaemonAndTheServiceTakesTheNewMode() throws Exception {
        assertEquals(0, cli("pair", "set", ServiceHarness.PAIR, "--mode", "upload-only", "--keep-remote-deletes",
                "true"), () -> r.err());
        assertTrue(r.out().contains("docs: two-way, owner -> upload-only (keeps remote deletes), owner"), r.out());
        assertTrue(r.out().contains("The change applies from the next run: the daemon"), r.out());
        var rights = org.oxisync.core.engine.PairRightsSettings.read(pair(ServiceHarness.PAIR));
        assertTrue(rights.keepsRemoteDeletes(), rights::toString);
        assertEquals(org.oxisync.core.plan.SyncMode.UPLOAD_ONLY,
                org.oxisync.core.engine.PairRightsSettings.read(h.service.pairs().get(ServiceHarness.PAIR)).mode(),
                "the service re-read the pair");
    }

    @Test
    void pairRemoveAndAddRunInTheDaemonWhichStopsAndStartsSyncingThePair() throws Exception {
        assertEquals(0, cli("pair", "remove", ServiceHarness.PAIR), () -> r.err());
        assertEquals("Removed pair 'docs'; no files were touched.\n", r.out());
        assertFalse(h.service.status().containsKey(ServiceHarness.PAIR), "the daemon stopped syncing it");
        assertTrue(h.ctx.store().accounts().pairByName(ServiceHarness.PAIR).isEmpty());

        Path other = tmp.resolve("Other");
        assertEquals(0, cli("pair", "add", other.toString(), "/Other"), () -> r.err());
        assertTrue(r.out().startsWith("Created the folder " + other + " (it did not exist)\nPaired 'Other': " + other
                + " <-> /Other"), r.out());
        assertTrue(r.out().contains("the daemon keeps it in sync"), r.out());
        assertTrue(Files.isDirectory(other), "the daemon created the local folder");
        assertTrue(h.remote().exists("/Other"), "and the server folder");
        assertTrue(h.service.status().containsKey("Other"), "the daemon syncs the new pair");
    }

    @Test
    void pairAddAndRemoveErrorsComeBackWithTheirExitCode() {
        assertEquals(2, cli("pair", "add", h.local.toString(), "/Elsewhere"));
        assertTrue(r.err().startsWith("oxisync pair add: ") && r.err().contains("is already paired"), r.err());
        assertEquals("", r.out());
        assertEquals(2, cli("pair", "remove", "nope"));
        assertEquals("oxisync pair remove: no pair named 'nope'\n", r.err());
        assertTrue(h.service.status().containsKey(ServiceHarness.PAIR), "a failed request stops nothing");
    }

    @Test
    void ignorePatternsChangeInTheDaemonAndItsWorkerGetsThem() {
        assertEquals(0, cli("pair", "ignore", "add", "*.iso", "build/"), () -> r.err());
        assertEquals("docs: *.iso  build/\n", r.out());
        assertEquals(List.of("*.iso", "build/"), pair("docs").ignorePatterns());
        assertEquals(0, cli("pair", "ignore", "remove", "*.iso"), () -> r.err());
        assertEquals(List.of("build/"), pair("docs").ignorePatterns());

        assertEquals(2, cli("pair", "ignore", "remove", "*.nothing"));
        assertTrue(r.err().contains("'*.nothing' is not a pattern of this pair"), r.err());
        assertEquals(2, cli("pair", "ignore", "add", "--pair", "nope", "*.x"));
        assertEquals("oxisync pair ignore add: no pair named 'nope'\n", r.err());
        assertEquals(2, cli("pair", "ignore", "add", "[z-a]"));
        assertTrue(r.err().startsWith("oxisync pair ignore add: "), r.err());
        assertEquals(List.of("build/"), pair("docs").ignorePatterns(), "errors change nothing");
    }

    @Test
    void versionsRestoreRunsInTheDaemonAndKeepsTheCurrentContent() throws Exception {
        h.write("a.txt", "old");
        long id = pair("docs").id();
        h.ctx.store().versions().saveVersion(id, "a.txt", h.local.resolve("a.txt"), h.clock.instant());
        h.write("a.txt", "new");
        assertEquals(0, cli("versions", "restore", h.local.resolve("a.txt").toString()), () -> r.err());
        assertTrue(r.out().startsWith("Restored a.txt as of "), r.out());
        assertEquals("old", Files.readString(h.local.resolve("a.txt")));
        assertEquals(2, h.ctx.store().versions().listVersions(id, "a.txt").size(), "the replaced content is kept");

        assertEquals(2, cli("versions", "restore", h.local.resolve("missing.txt").toString()));
        assertEquals("oxisync versions restore: no kept version of missing.txt\n", r.err());
        assertEquals(2, cli("versions", "restore", "--pair", "nope", "a.txt"));
        assertEquals("no pair named 'nope'\n", r.err());
    }

    @Test
    void conflictsResolveRunsInTheDaemonAndAnUnknownConflictIsAnError() throws Exception {
        h.write("c.txt", "theirs");
        h.write("c (conflicted copy).txt", "mine");
        h.ctx.store().conflicts().record(pair("docs").id(), "c.txt", "c (conflicted copy).txt");
        assertEquals(0, cli("conflicts", "resolve", h.local.resolve("c.txt").toString(), "--keep", "mine"),
                () -> r.err());
        assertEquals("Resolved c.txt: keep mine. The next sync carries it to the server.\n", r.out());
        assertEquals("mine", Files.readString(h.local.resolve("c.txt")));
        assertFalse(Files.exists(h.local.resolve("c (conflicted copy).txt")));
        assertTrue(h.ctx.store().conflicts().unresolved(pair("docs").id()).isEmpty());

        assertEquals(2, cli("conflicts", "resolve", h.local.resolve("c.txt").toString(), "--keep", "theirs"));
        assertEquals("oxisync conflicts resolve: no open conflict on c.txt in pair 'docs' (see oxisync conflicts"
                + " list)\n", r.err());
        assertEquals(2, cli("conflicts", "resolve", "--pair", "nope", "c.txt", "--keep", "both"));
        assertEquals("oxisync conflicts resolve: no pair named 'nope'\n", r.err());
    }

    @Test
    void anOlderDaemonWithoutTheVerbsGetsAClearMessage() throws Exception {
        socket.close();
        socket = ControlSocket.open(home, h.service, "alice"); // the built-in requests only
        assertEquals(2, cli("pair", "remove", "docs"));
        assertTrue(r.err().contains("the running OxiSync could not do it: unknown request 'pair-remove'"), r.err());
        assertTrue(h.ctx.store().accounts().pairByName("docs").isPresent());
    }

    @Test
    void statusNamesTheDesktopAppWhenItAnswersTheSocket() throws Exception {
        socket.close();
        socket = ControlSocket.open(home, h.service, "alice", "desktop app", ControlSocket.Verbs.NONE);
        assertEquals(0, cli("status"), () -> r.err());
        assertTrue(r.out().contains("daemon:  not running"), r.out());
        assertTrue(r.out().contains("desktop app: running (pid " + ProcessHandle.current().pid()), r.out());
        assertTrue(r.out().contains("docs: "), r.out());
    }

    @Test
    void undoBesideTheDaemonShowsTheDryRunAndUndoesThroughTheDaemonsWorker() throws Exception {
        h.remote().putFile("/b.txt", "bee".getBytes(java.nio.charset.StandardCharsets.UTF_8));
        h.service.syncNow(ServiceHarness.PAIR);
        h.scheduler.advance(java.time.Duration.ofSeconds(1));
        h.scheduler.awaitLaneIdle(30);
        assertTrue(Files.exists(h.local.resolve("b.txt")));

        assertEquals(0, cli("undo"), () -> r.err());
        assertTrue(r.out().contains("b.txt  downloaded (new)") && r.out().contains("dry run: nothing was changed"),
                r.out());
        assertTrue(Files.exists(h.local.resolve("b.txt")), "a dry run changes nothing");

        java.util.concurrent.CompletableFuture<Integer> code = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> cli("undo", "--yes"));
        long end = System.nanoTime() + 60_000_000_000L;
        while (!code.isDone() && System.nanoTime() < end) {
            h.scheduler.advance(java.time.Duration.ofSeconds(1));
            h.scheduler.awaitLaneIdle(30);
            Thread.sleep(20);
        }
        assertEquals(0, (int) code.get(5, java.util.concurrent.TimeUnit.SECONDS), () -> r.out() + r.err());
        assertTrue(r.out().contains("the undo ran as run"), r.out());
        assertFalse(Files.exists(h.local.resolve("b.txt")), "the file the run created is gone here");
        assertFalse(h.remote().exists("/b.txt"), "and on the server (in its trash)");
    }
}
