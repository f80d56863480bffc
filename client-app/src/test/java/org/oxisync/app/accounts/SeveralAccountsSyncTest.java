package org.oxisync.app.accounts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.app.AppConfig;
import org.oxisync.app.testing.Await;
import org.oxisync.app.testing.DaemonProcess;
import org.oxisync.app.testing.HomeCliTest;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;

/**
 * Three accounts in one home syncing at once: two users of one emulator (alice, bob) and a user of a second
 * emulator (carol). One {@code sync-once} without {@code --account} syncs all their pairs, each account with its own
 * delta budget; the daemon syncs all of them and serves {@code pair add}/{@code pair set} for any of them.
 */
class SeveralAccountsSyncTest extends HomeCliTest {
    @TempDir Path tmp;
    OxiCloudEmulator one;
    OxiCloudEmulator two;
    Path a;
    Path b;
    Path c;
    DaemonProcess daemon;

    @BeforeEach
    void start() {
        one = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "pw-Quokka-42").user("bob", "pw-Bob-42")
                .build());
        two = OxiCloudEmulator.start(EmulatorConfig.builder().user("carol", "pw-Carol-42").build());
        home = tmp.resolve("home");
        a = tmp.resolve("A");
        b = tmp.resolve("B");
        c = tmp.resolve("C");
        login(one, "alice", "pw-Quokka-42", "--account", "alice");
        login(one, "bob", "pw-Bob-42", "--account", "bob");
        login(two, "carol", "pw-Carol-42", "--account", "carol");
        assertEquals(0, run("pair", "add", a.toString(), "/Sync", "--account", "alice"), () -> err);
        assertEquals(0, run("pair", "add", b.toString(), "/Sync", "--account", "bob"), () -> err);
        assertEquals(0, run("pair", "add", c.toString(), "/Sync", "--account", "carol"), () -> err);
    }

    @AfterEach
    void stop() throws InterruptedException {
        if (daemon != null) {
            daemon.close();
        }
        one.close();
        two.close();
    }

    private static byte[] text(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The requests counted in an account's delta budget file (0 when it has none). */
    private int budgetUsed(OxiCloudEmulator server, String user) throws Exception {
        Path f = home.resolve("data").resolve("delta-budget-" + AppConfig.accountKey(server.baseUrl(), user)
                + ".txt");
        return Files.exists(f) ? Integer.parseInt(Files.readString(f).trim().split(" ")[0]) : 0;
    }

    @Test
    void oneSyncOnceWithoutAccountSyncsEveryAccountsPairsEachWithItsOwnBudgetAndNamesTheAccounts() throws Exception {
        one.remote("alice").putFile("/Sync/from-alice-server.txt", text("alice's"));
        one.remote("bob").putFile("/Sync/from-bob-server.txt", text("bob's"));
        two.remote("carol").putFile("/Sync/from-carol-server.txt", text("carol's"));

        assertEquals(0, run("sync-once", "--json"), () -> err);
        JsonNode r = new ObjectMapper().readTree(out);
        assertEquals(3, r.get("pairs").size(), out);
        assertEquals(3, r.get("downloaded").asInt(), out);
        java.util.Map<String, String> accountOf = new java.util.HashMap<>();
        r.get("pairs").forEach(p -> accountOf.put(p.get("pair").asText(), p.get("account").asText()));
        assertEquals(java.util.Map.of("A", "alice", "B", "bob", "C", "carol"), accountOf, out);
        assertEquals("alice's", Files.readString(a.resolve("from-alice-server.txt")));
        assertEquals("bob's", Files.readString(b.resolve("from-bob-server.txt")));
        assertEquals("carol's", Files.readString(c.resolve("from-carol-server.txt")));
        assertFalse(Files.exists(a.resolve("from-bob-server.txt")), "each pair holds only its account's files");
        assertEquals(0, run("sync-once"), () -> err);
        assertTrue(out.contains("[alice/A] ") && out.contains("[bob/B] ") && out.contains("[carol/C] "),
                "the human output names each pair's account: " + out);

        // a large new file goes by delta: only alice's budget is spent
        byte[] big = new byte[9 << 20];
        new Random(7).nextBytes(big);
        Files.write(a.resolve("big.bin"), big);
        assertEquals(0, run("sync-once", "--json"), () -> err);
        assertEquals(1, new ObjectMapper().readTree(out).get("uploaded").asInt(), out);
        int alice = budgetUsed(one, "alice");
        assertTrue(alice > 0, "alice's budget counts her delta requests");
        assertEquals(0, budgetUsed(one, "bob"), "bob's budget is his own");
        assertEquals(0, budgetUsed(two, "carol"), "carol's budget is her own");

        big[0] ^= 1;
        Files.write(c.resolve("big.bin"), big);
        assertEquals(0, run("sync-once", "--account", "carol", "--json"), () -> err);
        assertEquals(1, new ObjectMapper().readTree(out).get("uploaded").asInt(), out);
        assertTrue(budgetUsed(two, "carol") > 0);
        assertEquals(alice, budgetUsed(one, "alice"), "carol's run spends nothing of alice's");
        assertEquals(big.length, two.remote("carol").read("/Sync/big.bin").length);
    }

    @Test
    @DisabledOnOs(OS.WINDOWS) // Process.destroy() is not SIGTERM there
    void theDaemonSyncsEveryAccountAndServesPairChangesForEach() throws Exception {
        assertEquals(0, run("sync-once"), () -> err); // sealed pairs: the daemon starts from a synced state
        daemon = DaemonProcess.start(home, tmp.resolve("daemon.log"), "--poll-seconds", "1").awaitSocket();

        one.remote("alice").putFile("/Sync/a.txt", text("for alice"));
        one.remote("bob").putFile("/Sync/b.txt", text("for bob"));
        two.remote("carol").putFile("/Sync/c.txt", text("for carol"));
        one.flushTreeEtags(); // the servers' folder etags lag behind their writes (as the real server's do)
        two.flushTreeEtags();
        Await.until("every account's file", 60, () -> Files.exists(a.resolve("a.txt"))
                && Files.exists(b.resolve("b.txt")) && Files.exists(c.resolve("c.txt")));
        Files.writeString(c.resolve("up.txt"), "from carol's disk");
        Await.until("carol's upload", 60, () -> {
            try {
                return new String(two.remote("carol").read("/Sync/up.txt"), StandardCharsets.UTF_8)
                        .equals("from carol's disk");
            } catch (RuntimeException e) {
                return false;
            }
        });

        assertEquals(0, run("status", "--json"), () -> err);
        JsonNode status = new ObjectMapper().readTree(out);
        assertEquals(3, status.get("accounts").size(), out);
        assertEquals("bob", status.get("accounts").get(1).get("name").asText());
        assertEquals("B", status.get("accounts").get(1).get("pairs").get(0).get("name").asText());
        assertEquals(0, run("status"), () -> err);
        assertTrue(out.contains("daemon:  running") && out.contains("(carol)"), out);

        // the CLI's changes go through the daemon, to the named account
        assertEquals(0, run("pair", "set", "B", "--mode", "download-only", "--account", "bob"), () -> err);
        assertTrue(out.contains("B: two-way, owner -> download-only, owner"), out);
        Path a2 = tmp.resolve("A2");
        assertEquals(0, run("pair", "add", a2.toString(), "/Other", "--account", "alice"), () -> err);
        assertTrue(out.contains("Syncing starts now: the daemon"), out);
        one.remote("alice").putFile("/Other/o.txt", text("other"));
        one.flushTreeEtags();
        Await.until("the pair added beside the daemon", 60, () -> Files.exists(a2.resolve("o.txt")));
        assertEquals(0, run("pair", "list", "--account", "bob"), () -> err);
        assertTrue(out.contains("download-only"), out);
        assertEquals(2, run("pair", "list"));

        daemon.process().destroy(); // SIGTERM
        assertTrue(daemon.process().waitFor(60, TimeUnit.SECONDS), "the daemon stops");
        String lines = daemon.output();
        assertTrue(lines.contains("(account carol)") && lines.contains("(account bob)"), lines);
        assertTrue(lines.contains("carol/C: ") || lines.contains("alice/A2: "), "lines name their account: " + lines);
        assertEquals(143, daemon.process().exitValue(), lines);
        assertTrue(lines.contains("oxisync daemon: stopped\n"), lines);
    }
}
