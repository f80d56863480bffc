package org.oxisync.app.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.oxisync.app.testing.LocalTrees;
import org.junit.jupiter.api.io.TempDir;
import org.oxisync.core.naming.TempNames;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.emulator.RemoteClient;
import org.oxisync.store.hash.Blake3;

/**
 * The CLI as a real process, killed with SIGKILL ({@link Process#destroyForcibly()}) at random moments of a large
 * sync, then run to completion. Between kills both sides keep changing (small files, and multi-MiB files rewritten in
 * part so that delta uploads and downloads are in flight when the kill comes). After every kill no file under its
 * final name, locally or on the server, may hold bytes that neither side wrote (a partial download or upload); at the
 * end both sides are equal and no temp file is left.
 *
 * <p>{@code -Doxisync.crash.kills=N} (default 20) sets the number of kills, {@code -Doxisync.crash.smallFiles=N}
 * (default 150) the size of the first sync, {@code -Doxisync.crash.seed=N} the seed; {@code
 * -Doxisync.crash.jvmArgs="..."} adds JVM options to the CLI processes ({@code {run}} = the run number).
 */
class CliCrashTest {
    private static final String USER = "alice";
    private static final String PASSWORD = "crash-test-password";

    @TempDir Path tmp;
    OxiCloudEmulator server;
    RemoteClient remote;
    Path base;
    Path home;
    Path local;
    Path logs;
    Random rnd;
    final Set<String> written = new HashSet<>();
    int runs;

    @BeforeEach
    void start() throws IOException {
        long seed = Long.getLong("oxisync.crash.seed", System.nanoTime());
        System.out.println("CliCrashTest seed " + seed + " (replay with -Doxisync.crash.seed=" + seed + ")");
        rnd = new Random(seed);
        base = fastTempDir();
        server = OxiCloudEmulator.start(EmulatorConfig.builder().user(USER, PASSWORD)
                .dataDir(Files.createDirectories(base.resolve("emulator"))).build());
        remote = server.remote(USER);
        home = Files.createDirectories(base.resolve("home"));
        local = Files.createDirectories(base.resolve("local"));
        logs = Files.createDirectories(base.resolve("logs"));
    }

