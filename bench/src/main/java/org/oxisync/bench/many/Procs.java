package org.oxisync.bench.many;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.oxisync.app.cli.OxiSyncMain;

/** Shared helpers of the many-clients runner and the soak benchmark: the launcher, child processes, /proc. */
final class Procs {
    private Procs() {}

    /** The `oxisync` launcher: -Doxisync.launcher, else $OXISYNC_LAUNCHER, else the checkout's script. */
    static Path launcher() {
        String s = System.getProperty("oxisync.launcher", System.getenv("OXISYNC_LAUNCHER"));
        Path p = Path.of(s != null ? s : "client-app/src/main/scripts/oxisync").toAbsolutePath();
        if (!Files.isExecutable(p)) {
            throw new IllegalStateException("no oxisync launcher at " + p + " (run from the repository root or set OXISYNC_LAUNCHER)");
        }
        return p;
    }

    /** A launcher process; its jar: -Doxisync.jar, else $OXISYNC_JAR, else the checkout's client jar. */
    static ProcessBuilder oxisync(Path out, Path err, String... args) {
        List<String> cmd = new java.util.ArrayList<>();
        cmd.add(launcher().toString());
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd);
        Map<String, String> env = pb.environment();
        String jar = System.getProperty("oxisync.jar");
        if (jar != null) {
            env.put("OXISYNC_JAR", Path.of(jar).toAbsolutePath().toString());
        } else if (!env.containsKey("OXISYNC_JAR")) {
            env.put("OXISYNC_JAR", Path.of("client-app/target/oxisync.jar").toAbsolutePath().toString());
        }
        env.remove("OXISYNC_HOME");
        pb.redirectOutput(out.toFile());
        pb.redirectError(ProcessBuilder.Redirect.appendTo(err.toFile()));
        return pb;
    }

    /** Runs the client in this JVM (login, pair add: no JVM start). */
    static synchronized void cli(String stdin, String... args) {
        InputStream before = System.in;
        System.setIn(new ByteArrayInputStream(stdin.getBytes(StandardCharsets.UTF_8)));
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        try {
            int code = OxiSyncMain.run(new PrintWriter(out), new PrintWriter(err), args);
            if (code != 0) {
                throw new IllegalStateException("oxisync " + String.join(" ", args) + " failed (" + code + "): " + err);
            }
        } finally {
            System.setIn(before);
        }
    }

    /** The JVM of a launcher process: the launcher itself, which execs java. */
    static Optional<ProcessHandle> javaOf(Process launcher) {
        for (int i = 0; i < 200; i++) {
            Optional<ProcessHandle> j = javas(launcher).findFirst();
            if (j.isPresent()) {
                return j;
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        return Optional.empty();
    }

    /** The launcher's JVM: the launcher itself once it has exec'd java, or a JVM it started. */
    private static java.util.stream.Stream<ProcessHandle> javas(Process launcher) {
        return java.util.stream.Stream.concat(java.util.stream.Stream.of(launcher.toHandle()), launcher.descendants())
                .filter(h -> h.info().command().map(c -> c.endsWith("/java")).orElse(false));
    }

    /** SIGTERM to the launcher's JVM (the launcher then ends), and waits; SIGKILL after the wait. */
    static int stop(Process launcher, int seconds) throws InterruptedException {
        javas(launcher).forEach(ProcessHandle::destroy);
        if (!launcher.waitFor(seconds, TimeUnit.SECONDS)) {
            launcher.descendants().forEach(ProcessHandle::destroyForcibly);
            launcher.destroyForcibly();
            launcher.waitFor(10, TimeUnit.SECONDS);
            return -9;
        }
        return launcher.exitValue();
    }

    /** One /proc sample of a process: resident set (KiB), threads, open descriptors, utime + stime (ticks). */
    record Sample(long rssKib, int threads, int fds, long cpuTicks) {}

    static Sample sample(long pid) throws IOException {
        long rss = -1;
        int threads = -1;
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith("VmRSS:")) {
                rss = Long.parseLong(line.replaceAll("[^0-9]", ""));
            } else if (line.startsWith("Threads:")) {
                threads = Integer.parseInt(line.replaceAll("[^0-9]", ""));
            }
        }
        int fds;
        try (Stream<Path> s = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            fds = (int) s.count();
        }
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
        return new Sample(rss, threads, fds, ticks);
    }

    /** What the process's descriptors point to (socket:[inode] made "socket"), and its thread names, with counts. */
    static Map<String, Integer> fdTargets(long pid) {
        Map<String, Integer> out = new java.util.TreeMap<>();
        try (Stream<Path> s = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            s.forEach(p -> {
                String t;
                try {
                    t = Files.readSymbolicLink(p).toString().replaceAll("^(socket|pipe|anon_inode):.*", "$1");
                } catch (IOException e) {
                    t = "?";
                }
                out.merge(t, 1, Integer::sum);
            });
        } catch (IOException e) {
            out.put("unreadable", 1);
        }
        return out;
    }

    static Map<String, Integer> threadNames(long pid) {
        Map<String, Integer> out = new java.util.TreeMap<>();
        try (Stream<Path> s = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
            s.forEach(p -> {
                try {
                    out.merge(Files.readString(p.resolve("comm")).strip().replaceAll("[0-9]+$", "N"), 1, Integer::sum);
                } catch (IOException e) {
                    // ended meanwhile
                }
            });
        } catch (IOException e) {
            out.put("unreadable", 1);
        }
        return out;
    }

    /** The entries whose count differs between two such maps: "name before->after". */
    /**
     * The epoll descriptors ({@code anon_inode}) that the JDK's virtual-thread I/O poller took since {@code before}: it
     * starts once per JVM, on the first blocking I/O of a virtual thread (its {@code MasterPoller} thread appears then),
     * and keeps its epoll instances for the JVM's life, so a daemon whose first such I/O came after a baseline shows
     * them as growth that is not a leak. Zero when the poller was already running at {@code before}.
     */
    static int virtualThreadPollerDescriptors(Map<String, Integer> threadsBefore, Map<String, Integer> threadsAfter,
                                              Map<String, Integer> fdsBefore, Map<String, Integer> fdsAfter) {
        if (threadsBefore.getOrDefault("MasterPoller", 0) > 0 || threadsAfter.getOrDefault("MasterPoller", 0) == 0) {
            return 0;
        }
        return Math.max(0, fdsAfter.getOrDefault("anon_inode", 0) - fdsBefore.getOrDefault("anon_inode", 0));
    }

    /**
     * The threads of the JDK's virtual-thread machinery that started since {@code before}, when it started then (its
     * {@code MasterPoller} appeared): the poller and the unparker, and the carrier threads of a {@code ForkJoinPool}
     * that did not exist at {@code before} (the scheduler; its size is bounded by the processors, and Linux cuts
     * thread names to 15 characters, {@code ForkJoinPool-N-}). Zero when the machinery was already running.
     */
    static int virtualThreadSchedulerThreads(Map<String, Integer> before, Map<String, Integer> after) {
        if (before.getOrDefault("MasterPoller", 0) > 0 || after.getOrDefault("MasterPoller", 0) == 0) {
            return 0;
        }
        int n = 0;
        for (Map.Entry<String, Integer> e : after.entrySet()) {
            String name = e.getKey();
            boolean machinery = name.equals("MasterPoller") || name.startsWith("VirtualThread-u")
                    || name.startsWith("Read-Poller") || name.startsWith("Write-Poller")
                    || (name.startsWith("ForkJoinPool-") && !before.containsKey(name));
            if (machinery) {
                n += e.getValue() - before.getOrDefault(name, 0);
            }
        }
        return Math.max(0, n);
    }

    static List<String> diff(Map<String, Integer> before, Map<String, Integer> after) {
        java.util.Set<String> keys = new java.util.TreeSet<>(before.keySet());
        keys.addAll(after.keySet());
        List<String> out = new java.util.ArrayList<>();
        for (String k : keys) {
            int a = before.getOrDefault(k, 0);
            int b = after.getOrDefault(k, 0);
            if (a != b) {
                out.add(k + " " + a + "->" + b);
            }
        }
        return out;
    }

    static String loadAverage() {
        try {
            String[] f = Files.readString(Path.of("/proc/loadavg")).split(" ");
            return f[0] + " " + f[1] + " " + f[2];
        } catch (IOException e) {
            return "?";
        }
    }

    static void deleteTree(Path p) {
        if (!Files.exists(p)) {
            return;
        }
        try (Stream<Path> s = Files.walk(p)) {
            s.sorted(java.util.Comparator.reverseOrder()).forEach(x -> {
                try {
                    Files.deleteIfExists(x);
                } catch (IOException ignored) {
                    // best effort
                }
            });
        } catch (IOException ignored) {
            // best effort
        }
    }
}
