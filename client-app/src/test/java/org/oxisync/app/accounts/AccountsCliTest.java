package org.oxisync.app.accounts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.app.testing.HomeCliTest;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;

/** {@code login} adds accounts, {@code accounts}, {@code --account} choice, {@code logout} and {@code accounts remove}. */
class AccountsCliTest extends HomeCliTest {
    @TempDir Path tmp;
    OxiCloudEmulator server;

    @BeforeEach
    void start() {
        server = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "pw-Quokka-42")
                .user("bob", "pw-Bob-42").build());
        home = tmp.resolve("home");
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private void login(String user, String password, String... more) {
        login(server, user, password, more);
    }

    private JsonNode accountsJson() throws Exception {
        assertEquals(0, run("accounts", "--json"), () -> err);
        return new ObjectMapper().readTree(out).get("accounts");
    }

    @Test
    void aSecondLoginAddsAnAccountBesideTheFirstInsteadOfReplacingIt() throws Exception {
        login("alice", "pw-Quokka-42");
        assertTrue(out.contains("Account 'alice@127.0.0.1' added"), out);
        login("bob", "pw-Bob-42", "--account", "bobs-work");
        assertTrue(out.contains("Account 'bobs-work' added"), out);

        JsonNode list = accountsJson();
        assertEquals(2, list.size(), list::toString);
        assertEquals("alice@127.0.0.1", list.get(0).get("name").asText());
        assertEquals("alice", list.get(0).get("user").asText());
        assertEquals(server.baseUrl(), list.get(0).get("server").asText());
        assertTrue(list.get(0).get("signed_in").asBoolean());
        assertEquals("bobs-work", list.get(1).get("name").asText());
        assertEquals("bob", list.get(1).get("user").asText());
        assertTrue(list.get(1).get("signed_in").asBoolean());

        assertEquals(0, run("accounts"), () -> err);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("bobs-work\tbob at " + server.baseUrl() + "\tsigned in\t0 pair(s)")),
                out);
    }

    @Test
    void loggingInAgainAsTheSameUserRefreshesThatAccountAndKeepsItsPairs() throws Exception {
        login("alice", "pw-Quokka-42");
        assertEquals(0, run("pair", "add", tmp.resolve("Docs").toString(), "/Docs"), () -> err);
        assertEquals(0, run("logout"), () -> err);
        assertFalse(accountsJson().get(0).get("signed_in").asBoolean(), "signed out, still listed");

        login("alice", "pw-Quokka-42");
        assertTrue(out.contains("signed in again; its pairs are kept"), out);
        JsonNode list = accountsJson();
        assertEquals(1, list.size(), list::toString);
        assertTrue(list.get(0).get("signed_in").asBoolean());
        assertEquals(1, list.get(0).get("pairs").asInt());
        assertEquals(0, run("pair", "list"), () -> err);
        assertTrue(out.startsWith("Docs\t"), out);
    }

    @Test
    void withSeveralAccountsACommandWithoutAccountStopsWithTheListAndAccountChoosesOne() throws Exception {
        login("alice", "pw-Quokka-42");
        login("bob", "pw-Bob-42");
        assertEquals(0, run("pair", "add", tmp.resolve("A").toString(), "/A", "--account", "alice@127.0.0.1"),
                () -> err);
        assertEquals(0, run("pair", "add", tmp.resolve("B").toString(), "/B", "--account", "bob@127.0.0.1"),
                () -> err);

        assertEquals(2, run("pair", "list"));
        assertTrue(err.contains("this home has 2 accounts; choose one with --account NAME"), err);
        assertTrue(err.contains("alice@127.0.0.1 (alice at ") && err.contains("bob@127.0.0.1 (bob at "), err);
        assertEquals(2, run("drives"));
        assertTrue(err.contains("--account NAME"), err);
        assertEquals(2, run("pair", "list", "--account", "carol@nowhere"));
        assertTrue(err.contains("no account named 'carol@nowhere'"), err);

        assertEquals(0, run("pair", "list", "--account", "bob@127.0.0.1"), () -> err);
        assertTrue(out.startsWith("B\t") && !out.contains("A\t"), out);
        assertEquals(0, run("pair", "list", "--account", "alice@127.0.0.1"), () -> err);
        assertTrue(out.startsWith("A\t") && !out.contains("B\t"), out);

        // status covers every account
        assertEquals(0, run("status"), () -> err);
        assertTrue(out.contains("account: alice at") && out.contains("account: bob at"), out);
        assertTrue(out.contains("A: ") && out.contains("B: "), out);
    }

    @Test
    void logoutWithAccountSignsOutOnlyThatAccount() throws Exception {
        login("alice", "pw-Quokka-42");
        login("bob", "pw-Bob-42");
        assertEquals(2, run("logout"));
        assertTrue(err.contains("--account NAME"), err);
        assertEquals(0, run("logout", "--account", "bob@127.0.0.1"), () -> err);
        JsonNode list = accountsJson();
        assertTrue(list.get(0).get("signed_in").asBoolean(), "alice stays signed in");
        assertFalse(list.get(1).get("signed_in").asBoolean(), "bob is signed out");
        assertEquals(0, run("drives", "--account", "alice@127.0.0.1"), () -> err);
    }

    @Test
    void removingAnAccountIsRefusedWhileItHasPairsUnlessForcedAndTouchesNoFiles() throws Exception {
        login("alice", "pw-Quokka-42");
        login("bob", "pw-Bob-42");
        Path b = tmp.resolve("B");
        assertEquals(0, run("pair", "add", b.toString(), "/B", "--account", "bob@127.0.0.1"), () -> err);
        Files.writeString(b.resolve("mine.txt"), "keep me");
        assertEquals(0, run("sync-once", "--account", "bob@127.0.0.1"), () -> err);

        assertEquals(2, run("accounts", "remove", "bob@127.0.0.1"));
        assertTrue(err.contains("has 1 pair(s)"), err);
        assertEquals(2, accountsJson().size());

        assertEquals(0, run("accounts", "remove", "bob@127.0.0.1", "--force"), () -> err);
        assertTrue(out.contains("No files were touched"), out);
        JsonNode list = accountsJson();
        assertEquals(1, list.size(), list::toString);
        assertEquals("alice@127.0.0.1", list.get(0).get("name").asText());
        assertEquals("keep me", Files.readString(b.resolve("mine.txt")), "the synced folder is untouched");
        assertEquals("keep me", new String(server.remote("bob").read("/B/mine.txt")), "and the server copy");
        // one account left: commands need no --account again
        assertEquals(0, run("pair", "list"), () -> err);
        assertEquals(2, run("accounts", "remove", "nobody"));
        assertTrue(err.contains("no account named 'nobody'"), err);
    }

    @Test
    void anAccountNameAnotherAccountHasIsRefusedAndKeepsNoNewSession() throws Exception {
        login("alice", "pw-Quokka-42", "--account", "work");
        assertEquals(2, runIn("pw-Bob-42\n", "login", server.baseUrl(), "--user", "bob", "--password-stdin",
                "--account", "work"));
        assertTrue(err.contains("an account named 'work' already exists"), err);
        assertEquals(1, accountsJson().size());
        assertEquals(2, runIn("pw-Bob-42\n", "login", server.baseUrl(), "--user", "bob", "--password-stdin",
                "--account", "has space"));
        assertTrue(err.contains("not a usable account name"), err);
    }
}
