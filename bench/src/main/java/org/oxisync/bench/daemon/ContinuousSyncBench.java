package org.oxisync.bench.daemon;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.oxisync.app.cli.OxiSyncMain;
import org.oxisync.app.control.DaemonClient;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.emulator.RemoteClient;

/**
 * Continuous sync, end to end: a real {@code oxisync daemon} child process against an in-process emulator with the
 * real-time bus. Measures (1) the daemon's CPU while it watches FILES unchanged files for IDLE seconds
 * ({@code /proc/PID/stat} utime+stime), (2) saving a small local file → the server has it, (3) a remote change →
 * the local disk has it (through the bus). Linux only (reads /proc).
 *
 * <pre>
 * java -cp CP org.oxisync.bench.daemon.ContinuousSyncBench [FILES=100000] [IDLE_SECONDS=60] [SAMPLES=10] [WORKDIR]
 * </pre>
 * Both sides are seeded with the same content before the daemon starts (the server through the emulator's own
 * API), so its first run only hashes and records the tree instead of uploading it.
 */
public final class ContinuousSyncBench {
    private static final String USER = "alice";
    private static final String PASSWORD = "bench-pw-1";

    private ContinuousSyncBench() {}

    public static void main(String[] args) throws Exception {
        int files = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int idleSeconds = args.length > 1 ? Integer.parseInt(args[1]) : 60;
        int samples = args.length > 2 ? Integer.parseInt(args[2]) : 10;
        Path work = args.length > 3 ? Path.of(args[3]) : Files.createTempDirectory("oxisync-daemon-bench");
        Path home = work.resolve("home");
        Path local = Files.createDirectories(work.resolve("Sync"));
        Path serverData = work.resolve("server");
        try (OxiCloudEmulator server = OxiCloudEmulator.start(EmulatorConfig.builder().user(USER, PASSWORD)
                .dataDir(serverData).deltaRateLimitPerMinute(0).build())) {
            server.startMessageBus();
            RemoteClient remote = server.remote(USER);
            long t0 = System.nanoTime();
            SeededTree.seed(local, remote, files);
            System.out.printf("seeded %,d files on both sides in %.1f s%n", files, secs(t0));

            cli(PASSWORD + "\n", "login", server.baseUrl(), "--user", USER, "--password-stdin", "--home",
                    home.toString());
            cli("", "pair", "add", local.toString(), "/", "--name", "Sync", "--home", home.toString());

            Process daemon = startDaemon(home, work.resolve("daemon.log"));
            try {
                t0 = System.nanoTime();
                awaitIdle(home, daemon, 1800);
                System.out.printf("daemon up and first run done (hash + record %,d files) in %.1f s%n", files, secs(t0));
                Thread.sleep(5_000); // let JIT and GC settle after the first run

                long before = cpuTicks(daemon.pid());
                long wall = System.nanoTime();
                Thread.sleep(idleSeconds * 1000L);
                long ticks = cpuTicks(daemon.pid()) - before;
                double seconds = (System.nanoTime() - wall) / 1e9;
                double cpu = ticks / 100.0 / seconds * 100; // CLK_TCK = 100 on Linux
                System.out.printf("idle: %d ticks of CPU in %.1f s = %.2f %% of one core (goal < 1 %%)%n",
                        ticks, seconds, cpu);

                List<Double> up = new ArrayList<>();
                List<Double> down = new ArrayList<>();
                for (int i = 0; i < samples; i++) {
                    String name = "lat-local-" + i + ".txt";
                    long s = System.nanoTime();
                    Files.writeString(local.resolve(name), "saved " + i);
                    await(() -> remote.exists("/" + name), 60);
                    up.add(secs(s));
                    awaitIdle(home, daemon, 120);
                    Thread.sleep(1_500);

                    String rname = "lat-remote-" + i + ".txt";
                    byte[] body = ("remote " + i).getBytes(StandardCharsets.UTF_8);
                    s = System.nanoTime();
                    remote.putFile("/" + rname, body);
                    Path target = local.resolve(rname);
                    await(() -> Files.exists(target) && size(target) == body.length, 60);
                    down.add(secs(s));
                    awaitIdle(home, daemon, 120);
                    Thread.sleep(1_500);
                }
                System.out.println("local save -> server (s):  " + summary(up) + " (goal < 3 s)");
                System.out.println("remote change -> disk (s): " + summary(down) + " (goal < 3 s, bus)");
            } finally {
                long s = System.nanoTime();
                daemon.destroy();
                daemon.waitFor(60, TimeUnit.SECONDS);
                System.out.printf("SIGTERM -> exit %d in %.2f s%n", daemon.exitValue(), secs(s));
            }
        }
    }

    private static Process startDaemon(Path home, Path log) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(java, "--add-modules", "jdk.incubator.vector", "-Xmx512m", "-cp",
                System.getProperty("java.class.path"), OxiSyncMain.class.getName(), "daemon", "--home", home.toString());
        pb.redirectErrorStream(true);
        pb.redirectOutput(log.toFile());
        return pb.start();
    }

    /** Waits until the daemon answers and every pair is idle after at least one run. */
    private static void awaitIdle(Path home, Process daemon, int seconds) throws Exception {
        await(() -> {
            if (!daemon.isAlive()) {
                throw new IllegalStateException("the daemon exited with " + daemon.exitValue());
            }
            try {
                Optional<JsonNode> s = DaemonClient.request(home, "status");
                if (s.isEmpty()) {
                    return false;
                }
                for (JsonNode p : s.get().path("pairs")) {
                    if (!"idle".equals(p.path("state").asText()) || p.path("last_result").isMissingNode()) {
                        return false;
                    }
                }
                return true;
            } catch (IOException e) {
                return false;
            }
        }, seconds);
    }

    interface Check {
        boolean ok() throws Exception;
    }

    private static void await(Check c, int seconds) throws Exception {
        long deadline = System.nanoTime() + seconds * 1_000_000_000L;
        while (!c.ok()) {
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("timed out after " + seconds + " s");
            }
            Thread.sleep(5);
        }
    }

    private static long size(Path p) {
        try {
            return Files.size(p);
        } catch (IOException e) {
            return -1;
        }
    }

    /** utime + stime of the process, in clock ticks (fields 14 and 15 of /proc/PID/stat). */
    static long cpuTicks(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(f[11]) + Long.parseLong(f[12]); // fields 14, 15 counted from after "(comm)"
    }

    private static String summary(List<Double> xs) {
        List<Double> s = new ArrayList<>(xs);
        Collections.sort(s);
        return String.format("median %.2f, min %.2f, max %.2f over %d", s.get(s.size() / 2), s.get(0),
                s.get(s.size() - 1), s.size());
    }

    private static double secs(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    private static void cli(String stdin, String... args) {
        InputStream before = System.in;
        System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        try {
            int code = OxiSyncMain.run(new PrintWriter(out), new PrintWriter(err), args);
            if (code != 0) {
                throw new IllegalStateException("oxisync " + args[0] + " failed (" + code + "): " + err);
            }
        } finally {
            System.setIn(before);
        }
    }
}
