package org.oxisync.app.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.oxisync.app.AppConfig;
import org.oxisync.app.AppHome;
import org.oxisync.app.testing.AliceCliTest;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;

/** The rough edges a newcomer met on the command line (issue 18), end to end against the emulator. */
class FirstUseCliTest extends AliceCliTest {
    private LocalStore holdStore() throws java.io.IOException {
        // what a running daemon or desktop app does: it holds the store's lock
        AppConfig cfg = AppConfig.load(AppHome.resolve(home, java.util.Map.of(), "linux", "/").configFile());
        return LocalStore.open(home.resolve("data"), cfg.accountKey(), Clock.systemUTC());
    }

    @Test
    void anAddressWithoutSchemeFindsTheHttpServerQuicklyAndNamesItWithoutSendingThePassword() {
        String hostPort = server.baseUrl().substring("http://".length());
        long start = System.nanoTime();
        assertEquals(2, runWithStdin("pw-Quokka-42\n", "login", hostPort, "--user", "alice", "--password-stdin",
                "--home", home.toString()), () -> err);
        assertTrue((System.nanoTime() - start) / 1_000_000 < 15_000, "took too long");
        assertTrue(err.contains(server.baseUrl()), "the advice names the address that answers: " + err);
        assertFalse(err.contains("Illegal character"), err);
    }

    @Test
    void userWithoutATerminalSaysToUsePasswordStdin() {
        assertEquals(2, runWithConsole(() -> null, "login", server.baseUrl(), "--user", "alice", "--home",
                home.toString()));
        assertTrue(err.contains("--password-stdin"), err);
        assertFalse(out.contains("Open "), "no device flow: " + out);
    }

    @Test
    void userWithATerminalIsAskedForThePassword() {
        String[] asked = new String[1];
        assertEquals(0, runWithConsole(() -> prompt -> {
            asked[0] = prompt;
            return "pw-Quokka-42".toCharArray();
        }, "login", server.baseUrl(), "--user", "alice", "--home", home.toString()), () -> err);
        assertTrue(asked[0].startsWith("Password for alice"), asked[0]);
        assertTrue(out.contains("Logged in as alice"), out);
    }

    @Test
    void readingCommandsWorkBesideAProcessThatHoldsTheStore() throws Exception {
        loginAndPair();
        Files.writeString(local.resolve("doc.txt"), "mine");
        assertEquals(0, run("sync-once", "--home", home.toString()), () -> err);
        try (LocalStore held = holdStore()) {
            FolderPair p = held.accounts().pairs().get(0);
            Files.writeString(local.resolve("doc (conflicted copy).txt"), "x");
            held.conflicts().record(p.id(), "doc.txt", "doc (conflicted copy).txt");
            held.errors().recordFailure(p.id(), "bad.txt", "the server refused the name");
            assertEquals(0, run("status", "--home", home.toString()), () -> err);
            assertTrue(out.contains("conflicts: 1 unresolved") && out.contains("doc (conflicted copy).txt"), out);
            assertTrue(out.contains("failing:   1 item(s)") && out.contains("bad.txt"), out);
            assertTrue(out.contains("daemon:  not running"), out);
            assertEquals(0, run("pair", "list", "--home", home.toString()), () -> err);
            assertTrue(out.startsWith("Sync\t"), out);
            assertEquals(0, run("versions", "list", "--home", home.toString()), () -> err);
            assertEquals(0, run("conflicts", "list", "--home", home.toString()), () -> err);
            assertTrue(out.contains("doc.txt"), out);
            // a change says who holds the store and what to do
            assertEquals(2, run("pair", "add", tmp.resolve("Other").toString(), "/Other", "--home", home.toString()));
            assertTrue(err.contains("holds the local store") && !err.contains("in use by another"), err);
        }
    }

    @Test
    void conflictsListAndResolveAndADeletedCopyClearsTheConflict() throws Exception {
        loginAndPair();
        Files.writeString(local.resolve("a.txt"), "theirs");
        Files.writeString(local.resolve("a (conflicted copy).txt"), "mine");
        Files.writeString(local.resolve("b.txt"), "theirs");
        Files.writeString(local.resolve("b (conflicted copy).txt"), "mine");
        try (LocalStore s = holdStore()) {
            long id = s.accounts().pairs().get(0).id();
            s.conflicts().record(id, "a.txt", "a (conflicted copy).txt");
            s.conflicts().record(id, "b.txt", "b (conflicted copy).txt");
        }
        assertEquals(0, run("conflicts", "list", "--home", home.toString()), () -> err);
        assertTrue(out.contains("a.txt") && out.contains("b.txt"), out);
        assertEquals(0, run("conflicts", "resolve", local.resolve("a.txt").toString(), "--keep", "mine",
                "--home", home.toString()), () -> err);
        assertEquals("mine", Files.readString(local.resolve("a.txt")));
        assertFalse(Files.exists(local.resolve("a (conflicted copy).txt")));
        Files.delete(local.resolve("b (conflicted copy).txt"));
        assertEquals(0, run("conflicts", "list", "--home", home.toString()), () -> err);
        assertEquals("no conflicts", out.strip());
        assertEquals(0, run("status", "--home", home.toString()), () -> err);
        assertTrue(out.contains("conflicts: 0 unresolved"), out);
    }

