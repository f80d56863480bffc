package org.oxisync.app.accounts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.app.testing.Await;
import org.oxisync.app.testing.DaemonProcess;
import org.oxisync.app.testing.HomeCliTest;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;

/**
 * A running daemon follows the account list without a restart: an account logged in after it started syncs at
 * once, {@code logout} of an account whose store the daemon holds signs it out through the daemon, logging in again
 * starts its sync again, and {@code accounts remove} stops it. docs/accounts.md, "The daemon and the control socket".
 */
@DisabledOnOs(OS.WINDOWS) // Process.destroy() is not SIGTERM there
class DaemonAccountsReloadTest extends HomeCliTest {
    @TempDir Path tmp;
    OxiCloudEmulator server;
    Path a;
    Path b;
    DaemonProcess daemon;

    @BeforeEach
    void start() {
        server = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "pw-Quokka-42")
                .user("bob", "pw-Bob-42").build());
        home = tmp.resolve("home");
        a = tmp.resolve("A");
        b = tmp.resolve("B");
    }

    @AfterEach
    void stop() throws InterruptedException {
        if (daemon != null) {
            daemon.close();
        }
        server.close();
    }

    private void login(String user, String password) {
        login(server, user, password, "--account", user);
    }

    private JsonNode status() throws Exception {
        assertEquals(0, run("status", "--json"), () -> err);
        return new ObjectMapper().readTree(out);
    }

    private java.util.List<String> syncedAccounts() throws Exception {
        java.util.List<String> names = new java.util.ArrayList<>();
        status().get("accounts").forEach(n -> names.add(n.get("name").asText()));
        return names;
    }

    private void putAndAwait(String user, String remote, Path local) throws InterruptedException {
        server.remote(user).putFile(remote, remote.getBytes(StandardCharsets.UTF_8));
        server.flushTreeEtags(); // the server's folder etags lag behind its writes (as the real server's do)
        Await.until(user + "'s " + remote + " in " + local, 60, () -> Files.exists(local));
    }

    @Test
    void anAccountAddedSignedOutSignedInOrRemovedWhileTheDaemonRunsStartsAndStopsSyncingWithoutARestart()
            throws Exception {
        login("alice", "pw-Quokka-42");
        assertEquals(0, run("pair", "add", a.toString(), "/Sync"), () -> err);
        assertEquals(0, run("sync-once"), () -> err);
        daemon = DaemonProcess.start(home, tmp.resolve("daemon.log"), "--poll-seconds", "1").awaitSocket();
        assertEquals(List.of("alice"), syncedAccounts(), daemon::output);

        // added while the daemon runs: synced at once, and its pair add goes through the daemon
        login("bob", "pw-Bob-42");
        assertTrue(out.contains("The running OxiSync syncs account 'bob' now"), out);
        assertEquals(List.of("alice", "bob"), syncedAccounts(), daemon::output);
        assertEquals(0, run("pair", "add", b.toString(), "/Work", "--account", "bob"), () -> err);
        putAndAwait("bob", "/Work/for-bob.txt", b.resolve("for-bob.txt"));

        // logout of an account whose store the daemon holds: done by the daemon
        assertEquals(0, run("logout", "--account", "alice"), () -> err);
        assertTrue(out.contains("the running OxiSync stopped syncing it"), out);
        assertEquals(List.of("bob"), syncedAccounts(), daemon::output);
        assertEquals(0, run("accounts", "--json"), () -> err);
        JsonNode accounts = new ObjectMapper().readTree(out).get("accounts");
        assertFalse(accounts.get(0).get("signed_in").asBoolean(), out);
        assertTrue(accounts.get(1).get("signed_in").asBoolean(), out);

        // signing in again: the daemon syncs alice again, with her pair
        login("alice", "pw-Quokka-42");
        assertTrue(out.contains("signed in again") && out.contains("The running OxiSync syncs account 'alice' now"),
                out + err);
        assertEquals(List.of("alice", "bob"), syncedAccounts(), daemon::output);
        putAndAwait("alice", "/Sync/after-relogin.txt", a.resolve("after-relogin.txt"));

        // removed while the daemon runs: its sync stops, no file is touched
        assertEquals(0, run("accounts", "remove", "bob", "--force"), () -> err);
        assertEquals(List.of("alice"), syncedAccounts(), daemon::output);
        assertTrue(Files.exists(b.resolve("for-bob.txt")), "removing an account touches no file");
        assertTrue(daemon.process().isAlive());
        String lines = daemon.output();
        assertTrue(lines.contains("stopped syncing account bob"), lines);
    }
}
