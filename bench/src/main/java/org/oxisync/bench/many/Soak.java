package org.oxisync.bench.many;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;
import org.oxisync.app.control.DaemonClient;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.emulator.RemoteClient;

/**
 * Days of running: one real `oxisync daemon` (through the launcher, as installed) against an
 * in-process emulator (real delta limiter, delayed tree-ETag flush), under a steady trickle of local changes (a
 * writer in its folder) and remote ones (another device, through the emulator), for a set time. Every SAMPLE
 * seconds it records the daemon JVM's resident set, threads, open file descriptors and CPU share from /proc.
 *
 * <p>At the end of the warm-up the trickle pauses until the daemon is idle, and the baseline is taken there (after
 * the warm-up, so that pooled connections and JIT threads are in it); then the trickle goes on. Checks: (1) flat after warm-up: for RSS, threads and descriptors, the median of the last three samples is at most
 * 10 % above the median of the first three after warm-up, or (threads, descriptors) at most SLACK above: 10 % of 20
 * descriptors is less than one pooled connection; CPU likewise, or at most 1 point of a core above;
 * (2) back to baseline: after the trickle stops and the daemon is idle again, descriptors and threads are at most
 * the baseline plus a slack (default 2 descriptors, 2 threads:
 * a pooled connection or a parked timer thread); (3) the folder and the server hold the same tree at the end.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.oxisync.bench.many.Soak [--minutes 60] [--sample-seconds 60]
 *      [--warmup-minutes 10] [--files 2000] [--local-every-ms 5000] [--remote-every-ms 7000] [--poll-seconds 30]
 *      [--settle-seconds 60] [--slack 2] [--work DIR] [--keep] [--report-flatness-only]
 * </pre>
 * Fractions of minutes are allowed (the smoke form: --minutes 2 --sample-seconds 10 --warmup-minutes 0.5).
 */
public final class Soak {
    private Soak() {}

    public static void main(String[] args) throws Exception {
        System.exit(run(args));
    }

