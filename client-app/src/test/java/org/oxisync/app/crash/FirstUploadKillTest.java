package org.oxisync.app.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.app.testing.LocalTrees;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.EndpointStats;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.emulator.RemoteClient;

/**
 * The first sync of a tree the server has never seen (new files in new folders: uploaded after the plan, in batches),
 * run by the CLI as a real process and killed with SIGKILL ({@link Process#destroyForcibly()}) while it uploads,
 * several times, then run to completion. No run after a kill sends a file the server already holds: each sends at
 * most the files missing on the server when it starts, every file already there keeps its id, and the server ends
 * with each file once, with its content.
 */
class FirstUploadKillTest {
    private static final String USER = "alice";
    private static final String PASSWORD = "first-upload-kill-password";
    private static final String UPLOAD = "POST /api/files/upload";
    private static final String BY_HASH = "POST /api/files/by-hash";
    private static final int FILES = 1200;
    private static final int PER_FOLDER = 30;

    @TempDir Path tmp;
    OxiCloudEmulator server;
    RemoteClient remote;
    Path home;
    Path local;
    Path logs;
    int runs;

    @BeforeEach
    void start() throws IOException {
        server = OxiCloudEmulator.start(EmulatorConfig.builder().user(USER, PASSWORD)
                .dataDir(Files.createDirectories(tmp.resolve("emulator"))).build());
        remote = server.remote(USER);
        home = Files.createDirectories(tmp.resolve("home"));
        local = Files.createDirectories(tmp.resolve("local"));
        logs = Files.createDirectories(tmp.resolve("logs"));
    }

    @AfterEach
    void stop() {
        server.close();
    }

    @Test
    void aFirstUploadKilledWhileItUploadsNeverSendsAFileTheServerAlreadyHolds() throws Exception {
        Random rnd = new Random(45);
        for (int i = 0; i < FILES; i++) {
            Path f = local.resolve("d" + (i / PER_FOLDER) + "/sub/f" + i + ".txt");
            Files.createDirectories(f.getParent());
            byte[] data = new byte[1 + rnd.nextInt(2000)];
            rnd.nextBytes(data);
            Files.write(f, data);
        }
        assertEquals(0, finish(launch(PASSWORD + "\n", "login", server.baseUrl(), "--user", USER,
                "--password-stdin")));
        assertEquals(0, finish(launch("", "pair", "add", "--name", "first", local.toString(), "/")));

        int kills = 0;
        for (int killAt : new int[] {FILES / 8, FILES / 2, FILES * 3 / 4}) {
            Map<String, String> before = remoteFileIds();
            server.resetStats();
            Process p = launch("", "sync-once", "--json");
            while (p.isAlive() && sent() < killAt - before.size()) {
                Thread.sleep(5);
            }
            if (p.isAlive()) {
                p.destroyForcibly();
                assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the killed process did not end");
                kills++;
            }
            assertSentOnlyWhatWasMissing(before, "the run killed at about " + killAt + " files");
        }
        assertTrue(kills >= 2, "the runs were killed while they uploaded: " + kills);

        Map<String, String> before = remoteFileIds();
        assertTrue(before.size() < FILES, "a part is left for the last run: " + before.size());
        server.resetStats();
        assertEquals(0, finish(launch("", "sync-once", "--json")), () -> read("run-" + runs + ".out"));
        assertSentOnlyWhatWasMissing(before, "the run to completion");
        assertEquals(FILES - before.size(), sent(), "the last run sends exactly the files the server lacked");
        assertEquals(LocalTrees.of(local), remote.tree(), "each file once, with its content");

        server.resetStats();
        assertEquals(0, finish(launch("", "sync-once", "--json")));
        assertEquals(0, sent(), "the run after sends nothing");
    }

    /** Every file on the server before the run still has its id, and the run sent no more than were missing. */
    private void assertSentOnlyWhatWasMissing(Map<String, String> before, String run) {
        Map<String, String> after = remoteFileIds();
        before.forEach((path, id) -> assertEquals(id, after.get(path), run + ": " + path + " was replaced"));
        assertTrue(sent() <= FILES - before.size(), run + ": sent " + sent() + " files while the server lacked "
                + (FILES - before.size()));
        assertTrue(after.keySet().stream().allMatch(p -> Files.exists(local.resolve(p))),
                run + ": the server holds a file that is not in the tree (a second copy)");
    }

    /** Uploads and creates by hash since the last reset of the emulator's counters. */
    private long sent() {
        Map<String, EndpointStats> stats = server.stats();
        return stats.getOrDefault(UPLOAD, new EndpointStats(0, 0, 0)).requests()
                + stats.getOrDefault(BY_HASH, new EndpointStats(0, 0, 0)).requests();
    }

    /** The server's files by path (relative, as under the local root), with their ids. */
    private Map<String, String> remoteFileIds() {
        Map<String, String> out = new HashMap<>();
        remote.walk(p -> {
            if (!p.endsWith("/")) {
                out.put(p, remote.fileId("/" + p));
            }
        });
        return out;
    }

    private int finish(Process p) throws Exception {
        assertTrue(p.waitFor(180, TimeUnit.SECONDS), "oxisync did not end");
        return p.exitValue();
    }

    private String read(String name) {
        try {
            return Files.readString(logs.resolve(name)) + Files.readString(logs.resolve(name.replace(".out", ".err")));
        } catch (IOException e) {
            return e.toString();
        }
    }

    private Process launch(String stdin, String... args) throws IOException {
        runs++;
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-Xss1m", "-cp", classpath, "org.oxisync.app.cli.OxiSyncMain"));
        cmd.addAll(List.of(args));
        cmd.addAll(List.of("--home", home.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectOutput(logs.resolve("run-" + runs + ".out").toFile())
                .redirectError(logs.resolve("run-" + runs + ".err").toFile());
        pb.environment().put("OXISYNC_HOME", home.toString());
        pb.environment().remove("OXISYNC_LOG_LEVEL");
        Process p = pb.start();
        try (var in = p.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        return p;
    }
}
