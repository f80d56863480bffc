package org.oxisync.app.commands;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.app.testing.CliRun;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;

/**
 * {@code pair set NAME --mode/--role/--keep-remote-deletes}: changes a pair after it was added, checked as pair add
 * checks it and against the role the server gave; and a pair on a folder shared with the user re-reads its role
 * from the incoming shares when the server refuses a write.
 */
class PairSetCliTest {
    @TempDir Path tmp;
    OxiCloudEmulator server;
    Path home;
    String out;
    String err;
    String docs;

    @BeforeEach
    void start() {
        server = OxiCloudEmulator.start(EmulatorConfig.builder().user("alice", "pw-Quokka-42")
                .user("bob", "pw-Bob-42").build());
        String team = server.drives().createShared("Team", "alice", null);
        server.drives().setMember(team, "bob", "editor");
        docs = server.remote("alice").mkdirs("/docs");
        server.drives().shareFolder(docs, "bob", "editor", "alice");
        home = tmp.resolve("home");
        assertEquals(0, runIn("pw-Bob-42\n", "login", server.baseUrl(), "--user", "bob", "--password-stdin"),
                () -> err);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private int runIn(String stdin, String... args) {
        String[] all = Stream.concat(Stream.of(args), Stream.of("--home", home.toString())).toArray(String[]::new);
        CliRun r = CliRun.withStdin(stdin, all);
        out = r.out();
        err = r.err();
        return r.code();
    }

    private int run(String... args) {
        return runIn("", args);
    }

    private String listed(String pair) {
        assertEquals(0, run("pair", "list"), () -> err);
        return out.lines().filter(l -> l.startsWith(pair + "\t")).findFirst().orElseThrow(() -> new AssertionError(out));
    }

    @Test
    void pairSetChangesTheModeAndTheNextRunObeysIt() throws Exception {
        Path dir = tmp.resolve("Mine");
        assertEquals(0, run("pair", "add", dir.toString(), "/Mine"), () -> err);
        assertEquals(0, run("pair", "set", "Mine", "--mode", "download-only"), () -> err);
        assertTrue(out.contains("Mine: two-way, owner -> download-only, owner"), out);
        assertTrue(listed("Mine").endsWith("\tdownload-only, owner"));

        Files.writeString(dir.resolve("local.txt"), "stays here");
        assertEquals(0, run("sync-once"), () -> err);
        assertFalse(server.remote("bob").exists("/Mine/local.txt"), "a download-only pair sends nothing");

        assertEquals(0, run("pair", "set", "Mine", "--mode", "upload-only", "--keep-remote-deletes", "true"),
                () -> err);
        assertTrue(listed("Mine").endsWith("\tupload-only (keeps remote deletes), owner"));
        assertEquals(0, run("sync-once"), () -> err);
        assertEquals("stays here", new String(server.remote("bob").read("/Mine/local.txt"), StandardCharsets.UTF_8),
                "what was held back goes up once the mode sends it");
        assertEquals(0, run("pair", "set", "Mine", "--mode", "two-way"), () -> err);
        assertTrue(listed("Mine").endsWith("\ttwo-way, owner"), "keep-remote-deletes goes with upload-only");
    }

    @Test
    void pairSetRefusesWhatPairAddRefusesAndChangesNothing() {
        assertEquals(0, run("pair", "add", tmp.resolve("Mine").toString(), "/Mine"), () -> err);
        assertEquals(2, run("pair", "set", "Mine", "--keep-remote-deletes", "true"));
        assertTrue(err.contains("--keep-remote-deletes goes with --mode upload-only"), err);
        assertEquals(2, run("pair", "set", "Mine", "--mode", "sideways"));
        assertTrue(err.contains("unknown --mode 'sideways'"), err);
        assertEquals(2, run("pair", "set", "Mine", "--keep-remote-deletes", "maybe"));
        assertTrue(err.contains("takes true or false"), err);
        assertEquals(2, run("pair", "set", "Mine"));
        assertTrue(err.contains("nothing to change"), err);
        assertEquals(2, run("pair", "set", "Nope", "--mode", "two-way"));
        assertTrue(err.contains("no pair named 'Nope'"), err);
        assertTrue(listed("Mine").endsWith("\ttwo-way, owner"));
    }

    @Test
    void pairSetRoleMayNarrowTheDrivesRoleButNotWidenIt() {
        assertEquals(0, run("pair", "add", tmp.resolve("Team").toString(), "/", "--drive", "Team"), () -> err);
        assertEquals(2, run("pair", "set", "Team", "--role", "owner"));
        assertTrue(err.contains("your role on Team is editor; --role can only narrow it"), err);
        assertTrue(listed("Team").endsWith("\ttwo-way, editor"));
        assertEquals(0, run("pair", "set", "Team", "--role", "viewer"), () -> err);
        assertTrue(listed("Team").endsWith("\ttwo-way, viewer"));
    }

    @Test
    void aSharedFolderWhoseRoleWasLoweredIsReadAgainWhenTheServerRefusesAWrite() throws Exception {
        server.remote("alice").putFile("/docs/a.txt", "alice's".getBytes(StandardCharsets.UTF_8));
        Path dir = tmp.resolve("docs");
        assertEquals(0, run("pair", "add", dir.toString(), "/", "--drive", "docs"), () -> err);
        assertTrue(listed("docs").endsWith("\ttwo-way, editor"), out);
        assertEquals(0, run("sync-once"), () -> err);
        assertEquals("alice's", Files.readString(dir.resolve("a.txt")));

        server.drives().shareFolder(docs, "bob", "viewer", "alice"); // alice lowers bob's role on the share
        Files.writeString(dir.resolve("a.txt"), "bob's edit");
        run("sync-once");
        assertTrue(listed("docs").endsWith("\ttwo-way, viewer"), "the role is read again from the shares: " + out);
        assertEquals("alice's", new String(server.remote("alice").read("/docs/a.txt"), StandardCharsets.UTF_8));
        run("sync-once");
        try (Stream<Path> files = Files.list(dir)) {
            assertTrue(files.anyMatch(p -> p.getFileName().toString().startsWith("a (conflicted copy")
                    && readQuietly(p).equals("bob's edit")), "bob's edit is kept as a conflict copy");
        }
    }

    private static String readQuietly(Path p) {
        try {
            return Files.readString(p);
        } catch (java.io.IOException e) {
            return "";
        }
    }
}