    /** Runs the soak (the command line's options); 0 when it passed, 1 otherwise. */
    public static int run(String[] args) throws Exception {
        double minutes = 60;
        int sampleSeconds = 60;
        double warmupMinutes = 10;
        int files = 2000;
        long localEvery = 5000;
        long remoteEvery = 7000;
        int pollSeconds = 30;
        int settleSeconds = 60;
        int slack = 2;
        Path work = null;
        boolean keep = false;
        boolean judgeFlat = true;
        for (int i = 0; i < args.length; i++) {
            String v = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--minutes" -> { minutes = Double.parseDouble(v); i++; }
                case "--sample-seconds" -> { sampleSeconds = Integer.parseInt(v); i++; }
                case "--warmup-minutes" -> { warmupMinutes = Double.parseDouble(v); i++; }
                case "--files" -> { files = Integer.parseInt(v); i++; }
                case "--local-every-ms" -> { localEvery = Long.parseLong(v); i++; }
                case "--remote-every-ms" -> { remoteEvery = Long.parseLong(v); i++; }
                case "--poll-seconds" -> { pollSeconds = Integer.parseInt(v); i++; }
                case "--settle-seconds" -> { settleSeconds = Integer.parseInt(v); i++; }
                case "--slack" -> { slack = Integer.parseInt(v); i++; }
                case "--work" -> { work = Path.of(v); i++; }
                case "--keep" -> keep = true;
                case "--report-flatness-only" -> judgeFlat = false;
                default -> throw new IllegalArgumentException("unknown option " + args[i]);
            }
        }
        Path dir = work != null ? Files.createDirectories(work) : Files.createTempDirectory("oxisync-soak");
        Path home = dir.resolve("home");
        Path root = Files.createDirectories(dir.resolve("Sync"));
        System.out.printf("== soak: one daemon, %,d files, trickle: a local change every %d ms, a remote one every %d ms,"
                        + " poll %d s, %.1f min (warm-up %.1f min), a sample every %d s ==%n", files, localEvery, remoteEvery,
                pollSeconds, minutes, warmupMinutes, sampleSeconds);
        System.out.println("machine: " + Runtime.getRuntime().availableProcessors() + " cores, load average "
                + Procs.loadAverage() + "; work folder " + dir);
        List<String> reasons = new ArrayList<>();
        try (OxiCloudEmulator emu = OxiCloudEmulator.start(EmulatorConfig.builder().user(ManyClients.USER, ManyClients.PASSWORD)
                .dataDir(dir.resolve("server")).defaultQuotaBytes(0).build())) {
            RemoteClient remote = emu.remote(ManyClients.USER);
            Random rnd = new Random(7);
            remote.mkdirs("/Sync");
            for (int i = 0; i < files; i++) {
                String d = String.format("d%03d", i / 100);
                if (i % 100 == 0) {
                    Files.createDirectories(root.resolve(d));
                    remote.mkdirs("/Sync/" + d);
                }
                byte[] b = body(rnd, "seed " + i);
                Files.write(root.resolve(d).resolve(String.format("f%05d.txt", i)), b);
                remote.putFile("/Sync/" + d + String.format("/f%05d.txt", i), b);
            }
            Procs.cli(ManyClients.PASSWORD + "\n", "login", emu.baseUrl(), "--user", ManyClients.USER, "--password-stdin",
                    "--home", home.toString());
            Procs.cli("", "pair", "add", root.toString(), "/Sync", "--name", "Sync", "--home", home.toString());
            Process launcher = Procs.oxisync(dir.resolve("daemon.out"), dir.resolve("daemon.err"), "daemon", "--home",
                    home.toString(), "--no-bus", "--poll-seconds", Integer.toString(pollSeconds)).start();
            long pid = Procs.javaOf(launcher).orElseThrow(() -> new IllegalStateException("no daemon JVM")).pid();
            try {
                awaitIdle(home, launcher, 600);
                Thread.sleep(3000);
                Procs.Sample first = Procs.sample(pid);
                System.out.printf("idle after the first run: RSS %,d KiB, %d threads, %d fds; load %s%n",
                        first.rssKib(), first.threads(), first.fds(), Procs.loadAverage());
                Procs.Sample base = null;
                Map<String, Integer> baseFds = null;
                Map<String, Integer> baseThreads = null;
                Trickle t = new Trickle(root, remote, localEvery, remoteEvery);
                Thread tl = new Thread(t::local, "trickle-local");
                Thread tr = new Thread(t::remote, "trickle-remote");
                tl.start();
                tr.start();
                long start = System.nanoTime();
                long end = start + (long) (minutes * 60e9);
                List<double[]> rows = new ArrayList<>(); // t_min, rss, threads, fds, cpu%
                Procs.Sample prev = Procs.sample(pid);
                long prevNs = System.nanoTime();
                System.out.println("   t (min)   RSS (KiB)  threads  fds  CPU (% of a core)  load");
                while (System.nanoTime() < end) {
                    Thread.sleep(Math.min(sampleSeconds * 1000L, Math.max(1, (end - System.nanoTime()) / 1_000_000)));
                    Procs.Sample s = Procs.sample(pid);
                    long ns = System.nanoTime();
                    double cpu = (s.cpuTicks() - prev.cpuTicks()) / 100.0 / ((ns - prevNs) / 1e9) * 100;
                    double tm = (ns - start) / 60e9;
                    rows.add(new double[] {tm, s.rssKib(), s.threads(), s.fds(), cpu});
                    System.out.printf("   %7.2f  %10d  %7d  %3d  %17.1f  %s%n", tm, s.rssKib(), s.threads(), s.fds(), cpu,
                            Procs.loadAverage());
                    prev = s;
                    prevNs = ns;
                    if (base == null && tm >= warmupMinutes) {
                        // the baseline: idle after the warm-up (pooled connections and JIT threads already there)
                        t.paused = true;
                        long pausedAt = System.nanoTime();
                        Thread.sleep(Math.max(localEvery, remoteEvery) + 500);
                        long idleBy = System.nanoTime() + settleSeconds * 1_000_000_000L;
                        while (!idleNow(home) && System.nanoTime() < idleBy) {
                            Thread.sleep(500);
                        }
                        Thread.sleep(3000);
                        base = Procs.sample(pid);
                        baseFds = Procs.fdTargets(pid);
                        baseThreads = Procs.threadNames(pid);
                        System.out.printf("   baseline (trickle paused, daemon idle after %.1f min of warm-up): RSS %,d KiB,"
                                + " %d threads, %d fds; load %s%n", tm, base.rssKib(), base.threads(), base.fds(), Procs.loadAverage());
                        t.paused = false;
                        end += System.nanoTime() - pausedAt;
                        prev = Procs.sample(pid);
                        prevNs = System.nanoTime();
                    }
                }
                if (base == null) {
                    throw new IllegalStateException("the run ended before the warm-up did");
                }
                t.stop = true;
                tl.join();
                tr.join();
                System.out.printf("trickle stopped: %d local changes, %d remote changes (%d failed local ops raced with the sync)%n",
                        t.localOps, t.remoteOps, t.localRaced);

                // settle: idle again, then the same tree on both sides, then compare with the baseline
                long settleEnd = System.nanoTime() + settleSeconds * 1_000_000_000L;
                boolean same = false;
                while (System.nanoTime() < settleEnd) {
                    emu.flushTreeEtags();
                    if (idleNow(home) && (same = sameTree(root, remote))) {
                        break;
                    }
                    Thread.sleep(1000);
                }
                Thread.sleep(3000);
                Procs.Sample after = Procs.sample(pid);
                System.out.printf("after the trickle, idle: RSS %,d KiB, %d threads, %d fds (baseline %,d KiB, %d threads, %d fds)%n",
                        after.rssKib(), after.threads(), after.fds(), base.rssKib(), base.threads(), base.fds());
                Map<String, Integer> afterFds = Procs.fdTargets(pid);
                Map<String, Integer> afterThreads = Procs.threadNames(pid);
                System.out.println("   descriptors, baseline -> after: " + Procs.diff(baseFds, afterFds));
                System.out.println("   threads by name, baseline -> after: " + Procs.diff(baseThreads, afterThreads));
                int pollers = Procs.virtualThreadPollerDescriptors(baseThreads, afterThreads, baseFds, afterFds);
                int carriers = Procs.virtualThreadSchedulerThreads(baseThreads, afterThreads);
                if (pollers + carriers > 0) {
                    System.out.println("   not counted: " + pollers + " epoll descriptors and " + carriers + " threads of"
                            + " the JDK's virtual-thread scheduler and I/O poller, started once per JVM after the baseline");
                }
                if (!same) {
                    same = sameTree(root, remote);
                }
                if (!same) {
                    reasons.add("the folder and the server differ " + settleSeconds + " s after the trickle stopped");
                }
                if (after.fds() - pollers > base.fds() + slack) {
                    reasons.add("descriptors did not return to the baseline: " + after.fds() + " > " + base.fds() + " + " + slack);
                }
                if (after.threads() - carriers > base.threads() + slack) {
                    reasons.add("threads did not return to the baseline: " + after.threads() + " > " + base.threads() + " + " + slack);
                }
                final double warm = warmupMinutes;
                List<double[]> post = rows.stream().filter(r -> r[0] >= warm).toList();
                if (post.size() < 6) {
                    System.out.println("flatness: only " + post.size() + " samples after warm-up (6 needed); not judged");
                } else {
                    // --report-flatness-only (the CI form: minutes are too short, and a loaded machine too noisy,
                    // to judge growth): printed, not judged; the return to the baseline is judged either way
                    List<String> flatReasons = judgeFlat ? reasons : new ArrayList<>();
                    flat("RSS", post, r -> r[1], 0, flatReasons);
                    flat("threads", post, r -> r[2], slack, flatReasons);
                    flat("fds", post, r -> r[3], slack, flatReasons);
                    flat("CPU", post, r -> r[4], 1.0, flatReasons);
                }
                Files.write(dir.resolve("samples.csv"), () -> rows.stream()
                        .<CharSequence>map(r -> String.format("%.3f,%d,%d,%d,%.2f", r[0], (long) r[1], (long) r[2], (long) r[3], r[4]))
                        .iterator());
            } finally {
                int rc = Procs.stop(launcher, 60);
                if (rc != 143 && rc != 0) {
                    reasons.add("the daemon exited " + rc + " on SIGTERM");
                }
                String err = Files.readString(dir.resolve("daemon.err"));
                if (!err.isBlank()) {
                    System.out.println("daemon stderr (last lines): " + String.join(" | ",
                            err.lines().skip(Math.max(0, err.lines().count() - 5)).toList()));
                }
            }
        }
        System.out.println("load average at the end: " + Procs.loadAverage());
        System.out.println("VERDICT: " + (reasons.isEmpty() ? "PASS" : "FAIL: " + String.join("; ", reasons)));
        if (reasons.isEmpty() && !keep && work == null) {
            Procs.deleteTree(dir);
        } else {
            System.out.println("work folder kept: " + dir);
        }
        return reasons.isEmpty() ? 0 : 1;
    }

    static void flat(String what, List<double[]> post, ToDoubleFunction<double[]> f, double absSlack, List<String> reasons) {
        double first = median(post.subList(0, 3), f);
        double last = median(post.subList(post.size() - 3, post.size()), f);
        double growth = first == 0 ? 0 : (last - first) / first * 100;
        boolean ok = last <= first * 1.10 || last - first <= absSlack;
        System.out.printf("flatness of %-7s after warm-up: first %.1f, last %.1f (medians of 3): %+.1f %% -> %s%n", what, first, last,
                growth, ok ? "MET (<= 10 %" + (absSlack > 0 ? " or <= +" + absSlack : "") + ")" : "NOT MET");
        if (!ok) {
            reasons.add(String.format("%s grew %.1f %% after warm-up", what, growth));
        }
    }

    static double median(List<double[]> rows, ToDoubleFunction<double[]> f) {
        List<Double> v = new ArrayList<>(rows.stream().map(f::applyAsDouble).toList());
        Collections.sort(v);
        return v.get(v.size() / 2);
    }

    static byte[] body(Random rnd, String header) {
        return ManyClients.Run.content(rnd, header, 200 + rnd.nextInt(4000));
    }

    static void awaitIdle(Path home, Process launcher, int seconds) throws Exception {
        long deadline = System.currentTimeMillis() + seconds * 1000L;
        while (System.currentTimeMillis() < deadline) {
            if (!launcher.isAlive()) {
                throw new IllegalStateException("the daemon exited " + launcher.exitValue());
            }
            if (idleNow(home)) {
                return;
            }
            Thread.sleep(200);
        }
        throw new IllegalStateException("the daemon was not idle within " + seconds + " s");
    }

    static boolean idleNow(Path home) {
        Optional<JsonNode> s;
        try {
            s = DaemonClient.request(home, "status");
        } catch (IOException e) {
            return false; // a slow answer on a loaded machine counts as busy: asked again
        }
        return s.isPresent() && ManyClients.Run.idle(s.get());
    }

    static boolean sameTree(Path root, RemoteClient remote) throws IOException {
        Map<String, String> local = Trees.localTree(root, new java.util.HashMap<>());
        Map<String, String> server = Trees.serverTree0(remote, "/Sync");
        return local.equals(server);
    }

    /** The steady trickle: local edits/creates/deletes in the folder, remote ones through the emulator. */
    static final class Trickle {
        final Path root;
        final RemoteClient remote;
        final long localEvery;
        final long remoteEvery;
        volatile boolean stop;
        volatile boolean paused;
        long localOps;
        long localRaced;
        long remoteOps;

        Trickle(Path root, RemoteClient remote, long localEvery, long remoteEvery) {
            this.root = root;
            this.remote = remote;
            this.localEvery = localEvery;
            this.remoteEvery = remoteEvery;
        }

        /** Cycles through create, edit, append, rename and delete of its own files (the tree stays the same size). */
        void local() {
            Random rnd = new Random(11);
            List<Path> mine = new ArrayList<>();
            long n = 0;
            while (!stop) {
                try {
                    Thread.sleep(localEvery);
                    if (paused) {
                        continue;
                    }
                    n++;
                    Path d = root.resolve(String.format("d%03d", rnd.nextInt(5)));
                    switch ((int) (n % 5)) {
                        case 1 -> {
                            Path p = d.resolve("local-" + n + ".txt");
                            Files.write(p, body(rnd, "local " + n));
                            mine.add(p);
                        }
                        case 2 -> Files.write(pick(rnd, mine), body(rnd, "edit " + n));
                        case 3 -> Files.write(pick(rnd, mine), ("append " + n + "\n").getBytes(StandardCharsets.UTF_8),
                                StandardOpenOption.APPEND);
                        case 4 -> {
                            Path p = pick(rnd, mine);
                            Path q = p.resolveSibling("local-" + n + "-renamed.txt");
                            Files.move(p, q);
                            mine.set(mine.indexOf(p), q);
                        }
                        default -> {
                            if (mine.size() > 5) {
                                Path p = mine.remove(0);
                                Files.delete(p);
                            }
                        }
                    }
                    localOps++;
                } catch (NoSuchFileException e) {
                    localRaced++;
                    mine.removeIf(p -> !Files.exists(p));
                } catch (IOException | RuntimeException e) {
                    localRaced++;
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        static Path pick(Random rnd, List<Path> mine) throws NoSuchFileException {
            if (mine.isEmpty()) {
                throw new NoSuchFileException("none yet");
            }
            return mine.get(rnd.nextInt(mine.size()));
        }

        /** Another device: puts new files, replaces them, moves and deletes them (bounded: at most 10 live). */
        void remote() {
            Random rnd = new Random(13);
            List<String> mine = new ArrayList<>();
            long n = 0;
            while (!stop) {
                try {
                    Thread.sleep(remoteEvery);
                    if (paused) {
                        continue;
                    }
                    n++;
                    String d = String.format("/Sync/d%03d", 5 + rnd.nextInt(5));
                    switch ((int) (n % 4)) {
                        case 1 -> {
                            String p = d + "/remote-" + n + ".txt";
                            remote.putFile(p, body(rnd, "remote " + n));
                            mine.add(p);
                        }
                        case 2 -> {
                            if (!mine.isEmpty()) {
                                String p = mine.get(rnd.nextInt(mine.size()));
                                remote.putFile(p, body(rnd, "remote edit " + n));
                            }
                        }
                        case 3 -> {
                            if (!mine.isEmpty()) {
                                String p = mine.remove(rnd.nextInt(mine.size()));
                                String q = d + "/remote-" + n + "-moved.txt";
                                remote.move(p, q);
                                mine.add(q);
                            }
                        }
                        default -> {
                            if (mine.size() > 5) {
                                remote.delete(mine.remove(0));
                            }
                        }
                    }
                    remoteOps++;
                } catch (InterruptedException e) {
                    return;
                } catch (RuntimeException e) {
                    // the path moved meanwhile: count nothing
                }
            }
        }
    }

    static Map<String, String> sorted(Map<String, String> m) {
        return new TreeMap<>(m);
    }
}