    @Test
    void pairsMayNotOverlapOnTheServerAndRepairingAFolderSaysItIsPaired() throws Exception {
        loginAndPair();
        Path other = Files.createDirectories(tmp.resolve("Other"));
        assertEquals(2, run("pair", "add", other.toString(), "/", "--home", home.toString()));
        assertTrue(err.contains("holds /Sync"), err);
        assertEquals(2, run("pair", "add", other.toString(), "/Sync/", "--home", home.toString()));
        assertTrue(err.contains("already synced by pair 'Sync'"), err);
        assertEquals(2, run("pair", "add", other.toString(), "/Sync/Inner", "--home", home.toString()));
        assertTrue(err.contains("is inside /Sync"), err);
        assertEquals(2, run("pair", "add", local.toString(), "/Elsewhere", "--home", home.toString()));
        assertTrue(err.contains("already paired") && !err.contains("--name"), err);
        assertEquals(0, run("pair", "add", other.toString(), "/Other", "--home", home.toString()), () -> err);
    }

    @Test
    void versionsListTakesAbsoluteAndRelativePaths() throws Exception {
        loginAndPair();
        Files.writeString(local.resolve("doc.txt"), "mine");
        assertEquals(0, run("sync-once", "--home", home.toString()), () -> err);
        server.remote("alice").putFile("/Sync/doc.txt", "theirs".getBytes(StandardCharsets.UTF_8));
        server.flushTreeEtags(); // another device's change, older than the server's 500 ms ETag flush
        assertEquals(0, run("sync-once", "--home", home.toString()), () -> err);
        assertEquals("theirs", Files.readString(local.resolve("doc.txt")));
        assertEquals(0, run("versions", "list", local.resolve("doc.txt").toString(), "--home", home.toString()));
        assertTrue(out.contains("doc.txt") && !out.contains("no versions"), out);
        assertFalse(out.matches("(?s).*\\d{2}:\\d{2}:\\d{2}\\.\\d+.*"), "no fractions of seconds: " + out);
        assertEquals(0, run("versions", "list", "doc.txt", "--home", home.toString()));
        assertTrue(out.contains("doc.txt") && !out.contains("no versions"), out);
    }

    @Test
    void ignorePatternsCanBeSetFromTheCommandLine() {
        loginAndPair();
        assertEquals(0, run("pair", "ignore", "add", "*.iso", "build/", "--home", home.toString()), () -> err);
        assertEquals(0, run("pair", "ignore", "list", "--home", home.toString()), () -> err);
        assertTrue(out.contains("Sync: *.iso  build/"), out);
        assertTrue(out.contains("always ignored: ") && out.contains(".DS_Store"), out);
        assertEquals(0, run("pair", "ignore", "remove", "*.iso", "--home", home.toString()), () -> err);
        assertEquals(0, run("pair", "ignore", "list", "--home", home.toString()), () -> err);
        assertTrue(out.contains("Sync: build/"), out);
        assertEquals(2, run("pair", "ignore", "remove", "nope", "--home", home.toString()));
    }

    @Test
    void homeBeforeTheCommandAndHelpCommand() {
        loginAndPair();
        assertEquals(0, run("--home", home.toString(), "status"), () -> err);
        assertTrue(out.contains("account: alice"), out);
        assertEquals(0, run("help", "pair"));
        assertTrue(out.contains("add") && out.contains("ignore"), out);
    }

    /** #37 and #27: the dry run of a first sync into an empty folder says how many files and bytes come, in KiB/MiB. */
    @Test
    void theDryRunOfAFirstSyncSaysHowManyFilesAndBytesCome() throws Exception {
        loginAndPair();
        server.remote("alice").putFile("/Sync/big.bin", new byte[2_000_000]);
        server.remote("alice").putFile("/Sync/docs/a.txt", new byte[800_000]);
        server.remote("alice").putFile("/Sync/docs/deep/b.txt", new byte[100]);
        server.flushTreeEtags();
        assertEquals(0, run("sync-once", "--dry-run", "--home", home.toString()), () -> err);
        assertTrue(out.contains("download  big.bin (new, 1.9 MiB)"), out);
        assertTrue(out.contains("  in all: download 3 files, 2.7 MiB"), out);
        assertFalse(out.matches("(?s).*\\d{4,} B.*"), "no plain byte counts above 1 KiB: " + out);
        assertTrue(out.contains("docs/deep/b.txt (new, 100 B)"), out);
        try (var files = Files.list(local)) {
            assertEquals(0, files.count(), "a dry run writes nothing");
        }
    }

    @Test
    void theDryRunOfAFirstUploadSaysHowManyFilesAndBytesGoUp() throws Exception {
        loginAndPair();
        for (int i = 0; i < 1_204; i++) {
            Files.write(local.resolve("f" + i + ".bin"), new byte[10]);
        }
        Files.write(local.resolve("large.bin"), new byte[3 * 1024 * 1024]);
        assertEquals(0, run("sync-once", "--dry-run", "--home", home.toString()), () -> err);
        assertTrue(out.contains("  in all: upload 1,205 files, 3.0 MiB"), out);
        assertFalse(out.contains("download"), out);
    }
}
