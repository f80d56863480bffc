package org.oxisync.app.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.oxisync.app.testing.AliceCliTest;

/** The headless command line end to end, in-process, against the emulator, with a portable --home. */
class CliCommandsTest extends AliceCliTest {

    @Test
    void loginStoresTheAccountAndASecretOnlyTheUserCanRead() throws Exception {
        loginAndPair();
        assertTrue(out.contains("Paired 'Sync'"), out);
        try (Stream<Path> s = Files.walk(home.resolve("credentials"))) {
            for (Path p : s.filter(Files::isRegularFile).toList()) {
                Set<PosixFilePermission> perms = Files.getPosixFilePermissions(p);
                assertEquals(Set.of(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE), perms);
            }
        }
        String config = Files.readString(home.resolve("config.properties"));
        assertFalse(config.contains("Quokka"), "no password in the configuration");
    }

    @Test
    void wrongPasswordIsAConfigurationErrorWithExitCode2() {
        assertEquals(2, runWithStdin("nope\n", "login", server.baseUrl(), "--user", "alice", "--password-stdin",
                "--home", home.toString()));
        assertFalse(err.isBlank());
    }

    @Test
    void syncOnceJsonReportsTheRunAndExitsZeroWhenInSync() throws Exception {
        loginAndPair();
        Files.writeString(local.resolve("a.txt"), "hello");
        server.remote("alice").putFile("/Sync/b.txt", "from server".getBytes(StandardCharsets.UTF_8));
        assertEquals(0, run("sync-once", "--json", "--home", home.toString()), () -> err + out);
        JsonNode json = new ObjectMapper().readTree(out);
        assertEquals("ok", json.get("status").asText());
        assertEquals(1, json.get("uploaded").asInt());
        assertEquals(1, json.get("downloaded").asInt());
        for (String field : new String[] {"deleted_local", "deleted_remote", "moved", "conflicts", "bytes_sent",
                "bytes_received", "bytes_reused", "errors"}) {
            assertTrue(json.has(field), field);
        }
        assertEquals("from server", Files.readString(local.resolve("b.txt")));
    }

    @Test
    void theDashDashSyncOnceAliasRunsTheSameCommand() throws Exception {
        loginAndPair();
        Files.writeString(local.resolve("a.txt"), "x");
        assertEquals(0, run("--sync-once", "--json", "--home", home.toString()), () -> err);
        assertEquals("ok", new ObjectMapper().readTree(out).get("status").asText());
    }

    @Test
    void dryRunPrintsThePlanAndChangesNothing() throws Exception {
        loginAndPair();
        Files.writeString(local.resolve("a.txt"), "x");
        assertEquals(0, run("sync-once", "--dry-run", "--home", home.toString()), () -> err);
        assertTrue(out.contains("upload") && out.contains("a.txt"), out);
        assertFalse(server.remote("alice").exists("/Sync/a.txt"));
    }

    @Test
    void syncOnceWithoutLoginExitsWithCode2AndJsonSaysFailed() throws Exception {
        assertEquals(2, run("sync-once", "--json", "--home", home.toString()));
        assertEquals("failed", new ObjectMapper().readTree(out).get("status").asText());
    }

    @Test
    void aFailingItemGivesExitCode1() throws Exception {
        loginAndPair();
        server.setQuota("alice", 10); // the upload is refused (507): an item that failed, retried next run
        Files.writeString(local.resolve("big.txt"), "more than ten bytes of content");
        assertEquals(1, run("sync-once", "--json", "--home", home.toString()), () -> err);
        JsonNode json = new ObjectMapper().readTree(out);
        assertEquals("partial", json.get("status").asText());
        assertEquals("big.txt", json.get("errors").get(0).get("path").asText());
    }

    @Test
    void aNameTheServerRefusesIsParkedAsSkippedWithExitCode0() throws Exception {
        loginAndPair();
        Files.writeString(local.resolve("bad\\name.txt"), "the server forbids backslashes");
        assertEquals(0, run("sync-once", "--json", "--home", home.toString()), () -> err);
        JsonNode json = new ObjectMapper().readTree(out);
        assertEquals("ok", json.get("status").asText());
        assertEquals("bad\\name.txt", json.get("skipped").get(0).get("path").asText());
    }

    @Test
    void versionsListAndRestoreBringBackReplacedContent() throws Exception {
        loginAndPair();
        Files.writeString(local.resolve("doc.txt"), "mine");
        assertEquals(0, run("sync-once", "--home", home.toString()), () -> err);
        server.remote("alice").putFile("/Sync/doc.txt", "theirs".getBytes(StandardCharsets.UTF_8));
        server.flushTreeEtags(); // another device's change, older than the server's 500 ms ETag flush
        assertEquals(0, run("sync-once", "--home", home.toString()), () -> err);
        assertEquals("theirs", Files.readString(local.resolve("doc.txt")));
        assertEquals(0, run("versions", "list", "doc.txt", "--home", home.toString()), () -> err);
        assertTrue(out.contains("doc.txt"), out);
        assertEquals(0, run("versions", "restore", "doc.txt", "--home", home.toString()), () -> err);
        assertEquals("mine", Files.readString(local.resolve("doc.txt")));
        assertEquals(0, run("versions", "list", "doc.txt", "--home", home.toString()));
        assertEquals(2, out.lines().filter(l -> l.contains("doc.txt")).count(),
                "the replaced 'theirs' was kept as a version too: " + out);
    }

    @Test
    void statusPairListAndPairRemoveDescribeTheSetup() {
        loginAndPair();
        assertEquals(0, run("status", "--home", home.toString()));
        assertTrue(out.contains("alice") && out.contains("Sync"), out);
        assertEquals(0, run("pair", "list", "--home", home.toString()));
        assertTrue(out.contains(local.toString()), out);
        assertEquals(0, run("pair", "remove", "Sync", "--home", home.toString()), () -> err);
        assertEquals(0, run("pair", "list", "--home", home.toString()));
        assertTrue(out.contains("no folder pairs"), out);
    }

    @Test
    void logoutForgetsTheCredentials() throws Exception {
        loginAndPair();
        assertEquals(0, run("logout", "--home", home.toString()), () -> err);
        try (Stream<Path> s = Files.walk(home.resolve("credentials"))) {
            assertEquals(0, s.filter(Files::isRegularFile).count());
        }
        assertEquals(2, run("sync-once", "--home", home.toString()));
    }

    @Test
    void demoRunsTwoSyncsAgainstTheBundledEmulatorAndEndsInSync() {
        assertEquals(0, run("demo", "--dir", tmp.resolve("demo").toString(), "--large-mib", "3"), () -> err + out);
        assertTrue(out.contains("GET /api/version -> OxiCloud 0.8.7"), out);
        assertTrue(out.contains("conflicts 1"), out);
        assertTrue(out.contains("conflicted copy"), out);
        assertTrue(out.contains("your role: editor"), out);
        assertTrue(out.contains("large.bin  (3.0 MiB)") && !out.matches("(?s).*\\(\\d{4,} B\\).*"),
                "the demo lists sizes in the CLI's units (issue 18 #27): " + out);
        assertTrue(Files.isRegularFile(tmp.resolve("demo/Team/Roadmap/2026.md")), "the team drive's file came down");
        assertEquals(0, run("pair", "list", "--home", tmp.resolve("demo/client-home").toString()), () -> err);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("Team\t") && l.endsWith("two-way, editor")),
                "the demo's team pair plans as an editor from its first run, as `pair add --drive` makes it: " + out);
    }
}