    @AfterEach
    void stop() throws IOException {
        server.close();
        if (!base.equals(tmp)) {
            try (Stream<Path> s = Files.walk(base)) {
                for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(p);
                }
            }
        }
    }

    /**
     * A SIGKILL ends the process, not the machine: the page cache survives it, so the kills test the same thing in
     * tmpfs ({@code /dev/shm}, where fsync costs nothing) as on disk, many times faster. {@code
     * -Doxisync.crash.onDisk=true} keeps everything on disk.
     */
    private Path fastTempDir() throws IOException {
        Path shm = Path.of("/dev/shm");
        if (Files.isDirectory(shm) && Files.isWritable(shm) && !Boolean.getBoolean("oxisync.crash.onDisk")) {
            return Files.createTempDirectory(shm, "oxisync-crash-");
        }
        return tmp;
    }

    @Test
    void killedAtRandomMomentsTheCliNeverShowsAPartialFileAndConvergesAfterwards() throws Exception {
        int kills = Integer.getInteger("oxisync.crash.kills", 20);
        long t0 = System.nanoTime();
        assertEquals(0, cli(PASSWORD + "\n", "login", server.baseUrl(), "--user", USER, "--password-stdin").exit);
        assertEquals(0, cli("", "pair", "add", "--name", "crash", local.toString(), "/").exit);
        seedBothSides();
        int finishedOnItsOwn = 0;
        for (int k = 0; k < kills; k++) {
            if (k > 0) {
                changeBothSides();
            }
            Process p = launch("sync-once", "--json");
            long delay = 200 + rnd.nextInt(2800);
            if (p.waitFor(delay, TimeUnit.MILLISECONDS)) {
                finishedOnItsOwn++;
            } else {
                p.destroyForcibly();
                assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the killed process did not end");
            }
            assertNoPartialContent("after kill " + (k + 1) + " at " + delay + " ms");
        }
        Run last = null;
        for (int attempt = 0; attempt < 3 && (last == null || last.exit != 0); attempt++) {
            last = cli("", "sync-once", "--json");
        }
        Run finalRun = last;
        assertEquals(0, finalRun.exit, () -> "the run after the kills did not finish in sync: " + finalRun.out);
        Run idle = cli("", "sync-once", "--json");
        assertEquals(0, idle.exit, idle.out);
        assertTrue(idle.out.contains("\"status\":\"ok\"") && idle.out.contains("\"uploaded\":0")
                && idle.out.contains("\"downloaded\":0"), idle.out);
        Map<String, String> l = localTree();
        l.keySet().forEach(p -> assertTrue(!TempNames.isOwnTemp(name(p)), "temp file left behind: " + p));
        assertEquals(remoteTree(), l, "local and remote trees differ after the final run");
        assertNoPartialContent("at the end");
        System.out.printf("CliCrashTest: %d kills (%d runs finished before their kill), %d files, %d ms%n", kills,
                finishedOnItsOwn, l.size(), (System.nanoTime() - t0) / 1_000_000);
    }

    // ---- the two sides --------------------------------------------------------------------------------------------

    private void seedBothSides() throws IOException {
        int small = Integer.getInteger("oxisync.crash.smallFiles", 150);
        for (int i = 0; i < small; i++) {
            writeLocal("l" + (i % 8) + "/small-" + i + ".txt", small());
        }
        for (int i = 0; i < small * 2 / 3; i++) {
            writeRemote("r" + (i % 6) + "/small-" + i + ".txt", small());
        }
        writeLocal("big/local-a.bin", random(9 << 20));
        writeLocal("big/local-c.bin", random(3 << 20));
        writeRemote("bigr/remote-a.bin", random(9 << 20));
    }

    /** Another burst of work: new and changed small files on both sides and one big file changed in part. */
    private void changeBothSides() throws IOException {
        for (int i = 0; i < 6; i++) {
            writeLocal("l" + rnd.nextInt(8) + "/new-" + runs + "-" + i + ".txt", small());
            writeRemote("r" + rnd.nextInt(6) + "/new-" + runs + "-" + i + ".txt", small());
        }
        String[] bigLocal = {"big/local-a.bin", "big/local-c.bin"};
        String[] bigRemote = {"bigr/remote-a.bin"};
        if (rnd.nextBoolean()) {
            String p = bigLocal[rnd.nextInt(bigLocal.length)];
            if (Files.exists(local.resolve(p))) {
                writeLocal(p, patched(Files.readAllBytes(local.resolve(p))));
            }
        } else {
            String p = bigRemote[rnd.nextInt(bigRemote.length)];
            if (remote.exists("/" + p)) {
                writeRemote(p, patched(remote.read("/" + p)));
            }
        }
    }

    private byte[] small() {
        return random(1 + rnd.nextInt(16 << 10));
    }

    private byte[] random(int size) {
        byte[] b = new byte[size];
        rnd.nextBytes(b);
        return b;
    }

    /** The same bytes with 1 MiB somewhere replaced: most chunks stay, a few change. */
    private byte[] patched(byte[] old) {
        byte[] b = old.clone();
        int at = rnd.nextInt(Math.max(1, b.length - (1 << 20)));
        byte[] patch = random(Math.min(1 << 20, b.length));
        System.arraycopy(patch, 0, b, at, Math.min(patch.length, b.length - at));
        return b;
    }

    private void writeLocal(String rel, byte[] data) throws IOException {
        Path p = local.resolve(rel);
        Files.createDirectories(p.getParent());
        // write beside and rename, as editors do: the test itself never shows a half-written file
        Path tmpFile = p.resolveSibling("~" + p.getFileName() + ".writing");
        Files.write(tmpFile, data);
        Files.move(tmpFile, p, java.nio.file.StandardCopyOption.REPLACE_EXISTING,
                java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        written.add(Blake3.hashHex(data));
    }

    private void writeRemote(String rel, byte[] data) {
        remote.putFile("/" + rel, data);
        written.add(Blake3.hashHex(data));
    }

    private void assertNoPartialContent(String when) {
        localTree().forEach((p, h) -> {
            if (!p.endsWith("/") && !TempNames.isOwnTemp(name(p))) {
                assertTrue(written.contains(h), () -> when + ": local " + p + " holds bytes no one wrote");
            }
        });
        remoteTree().forEach((p, h) -> {
            if (!p.endsWith("/")) {
                assertTrue(!TempNames.isOwnTemp(name(p)), () -> when + ": a temp file reached the server: " + p);
                assertTrue(written.contains(h), () -> when + ": remote " + p + " holds bytes no one wrote");
            }
        });
    }

    private Map<String, String> localTree() {
        return LocalTrees.of(local);
    }

    private Map<String, String> remoteTree() {
        return remote.tree();
    }

    private static String name(String p) {
        String q = p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
        return q.substring(q.lastIndexOf('/') + 1);
    }

    // ---- the CLI as a child process -------------------------------------------------------------------------------

    private record Run(int exit, String out) {}

    private Run cli(String stdin, String... args) throws Exception {
        long t0 = System.nanoTime();
        Process p = launch(args);
        try (var in = p.getOutputStream()) {
            in.write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        if (!p.waitFor(120, TimeUnit.SECONDS)) {
            String stacks = threadDump(p.pid());
            p.destroyForcibly();
            throw new AssertionError("oxisync " + String.join(" ", args) + " hung; its threads:\n" + stacks
                    + "\nits stderr:\n" + Files.readString(logs.resolve("run-" + runs + ".err")));
        }
        String out = Files.readString(logs.resolve("run-" + runs + ".out"));
        System.out.printf("CliCrashTest: oxisync %s -> exit %d in %d ms%n", args[0], p.exitValue(),
                (System.nanoTime() - t0) / 1_000_000);
        return new Run(p.exitValue(), out + Files.readString(logs.resolve("run-" + runs + ".err")));
    }

    private static String threadDump(long pid) {
        try {
            Process j = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                    Long.toString(pid), "Thread.print").redirectErrorStream(true).start();
            String out = new String(j.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            j.waitFor(20, TimeUnit.SECONDS);
            return out;
        } catch (IOException | InterruptedException e) {
            return "(no thread dump: " + e + ")";
        }
    }

    private Process launch(String... args) throws IOException {
        runs++;
        String classpath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:+UseSerialGC", "-Xss1m"));
        String extra = System.getProperty("oxisync.crash.jvmArgs", "").replace("{run}", Integer.toString(runs));
        if (!extra.isBlank()) {
            cmd.addAll(List.of(extra.trim().split("\\s+")));
        }
        cmd.addAll(List.of("-cp", classpath, "org.oxisync.app.cli.OxiSyncMain"));
        cmd.addAll(List.of(args));
        cmd.addAll(List.of("--home", home.toString()));
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .redirectOutput(logs.resolve("run-" + runs + ".out").toFile())
                .redirectError(logs.resolve("run-" + runs + ".err").toFile());
        pb.environment().put("OXISYNC_HOME", home.toString());
        pb.environment().remove("OXISYNC_LOG_LEVEL");
        return pb.start();
    }
}
