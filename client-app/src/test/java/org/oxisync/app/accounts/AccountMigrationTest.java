package org.oxisync.app.accounts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.app.AppConfig;
import org.oxisync.app.testing.HomeCliTest;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;

/**
 * A home made before accounts had names (config.properties with one {@code server} and {@code user}, written by
 * {@link AppConfig#save}, as every earlier version wrote it) is taken over on first start: the account keeps its
 * pairs, journal and credentials, and the next run downloads nothing again.
 */
class AccountMigrationTest extends HomeCliTest {
    @TempDir Path tmp;
    OxiCloudEmulator server;

    @BeforeEach
    void start() {
        server = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "pw-Quokka-42").build());
        home = tmp.resolve("home");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** A synced one-account home in the format of earlier versions. */
    private void oneAccountHomeWithASyncedPair(Path local) throws Exception {
        assertEquals(0, runIn("pw-Quokka-42\n", "login", server.baseUrl(), "--user", "alice", "--password-stdin"),
                () -> err);
        assertEquals(0, run("pair", "add", local.toString(), "/Docs"), () -> err);
        for (int i = 0; i < 5; i++) {
            server.remote("alice").putFile("/Docs/f" + i + ".txt", ("file " + i).getBytes(StandardCharsets.UTF_8));
        }
        assertEquals(0, run("sync-once", "--json"), () -> err);
        assertEquals(5, new ObjectMapper().readTree(out).get("downloaded").asInt(), out);
        // the config file of earlier versions: the one account's server and user, nothing else
        Files.delete(home.resolve("config.properties"));
        new AppConfig(server.baseUrl(), "alice", null).save(home.resolve("config.properties"));
    }

    private static Properties read(Path file) throws Exception {
        Properties p = new Properties();
        try (var r = Files.newBufferedReader(file)) {
            p.load(r);
        }
        return p;
    }

    @Test
    void aOneAccountHomeKeepsItsPairsJournalAndCredentialsAndDownloadsNothingAgain() throws Exception {
        Path local = tmp.resolve("Docs");
        oneAccountHomeWithASyncedPair(local);
        List<Path> storesBefore;
        try (Stream<Path> s = Files.list(home.resolve("data").resolve("accounts"))) {
            storesBefore = s.sorted().toList();
        }

        assertEquals(0, run("accounts", "--json"), () -> err);
        JsonNode list = new ObjectMapper().readTree(out).get("accounts");
        assertEquals(1, list.size(), list::toString);
        assertEquals("alice@127.0.0.1", list.get(0).get("name").asText());
        assertTrue(list.get(0).get("signed_in").asBoolean(), "the credentials are the account's");
        assertEquals(1, list.get(0).get("pairs").asInt(), "the pair is the account's");

        Properties p = read(home.resolve("config.properties"));
        assertEquals("alice@127.0.0.1", p.getProperty("account.1.name"), "rewritten in the new format");
        assertEquals("alice", p.getProperty("user"), "the one-account keys stay for an older version");

        assertEquals(0, run("sync-once", "--json"), () -> err);
        JsonNode report = new ObjectMapper().readTree(out);
        assertEquals("ok", report.get("status").asText(), out);
        assertEquals(0, report.get("downloaded").asInt(), "nothing is downloaded again: " + out);
        assertEquals(0, report.get("uploaded").asInt(), out);
        assertEquals(0, report.get("bytes_received").asLong(), out);
        try (Stream<Path> s = Files.list(home.resolve("data").resolve("accounts"))) {
            assertEquals(storesBefore, s.sorted().toList(), "the same store, no new one");
        }

        // the journal goes on: a change on each side syncs as before
        server.remote("alice").putFile("/Docs/new.txt", "new".getBytes(StandardCharsets.UTF_8));
        server.flushTreeEtags(); // the server's folder etags lag behind its writes (as the real server's do)
        Files.writeString(local.resolve("f0.txt"), "edited here");
        assertEquals(0, run("sync-once", "--json"), () -> err);
        report = new ObjectMapper().readTree(out);
        assertEquals(1, report.get("downloaded").asInt(), out);
        assertEquals(1, report.get("uploaded").asInt(), out);
        assertEquals("edited here", new String(server.remote("alice").read("/Docs/f0.txt"), StandardCharsets.UTF_8));
    }

    @Test
    void theMigrationRunsOnceAndASecondLoginThenAddsAnAccount() throws Exception {
        oneAccountHomeWithASyncedPair(tmp.resolve("Docs"));
        assertEquals(0, run("pair", "list"), () -> err);
        assertTrue(out.startsWith("Docs\t"), out);
        String migrated = Files.readString(home.resolve("config.properties"));
        assertEquals(0, run("status"), () -> err);
        assertEquals(migrated.lines().filter(l -> !l.startsWith("#")).toList(),
                Files.readString(home.resolve("config.properties")).lines().filter(l -> !l.startsWith("#")).toList(),
                "a migrated home is not rewritten again");
        server.addUser("bob", "pw-Bob-42", "bob@example.org");
        assertEquals(0, runIn("pw-Bob-42\n", "login", server.baseUrl(), "--user", "bob", "--password-stdin"),
                () -> err);
        Properties p = read(home.resolve("config.properties"));
        assertEquals("alice@127.0.0.1", p.getProperty("account.1.name"));
        assertEquals("bob@127.0.0.1", p.getProperty("account.2.name"));
        assertEquals(0, run("pair", "list", "--account", "alice@127.0.0.1"), () -> err);
        assertTrue(out.startsWith("Docs\t"), out);
    }
}
