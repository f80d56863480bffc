package org.oxisync.app.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.app.testing.CliRun;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;

/** {@code oxisync drives} and {@code pair add --drive} against the emulator's Shared drives and shares. */
class DrivesCliTest {
    @TempDir Path tmp;
    OxiCloudEmulator server;
    Path home;
    String team;
    String out;
    String err;

    @BeforeEach
    void start() {
        server = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "pw-Quokka-42").user("bob", "pw-Bob-42").build());
        team = server.drives().createShared("Team", "alice", 1_000_000L);
        server.drives().setMember(team, "bob", "editor");
        String docs = server.remote("alice").mkdirs("/docs");
        server.drives().shareFolder(docs, "bob", "viewer", "alice");
        home = tmp.resolve("home");
        CliRun r = CliRun.withStdin("pw-Bob-42\n", "login", server.baseUrl(), "--user", "bob", "--password-stdin",
                "--home", home.toString());
        assertEquals(0, r.code(), r::err);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private int run(String... args) {
        String[] all = new String[args.length + 2];
        System.arraycopy(args, 0, all, 0, args.length);
        all[args.length] = "--home";
        all[args.length + 1] = home.toString();
        CliRun r = CliRun.withStdin("", all);
        out = r.out();
        err = r.err();
        return r.code();
    }

    @Test
    void drivesPrintsATableOfDrivesAndSharesWithRoleQuotaAndUse() {
        assertEquals(0, run("drives"), () -> err);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("Personal") && l.contains("owner")), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("Team") && l.contains("shared") && l.contains("editor")
                && l.contains(team)), out);
        assertTrue(out.lines().anyMatch(l -> l.startsWith("docs") && l.contains("folder") && l.contains("viewer")), out);
    }

    @Test
    void drivesJsonCarriesRolesQuotaUseAndTheShares() throws Exception {
        server.drives().remote("alice", team).putFile("/a.txt", new byte[100]);
        assertEquals(0, run("drives", "--json"), () -> err);
        JsonNode json = new ObjectMapper().readTree(out);
        JsonNode shared = json.get("drives").get(1);
        assertEquals("Team", shared.get("name").asText());
        assertEquals("editor", shared.get("role").asText());
        assertEquals(1_000_000L, shared.get("quota_bytes").asLong());
        assertEquals(100L, shared.get("used_bytes").asLong());
        assertEquals(999_900L, shared.get("free_bytes").asLong());
        assertEquals(1, json.get("shares").size(), "drive grants are listed under drives only");
        assertEquals("viewer", json.get("shares").get(0).get("role").asText());
    }

    @Test
    void pairAddDriveCreatesTheRemoteFolderInThatDriveAndStoresTheDriveAndRole() throws Exception {
        Path local = Files.createDirectories(tmp.resolve("TeamSync"));
        assertEquals(0, run("pair", "add", local.toString(), "/Sub", "--drive", "Team"), () -> err);
        assertTrue(out.contains("on Team (shared, your role: editor)"), out);
        assertTrue(server.drives().remote("alice", team).exists("/Sub"), "made in the Team drive");
        assertTrue(!server.remote("bob").exists("/Sub"), "not in bob's Personal drive");
        assertEquals(0, run("pair", "list"), () -> err);
        assertTrue(out.contains("/Sub\tTeam (editor)"), out);
    }

    @Test
    void pairsOnDifferentDrivesMayBothSyncTheirRoot() throws Exception {
        assertEquals(0, run("pair", "add", Files.createDirectories(tmp.resolve("Home")).toString(), "/"), () -> err);
        assertEquals(0, run("pair", "add", Files.createDirectories(tmp.resolve("T")).toString(), "/", "--drive", team),
                () -> err);
        assertEquals(2, run("pair", "add", Files.createDirectories(tmp.resolve("T2")).toString(), "/x", "--drive",
                "Team"), () -> out);
        assertTrue(err.contains("synced by pair 'T'"), err);
    }

    @Test
    void pairAddOnASharedFolderUsesItAsTheRootAndAnUnknownDriveListsTheChoices() throws Exception {
        assertEquals(0, run("pair", "add", Files.createDirectories(tmp.resolve("Docs")).toString(), "/", "--drive",
                "docs"), () -> err);
        assertTrue(out.contains("(folder, your role: viewer)"), out);
        assertEquals(2, run("pair", "add", Files.createDirectories(tmp.resolve("N")).toString(), "/", "--drive", "Nope"));
        assertTrue(err.contains("no drive or shared folder is called 'Nope'") && err.contains("Team  (shared, " + team),
                err);
    }

    @Test
    void aViewerCannotHaveAMissingRemoteFolderMadeAndIsToldWhy() throws Exception {
        server.drives().setMember(team, "bob", "viewer");
        assertEquals(2, run("pair", "add", Files.createDirectories(tmp.resolve("V")).toString(), "/New", "--drive",
                "Team"));
        assertTrue(err.contains("does not allow 'create'"), err);
        assertTrue(!server.drives().remote("alice", team).exists("/New"));
    }
}
