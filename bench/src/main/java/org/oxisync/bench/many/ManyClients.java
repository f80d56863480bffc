package org.oxisync.bench.many;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.oxisync.app.control.DaemonClient;
import org.oxisync.emulator.config.EmulatorConfig;
import org.oxisync.emulator.EndpointStats;
import org.oxisync.emulator.OxiCloudEmulator;
import org.oxisync.emulator.RemoteClient;
import org.oxisync.store.hash.Blake3;

/**
 * Many clients, one folder. Starts an in-process emulator (real per-user delta limiter, 500 ms
 * delayed tree-ETag flush: its defaults) and N real `oxisync` clients as child processes, each with its own home,
 * all logged in as the same user on the same remote folder; each runs `oxisync daemon --no-bus --poll-seconds P`
 * or a loop of `oxisync sync-once` started every P seconds. One writer thread per client then changes that
 * client's folder at random (create, edit, append, rename, move, delete files; make, rename, move, delete folders)
 * for a set time, all at once, over a shared seeded tree (small files plus some large ones). Every content any
 * writer produced goes into a ledger (BLAKE3 of the exact bytes of the inode written). Then the writers stop and
 * the runner measures the time until every client and the server hold the same tree (paths, folders and content),
 * the bytes moved (request + response bodies at the server), the conflict copies made, and whether every ledger
 * version is still somewhere: a file of a client or of the server, a client's version store (its journal's
 * `versions` table), or the server's trash.
 *
 * <p>A writer never overwrites or deletes content it wrote itself before its own client could have seen it (for a
 * client: before a run that started after the write has finished; a daemon's runs are read from its status over the
 * control socket every second: {@code last_run} minus {@code elapsed_ms}, less a 2 s margin for the watcher's event
 * to arrive): such a version would be lost by the user's own hand, not by the sync.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar org.oxisync.bench.many.ManyClients [--clients 5] [--seeds 1,2,3]
 *      [--files 1000] [--dirs 40] [--large 3] [--large-mib 2] [--write-seconds 20] [--ops 3] [--mode mixed|daemon|once]
 *      [--poll-seconds 5] [--timeout-seconds 120] [--strict] [--delta-limit 240] [--work DIR] [--keep]
 * </pre>
 * A seed passes when the trees converge within the timeout, no ledger version is lost and no client failed (exit 2+,
 * no JSON, a daemon that died); with --strict also only when convergence took at most 2 poll intervals.
 * Run from the repository root (or set OXISYNC_LAUNCHER and OXISYNC_JAR). Exit 0 when every seed passes.
 */
public final class ManyClients {
    static final String USER = "alice";
    static final String PASSWORD = "many-clients-pw";
    static final ObjectMapper JSON = new ObjectMapper();

    /** Options. */
    static final class Opts {
        int clients = 5;
        List<Long> seeds = List.of(1L);
        int files = 1000;
        int dirs = 40;
        int large = 3;
        int largeMib = 2;
        int writeSeconds = 20;
        double ops = 3; // per client per second
        String mode = "mixed";
        int pollSeconds = 5;
        int timeoutSeconds = 120;
        int firstRunSeconds = 900; // the clients' first runs (recording the seeded tree); minutes on a loaded machine
        Path work;
        boolean keep;
        boolean strict;
        int deltaLimit = 240; // the real server's per-user limit; 0 = off (to tell its cost apart)

        static Opts parse(String[] args) {
            Opts o = new Opts();
            for (int i = 0; i < args.length; i++) {
                String a = args[i];
                String v = i + 1 < args.length ? args[i + 1] : null;
                switch (a) {
                    case "--clients" -> { o.clients = Integer.parseInt(v); i++; }
                    case "--seeds" -> {
                        o.seeds = Stream.of(v.split(",")).map(Long::parseLong).toList();
                        i++;
                    }
                    case "--files" -> { o.files = Integer.parseInt(v); i++; }
                    case "--dirs" -> { o.dirs = Integer.parseInt(v); i++; }
                    case "--large" -> { o.large = Integer.parseInt(v); i++; }
                    case "--large-mib" -> { o.largeMib = Integer.parseInt(v); i++; }
                    case "--write-seconds" -> { o.writeSeconds = Integer.parseInt(v); i++; }
                    case "--ops" -> { o.ops = Double.parseDouble(v); i++; }
                    case "--mode" -> { o.mode = v; i++; }
                    case "--poll-seconds" -> { o.pollSeconds = Integer.parseInt(v); i++; }
                    case "--timeout-seconds" -> { o.timeoutSeconds = Integer.parseInt(v); i++; }
                    case "--first-run-seconds" -> { o.firstRunSeconds = Integer.parseInt(v); i++; }
                    case "--work" -> { o.work = Path.of(v); i++; }
                    case "--keep" -> o.keep = true;
                    case "--strict" -> o.strict = true;
                    case "--delta-limit" -> { o.deltaLimit = Integer.parseInt(v); i++; }
                    default -> throw new IllegalArgumentException("unknown option " + a);
                }
            }
            if (!Set.of("mixed", "daemon", "once").contains(o.mode)) {
                throw new IllegalArgumentException("--mode mixed|daemon|once");
            }
            return o;
        }
    }

    /** One version in the ledger. */
    record Version(String hash, int client, long seq, String kind, String path, long atMs, long size) {}

    public static void main(String[] args) throws Exception {
        System.exit(run(args));
    }

    /** Runs the benchmark (the command line's options); 0 when every seed passed, 1 otherwise. */
    public static int run(String[] args) throws Exception {
        Opts o = Opts.parse(args);
        Path work = o.work != null ? Files.createDirectories(o.work) : Files.createTempDirectory("oxisync-many");
        System.out.printf("== many clients, one folder: N=%d (%s), %,d files in %d folders + %d x %d MiB, writes for %d s at"
                        + " %.1f ops/s per client, poll every %d s, delta limit %s, seeds %s ==%n", o.clients, o.mode, o.files, o.dirs,
                o.large, o.largeMib, o.writeSeconds, o.ops, o.pollSeconds,
                o.deltaLimit == 0 ? "off" : o.deltaLimit + "/user (window restarted by every delta request)", o.seeds);
        System.out.println("machine: " + Runtime.getRuntime().availableProcessors() + " cores, load average "
                + Procs.loadAverage() + "; work folder " + work);
        List<String> verdicts = new ArrayList<>();
        boolean all = true;
        for (long seed : o.seeds) {
            Run r = new Run(o, seed, work.resolve("seed-" + seed));
            boolean ok = r.run();
            all &= ok;
            verdicts.add("seed " + seed + ": " + (ok ? "PASS" : "FAIL " + r.reasons));
            if (ok && !o.keep) {
                Procs.deleteTree(work.resolve("seed-" + seed));
            }
        }
        System.out.println("== summary ==");
        verdicts.forEach(v -> System.out.println("  " + v));
        System.out.println("VERDICT: " + (all ? "PASS" : "FAIL") + " (" + o.clients + " clients, seeds " + o.seeds + ")");
        if (all && !o.keep && o.work == null) {
            Procs.deleteTree(work);
        } else {
            System.out.println("work folder kept: " + work);
        }
        return all ? 0 : 1;
    }

    /** A client: its home, folder, and either a daemon or a sync-once loop. */
    static final class Client {
        final int id;
        final Path home;
        final Path root;
        final boolean daemon;
        final Path dir;
        Process proc;
        volatile Process current; // the running sync-once
        Thread loop;
        volatile boolean stopLoop;
        volatile long lastCompletedRunStartMs; // start of the newest finished run (ms since the runner's start)
        final AtomicLong runs = new AtomicLong();
        final AtomicLong conflicts = new AtomicLong();
        final AtomicLong rateLimited = new AtomicLong(); // items a run gave up on because the server refused (429)
        final List<String> problems = java.util.Collections.synchronizedList(new ArrayList<>());

        Client(int id, Path dir, boolean daemon) {
            this.id = id;
            this.dir = dir;
            this.home = dir.resolve("home");
            this.root = dir.resolve("Shared");
            this.daemon = daemon;
        }
    }

    /** One seed's run. */
    static final class Run {
        final Opts o;
        final long seed;
        final Path dir;
        final List<String> reasons = new ArrayList<>();
        final Map<String, Version> ledger = new ConcurrentHashMap<>();
        final List<Client> clients = new ArrayList<>();
        final long t0 = System.currentTimeMillis();
        PrintWriter trace;
        volatile boolean writing;
        final Map<String, AtomicLong> opCounts = new ConcurrentHashMap<>();

        Run(Opts o, long seed, Path dir) {
            this.o = o;
            this.seed = seed;
            this.dir = dir;
        }

        long now() {
            return System.currentTimeMillis() - t0;
        }

        synchronized void trace(String s) {
            trace.println(now() + " " + s);
        }

        void record(Version v) {
            ledger.putIfAbsent(v.hash(), v);
            trace("c" + v.client() + " " + v.kind() + " " + v.path() + " -> " + v.hash().substring(0, 12) + " (" + v.size() + " B)");
        }

        boolean run() throws Exception {
            Files.createDirectories(dir);
            trace = new PrintWriter(Files.newBufferedWriter(dir.resolve("trace.log")), true);
            System.out.println("-- seed " + seed + " (trace: " + dir.resolve("trace.log") + "; ledger: " + dir.resolve("ledger.tsv") + ")");
            try (OxiCloudEmulator emu = OxiCloudEmulator.start(EmulatorConfig.builder().user(USER, PASSWORD)
                    .dataDir(dir.resolve("server")).defaultQuotaBytes(0).loginRateLimit(1000)
                    .deltaRateLimitPerMinute(o.deltaLimit).build())) {
                RemoteClient remote = emu.remote(USER);
                long s0 = System.nanoTime();
                for (int i = 0; i < o.clients; i++) {
                    boolean d = o.mode.equals("daemon") || (o.mode.equals("mixed") && i % 2 == 0);
                    clients.add(new Client(i, dir.resolve("client-" + i), d));
                }
                seedTree(remote);
                for (Client c : clients) {
                    Procs.cli(PASSWORD + "\n", "login", emu.baseUrl(), "--user", USER, "--password-stdin", "--home", c.home.toString());
                    Procs.cli("", "pair", "add", c.root.toString(), "/Shared", "--name", "Shared", "--home", c.home.toString());
                }
                System.out.printf("   seeded %,d files (%d large) on the server and %d clients in %.1f s%n",
                        o.files + o.large, o.large, o.clients, (System.nanoTime() - s0) / 1e9);
                s0 = System.nanoTime();
                for (Client c : clients) {
                    start(c);
                }
                awaitFirstRuns();
                System.out.printf("   clients up (%d daemons, %d sync-once loops), first runs done in %.1f s; load %s%n",
                        clients.stream().filter(c -> c.daemon).count(), clients.stream().filter(c -> !c.daemon).count(),
                        (System.nanoTime() - s0) / 1e9, Procs.loadAverage());

                emu.resetStats();
                writing = true;
                Thread runWatch = new Thread(this::watchDaemonRuns, "daemon-runs");
                runWatch.setDaemon(true);
                runWatch.start();
                List<Thread> writers = new ArrayList<>();
                for (Client c : clients) {
                    Thread t = new Thread(() -> writer(c), "writer-" + c.id);
                    t.start();
                    writers.add(t);
                }
                Thread.sleep(o.writeSeconds * 1000L);
                writing = false;
                for (Thread t : writers) {
                    t.join();
                }
                long stopMs = now();
                String loadAtStop = Procs.loadAverage();
                trace("writers stopped");
                System.out.printf("   writers stopped after %d s: %s; load %s%n", o.writeSeconds, new TreeMap<>(opCounts), loadAtStop);

                // convergence
                Map<Path, Object[]> cache = new HashMap<>();
                long convergedMs = -1;
                Map<String, String> serverTree = null;
                String lastDiff = "";
                long deadline = System.currentTimeMillis() + o.timeoutSeconds * 1000L;
                while (System.currentTimeMillis() < deadline) {
                    long checkStart = now();
                    List<Map<String, String>> trees = new ArrayList<>();
                    for (Client c : clients) {
                        trees.add(Trees.localTree(c.root, cache));
                    }
                    String diff = differ(trees);
                    if (diff == null) {
                        emu.flushTreeEtags();
                        Map<String, String> st = Trees.serverTree(remote);
                        if (st.equals(trees.get(0))) {
                            // confirm after a pause that nothing moves any more
                            Thread.sleep(2000);
                            boolean stable = true;
                            for (Client c : clients) {
                                stable &= Trees.localTree(c.root, cache).equals(st);
                            }
                            if (stable && Trees.serverTree(remote).equals(st)) {
                                convergedMs = checkStart - stopMs;
                                serverTree = st;
                                break;
                            }
                            lastDiff = "changed again within 2 s of agreeing";
                        } else {
                            lastDiff = "clients agree, server differs: " + Trees.describe(trees.get(0), st);
                        }
                    } else {
                        lastDiff = diff;
                    }
                    trace(String.format("convergence check at +%.1f s: paths differing from client 0: %s; %s",
                            (checkStart - stopMs) / 1000.0, differingCounts(trees), lastDiff));
                    Thread.sleep(1000); // each check walks every tree: more often would take CPU from the clients
                }
                Map<String, EndpointStats> stats = emu.stats();
                long bytesIn = stats.values().stream().mapToLong(EndpointStats::bytesReceived).sum();
                long bytesOut = stats.values().stream().mapToLong(EndpointStats::bytesSent).sum();
                long requests = stats.values().stream().mapToLong(EndpointStats::requests).sum();
                Map<String, EndpointStats> delta = new TreeMap<>();
                stats.forEach((k, v) -> {
                    if (k.matches(".*(/delta/|/manifest).*")) {
                        delta.put(k, v);
                    }
                });
                long deltaRequests = delta.values().stream().mapToLong(EndpointStats::requests).sum();
                long deltaRefused = delta.values().stream().mapToLong(EndpointStats::refused).sum();

                for (Client c : clients) {
                    stopClient(c);
                }
                // where every version may still be
                Set<String> found = new HashSet<>();
                Map<String, String> last = serverTree != null ? serverTree : Trees.serverTree(remote);
                found.addAll(last.values());
                Set<String> trash = remote.trashedContentHashes();
                found.addAll(trash);
                int storeVersions = 0;
                for (Client c : clients) {
                    found.addAll(Trees.localTree(c.root, cache).values());
                    Set<String> vs = ClientJournals.versionStore(c.home);
                    storeVersions += vs.size();
                    found.addAll(vs);
                }
                Files.write(dir.resolve("ledger.tsv"), () -> ledger.values().stream()
                        .sorted(java.util.Comparator.comparingLong(Version::atMs))
                        .<CharSequence>map(v -> v.atMs() + "\t" + (v.client() < 0 ? "seed" : "c" + v.client()) + "\t" + v.seq()
                                + "\t" + v.kind() + "\t" + v.path() + "\t" + v.size() + "\t" + v.hash()
                                + "\t" + (found.contains(v.hash()) ? "found" : "LOST")).iterator());
                List<Version> lost = ledger.values().stream().filter(v -> !found.contains(v.hash()))
                        .sorted(java.util.Comparator.comparingLong(Version::atMs)).toList();
                // the copies themselves: a folder's conflict copy counts once, not once more for each file inside it
                long conflictCopies = last.keySet().stream()
                        .filter(p -> p.substring(p.lastIndexOf('/') + 1).contains("(conflicted copy")).count();
                long reportedConflicts = clients.stream().mapToLong(c -> c.conflicts.get()).sum();
                long runs = clients.stream().mapToLong(c -> c.runs.get()).sum();
                long rateLimited = clients.stream().mapToLong(c -> c.rateLimited.get()).sum();

                System.out.println("   figures:");
                System.out.printf("     convergence after the writers stopped: %s (goal: within 2 poll intervals = %d s: %s%s)%n",
                        convergedMs < 0 ? "NOT within " + o.timeoutSeconds + " s" : String.format("%.1f s", convergedMs / 1000.0),
                        2 * o.pollSeconds, convergedMs >= 0 && convergedMs <= 2000L * o.pollSeconds ? "MET" : "NOT MET",
                        o.strict ? ", enforced" : ", reported only; --strict enforces it");
                System.out.printf("     bytes moved (request + response bodies at the server, writers + convergence): %.2f MiB up,"
                        + " %.2f MiB down; %,d requests, %,d of them delta (shared per-user limit 240/min)%n",
                        bytesIn / 1048576.0, bytesOut / 1048576.0, requests, deltaRequests);
                System.out.println("     delta requests by endpoint (refused with 429): " + delta.entrySet().stream()
                        .map(e -> e.getKey() + " " + e.getValue().requests() + " (" + e.getValue().refused() + ")").toList()
                        + "; refused in all: " + deltaRefused);
                System.out.println("     most bytes sent by: " + stats.entrySet().stream()
                        .sorted((a, b) -> Long.compare(b.getValue().bytesSent(), a.getValue().bytesSent())).limit(3)
                        .map(e -> String.format("%s %.2f MiB in %,d requests", e.getKey(), e.getValue().bytesSent() / 1048576.0,
                                e.getValue().requests())).toList());
                System.out.printf("     conflict copies in the final tree: %d (conflicts the clients reported: %d); sync runs: %d"
                        + " (sync-once runs counted; daemon runs counted when they changed something)%n",
                        conflictCopies, reportedConflicts, runs);
                System.out.printf("     items given up for the run because the server's delta limit refused them: %d"
                        + " (retried by a later run)%n", rateLimited);
                System.out.printf("     ledger: %,d versions written (seed included); found: %,d; lost: %d (server: %,d files, %,d"
                        + " trashed contents; version stores: %,d entries)%n", ledger.size(), ledger.size() - lost.size(),
                        lost.size(), last.size(), trash.size(), storeVersions);
                System.out.println("     load average at the end: " + Procs.loadAverage());
                if (convergedMs < 0) {
                    reasons.add("no convergence within " + o.timeoutSeconds + " s (" + lastDiff + ")");
                    diagnose(emu, remote);
                } else if (o.strict && convergedMs > 2000L * o.pollSeconds) {
                    reasons.add(String.format("converged in %.1f s, over 2 poll intervals (%d s)", convergedMs / 1000.0, 2 * o.pollSeconds));
                }
                if (!lost.isEmpty()) {
                    reasons.add(lost.size() + " version(s) lost");
                    System.out.println("     LOST versions (client, seq, kind, path, written at ms since start, size, hash):");
                    for (Version v : lost) {
                        System.out.printf("       c%d #%d %s %s at %d ms, %d B, %s%n", v.client(), v.seq(), v.kind(), v.path(),
                                v.atMs(), v.size(), v.hash());
                    }
                }
                for (Client c : clients) {
                    for (String p : c.problems) {
                        reasons.add("client " + c.id + ": " + p);
                    }
                }
                trace.close();
                System.out.println("   seed " + seed + ": " + (reasons.isEmpty() ? "PASS" : "FAIL: " + String.join("; ", reasons)));
                return reasons.isEmpty();
            } finally {
                for (Client c : clients) {
                    if (c.proc != null && c.proc.isAlive() || c.loop != null && c.loop.isAlive()) {
                        stopClient(c);
                    }
                }
            }
        }

        // ---- seeding

        List<String> seedDirs = new ArrayList<>();

        void seedTree(RemoteClient remote) throws IOException {
            Random rnd = new Random(seed);
            remote.mkdirs("/Shared");
            for (int d = 0; d < o.dirs; d++) {
                String p = String.format("s%02d/d%03d", d % 8, d);
                seedDirs.add(p);
                remote.mkdirs("/Shared/" + p);
                for (Client c : clients) {
                    Files.createDirectories(c.root.resolve(p));
                }
            }
            for (int i = 0; i < o.files + o.large; i++) {
                boolean large = i >= o.files;
                String p = seedDirs.get(i % seedDirs.size()) + (large ? String.format("/big%03d.bin", i - o.files)
                        : String.format("/f%05d.txt", i));
                byte[] body = content(rnd, "seed " + i, large ? o.largeMib << 20 : 200 + rnd.nextInt(8000));
                remote.putFile("/Shared/" + p, body);
                for (Client c : clients) {
                    Files.write(c.root.resolve(p), body);
                }
                record(new Version(Blake3.hashHex(body), -1, i, "seed", p, now(), body.length));
            }
        }

        static byte[] content(Random rnd, String header, int size) {
            byte[] h = (header + "\n").getBytes(StandardCharsets.UTF_8);
            byte[] b = new byte[Math.max(size, h.length + 1)];
            rnd.nextBytes(b);
            System.arraycopy(h, 0, b, 0, h.length);
            return b;
        }

        // ---- clients

        void start(Client c) throws IOException {
            if (c.daemon) {
                c.proc = Procs.oxisync(c.dir.resolve("daemon.out"), c.dir.resolve("daemon.err"), "daemon", "--home",
                        c.home.toString(), "--no-bus", "--poll-seconds", Integer.toString(o.pollSeconds)).start();
            } else {
                c.loop = new Thread(() -> syncLoop(c), "sync-once-" + c.id);
                c.loop.start();
            }
        }

        void syncLoop(Client c) {
            long n = 0;
            while (!c.stopLoop) {
                long start = now();
                Path out = c.dir.resolve("run.json");
                try {
                    Process p = Procs.oxisync(out, c.dir.resolve("sync-once.err"), "sync-once", "--json", "--home",
                            c.home.toString()).start();
                    c.current = p;
                    int rc = p.waitFor();
                    c.current = null;
                    n++;
                    JsonNode j = null;
                    try {
                        j = JSON.readTree(out.toFile());
                    } catch (IOException e) {
                        // no JSON
                    }
                    if (j != null) {
                        c.conflicts.addAndGet(j.path("conflicts").asLong());
                        for (JsonNode e : j.path("errors")) {
                            if (e.path("reason").asText().contains("rate limited")) {
                                c.rateLimited.incrementAndGet();
                            }
                        }
                    }
                    trace("c" + c.id + " sync-once #" + n + " (started " + start + ") exit " + rc
                            + (j == null ? " no JSON" : " " + j.path("status").asText() + " up " + j.path("uploaded")
                            + " down " + j.path("downloaded") + " delL " + j.path("deleted_local") + " delR "
                            + j.path("deleted_remote") + " moved " + j.path("moved") + " conflicts " + j.path("conflicts")
                            + " errors " + j.path("errors")));
                    if ((rc >= 2 || j == null) && !c.stopLoop) {
                        String why = "sync-once #" + n + " exited " + rc + (j == null ? " without JSON" : " " + j.path("status"));
                        if (c.problems.size() < 5) {
                            c.problems.add(why);
                        }
                        Files.copy(out, c.dir.resolve("run-" + n + "-failed.json"), java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                    }
                    c.runs.incrementAndGet();
                    c.lastCompletedRunStartMs = start;
                    long wait = start + o.pollSeconds * 1000L - now();
                    if (wait > 0 && !c.stopLoop) {
                        Thread.sleep(wait);
                    }
                } catch (InterruptedException e) {
                    return;
                } catch (IOException e) {
                    c.problems.add("cannot run sync-once: " + e);
                    return;
                }
            }
        }

        void awaitFirstRuns() throws Exception {
            long deadline = System.currentTimeMillis() + o.firstRunSeconds * 1000L;
            for (Client c : clients) {
                while (true) {
                    if (System.currentTimeMillis() > deadline) {
                        throw new IllegalStateException("client " + c.id + " did not finish its first run in " + o.firstRunSeconds + " s");
                    }
                    if (c.daemon) {
                        if (!c.proc.isAlive()) {
                            throw new IllegalStateException("daemon " + c.id + " exited " + c.proc.exitValue()
                                    + ": " + Files.readString(c.dir.resolve("daemon.err")));
                        }
                        Optional<JsonNode> s;
                        try {
                            s = DaemonClient.request(c.home, "status");
                        } catch (IOException e) {
                            s = Optional.empty(); // a slow answer on a loaded machine: ask again
                        }
                        if (s.isPresent() && idle(s.get())) {
                            break;
                        }
                    } else if (c.runs.get() > 0) {
                        break;
                    }
                    Thread.sleep(200);
                }
            }
        }

        static boolean idle(JsonNode status) {
            for (JsonNode p : status.path("pairs")) {
                if (!"idle".equals(p.path("state").asText()) || p.path("last_result").isMissingNode()) {
                    return false;
                }
            }
            return true;
        }

        void stopClient(Client c) throws InterruptedException, IOException {
            if (c.daemon && c.proc != null) {
                int rc = Procs.stop(c.proc, 60);
                String out = Files.exists(c.dir.resolve("daemon.out")) ? Files.readString(c.dir.resolve("daemon.out")) : "";
                c.runs.set(out.lines().filter(l -> l.contains(": ok:") || l.contains(": partial:") || l.contains(": failed:")).count());
                c.conflicts.set(out.lines().filter(l -> l.contains(": conflict on ")).count());
                Path err = c.dir.resolve("daemon.err");
                c.rateLimited.set(Files.exists(err) ? Files.readString(err).lines().filter(l -> l.contains("rate limited")).count() : 0);
                if (rc != 143 && rc != 0 && c.problems.size() < 5) {
                    c.problems.add("daemon exited " + rc);
                }
                c.proc = null;
            } else if (c.loop != null) {
                c.stopLoop = true;
                Process p = c.current;
                if (p != null) {
                    Procs.stop(p, 60); // SIGTERM: the run stops at its next safe point
                }
                c.loop.join(120_000);
                c.loop = null;
            }
        }

        // ---- writers

        /** The newest time (ms since start) before which this client's own writes have been seen by a sync run. */
        long horizon(Client c) {
            return c.lastCompletedRunStartMs;
        }

        /**
         * While the writers write: asks every daemon for its status each second and records when its newest finished
         * run started ({@code last_run} minus {@code elapsed_ms}), less 2 s: a run that started just after a write
         * may not have had the watcher's event for it yet. A daemon that cannot answer keeps its older horizon.
         */
        void watchDaemonRuns() {
            while (writing) {
                for (Client c : clients) {
                    if (!c.daemon) {
                        continue;
                    }
                    try {
                        Optional<JsonNode> s = DaemonClient.request(c.home, "status");
                        if (s.isEmpty()) {
                            continue;
                        }
                        for (JsonNode pair : s.get().path("pairs")) {
                            String last = pair.path("last_run").asText("");
                            if (last.isEmpty()) {
                                continue;
                            }
                            long started = java.time.Instant.parse(last).toEpochMilli()
                                    - pair.path("last_result").path("elapsed_ms").asLong() - t0 - 2000;
                            if (started > c.lastCompletedRunStartMs) {
                                c.lastCompletedRunStartMs = started;
                            }
                        }
                    } catch (IOException | RuntimeException e) {
                        // a slow answer on a loaded machine: the horizon stays where it was
                    }
                }
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        void writer(Client c) {
            Random rnd = new Random(seed * 1000 + c.id);
            long seq = 0;
            List<Path> files = new ArrayList<>();
            List<Path> dirs = new ArrayList<>();
            long listedAt = -1;
            while (writing) {
                try {
                    Thread.sleep((long) (-Math.log(1 - rnd.nextDouble()) * 1000 / o.ops));
                    if (!writing) {
                        break;
                    }
                    if (now() - listedAt > 2000) {
                        list(c.root, files, dirs);
                        listedAt = now();
                    }
                    seq++;
                    int w = rnd.nextInt(100);
                    String kind = w < 20 ? "create" : w < 42 ? "edit" : w < 60 ? "append" : w < 70 ? "rename"
                            : w < 80 ? "move" : w < 90 ? "delete" : w < 93 ? "mkdir" : w < 96 ? "dir-rename"
                            : w < 98 ? "dir-move" : "dir-delete";
                    boolean done = op(c, rnd, seq, kind, files, dirs);
                    opCounts.computeIfAbsent(done ? kind : "skipped", k -> new AtomicLong()).incrementAndGet();
                    if (done && !kind.equals("create") && !kind.equals("mkdir")) {
                        listedAt = -1;
                    }
                } catch (NoSuchFileException | FileAlreadyExistsException | DirectoryNotEmptyException e) {
                    opCounts.computeIfAbsent("raced", k -> new AtomicLong()).incrementAndGet();
                    listedAt = -1;
                } catch (IOException e) {
                    opCounts.computeIfAbsent("io-error", k -> new AtomicLong()).incrementAndGet();
                    trace("c" + c.id + " io error " + e);
                    listedAt = -1;
                } catch (InterruptedException e) {
                    return;
                }
            }
        }

        static void list(Path root, List<Path> files, List<Path> dirs) throws IOException {
            files.clear();
            dirs.clear();
            try (Stream<Path> s = Files.walk(root)) {
                s.forEach(p -> {
                    String n = p.getFileName().toString();
                    if (n.startsWith(".oxisync-") || n.endsWith(".oxipart") || n.endsWith(".tmp")) {
                        return;
                    }
                    if (Files.isDirectory(p)) {
                        dirs.add(p);
                    } else if (Files.isRegularFile(p)) {
                        files.add(p);
                    }
                });
            } catch (UncheckedIOException e) {
                throw e.getCause();
            }
        }

        String rel(Client c, Path p) {
            return c.root.relativize(p).toString();
        }

        /** True when the content may be replaced by this client: not its own write that its sync cannot have seen. */
        boolean mayReplace(Client c, byte[] current) {
            Version v = ledger.get(Blake3.hashHex(current));
            return v == null || v.client() != c.id || v.atMs() < horizon(c);
        }

        boolean op(Client c, Random rnd, long seq, String kind, List<Path> files, List<Path> dirs) throws IOException {
            String tag = "c" + c.id + "-" + seq;
            if (files.isEmpty() || dirs.isEmpty()) {
                return false;
            }
            Path f = files.get(rnd.nextInt(files.size()));
            Path d = dirs.get(rnd.nextInt(dirs.size()));
            switch (kind) {
                case "create" -> {
                    boolean large = rnd.nextInt(200) == 0;
                    byte[] b = content(rnd, tag + " create", large ? o.largeMib << 20 : 100 + rnd.nextInt(12000));
                    Path p = d.resolve(tag + (large ? ".bin" : ".txt"));
                    Files.write(p, b, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
                    record(new Version(Blake3.hashHex(b), c.id, seq, kind, rel(c, p), now(), b.length));
                    files.add(p);
                    return true;
                }
                case "edit", "append" -> {
                    try (FileChannel ch = FileChannel.open(f, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                        long size = ch.size();
                        if (size > 64L << 20) {
                            return false;
                        }
                        byte[] old = readAll(ch);
                        if (!mayReplace(c, old)) {
                            return false;
                        }
                        byte[] now;
                        if (kind.equals("append")) {
                            byte[] add = content(rnd, tag + " append", 50 + rnd.nextInt(4000));
                            ch.write(ByteBuffer.wrap(add), old.length);
                            now = new byte[old.length + add.length];
                            System.arraycopy(old, 0, now, 0, old.length);
                            System.arraycopy(add, 0, now, old.length, add.length);
                        } else if (old.length > 256 << 10) {
                            // a large file: rewrite a region in place
                            byte[] region = content(rnd, tag + " edit", 4096 + rnd.nextInt(60000));
                            int at = rnd.nextInt(Math.max(1, old.length - region.length));
                            ch.write(ByteBuffer.wrap(region), at);
                            now = old.clone();
                            System.arraycopy(region, 0, now, at, Math.min(region.length, now.length - at));
                            if (at + region.length > now.length) {
                                byte[] longer = new byte[at + region.length];
                                System.arraycopy(now, 0, longer, 0, now.length);
                                System.arraycopy(region, 0, longer, at, region.length);
                                now = longer;
                            }
                        } else {
                            now = content(rnd, tag + " edit", 100 + rnd.nextInt(12000));
                            ch.truncate(0);
                            ch.write(ByteBuffer.wrap(now), 0);
                        }
                        record(new Version(Blake3.hashHex(now), c.id, seq, kind, rel(c, f), now(), now.length));
                        return true;
                    }
                }
                case "delete" -> {
                    byte[] old = Files.readAllBytes(f);
                    if (!mayReplace(c, old)) {
                        return false;
                    }
                    Files.delete(f);
                    trace("c" + c.id + " delete " + rel(c, f) + " (was " + Blake3.hashHex(old).substring(0, 12) + ")");
                    return true;
                }
                case "rename" -> {
                    String n = f.getFileName().toString();
                    int dot = n.lastIndexOf('.');
                    String nn = (dot > 0 ? n.substring(0, dot) : n).replaceAll("-r.*$", "") + "-r" + tag + (dot > 0 ? n.substring(dot) : "");
                    Files.move(f, f.resolveSibling(nn));
                    trace("c" + c.id + " rename " + rel(c, f) + " -> " + nn);
                    return true;
                }
                case "move" -> {
                    if (d.equals(f.getParent())) {
                        return false;
                    }
                    Files.move(f, d.resolve(f.getFileName()));
                    trace("c" + c.id + " move " + rel(c, f) + " -> " + rel(c, d));
                    return true;
                }
                case "mkdir" -> {
                    Path p = d.resolve("d" + tag);
                    Files.createDirectory(p);
                    trace("c" + c.id + " mkdir " + rel(c, p));
                    return true;
                }
                case "dir-rename" -> {
                    if (d.equals(c.root)) {
                        return false;
                    }
                    Path p = d.resolveSibling(d.getFileName().toString().replaceAll("-r.*$", "") + "-r" + tag);
                    Files.move(d, p);
                    trace("c" + c.id + " dir-rename " + rel(c, d) + " -> " + p.getFileName());
                    return true;
                }
                case "dir-move" -> {
                    Path into = dirs.get(rnd.nextInt(dirs.size()));
                    if (d.equals(c.root) || into.startsWith(d) || into.equals(d.getParent())) {
                        return false;
                    }
                    Files.move(d, into.resolve(d.getFileName()));
                    trace("c" + c.id + " dir-move " + rel(c, d) + " -> " + rel(c, into));
                    return true;
                }
                case "dir-delete" -> {
                    if (d.equals(c.root) || d.getParent().equals(c.root)) {
                        return false;
                    }
                    List<Path> inside = new ArrayList<>();
                    try (Stream<Path> s = Files.walk(d)) {
                        s.forEach(inside::add);
                    }
                    if (inside.size() > 60) {
                        return false;
                    }
                    for (Path p : inside) {
                        if (Files.isRegularFile(p) && !mayReplace(c, Files.readAllBytes(p))) {
                            return false;
                        }
                    }
                    for (int i = inside.size() - 1; i >= 0; i--) {
                        Files.delete(inside.get(i));
                    }
                    trace("c" + c.id + " dir-delete " + rel(c, d) + " (" + (inside.size() - 1) + " entries)");
                    return true;
                }
                default -> throw new IllegalStateException(kind);
            }
        }

        static byte[] readAll(FileChannel ch) throws IOException {
            ByteBuffer b = ByteBuffer.allocate((int) ch.size());
            while (b.hasRemaining() && ch.read(b, b.position()) > 0) {
                // read on
            }
            byte[] out = new byte[b.position()];
            System.arraycopy(b.array(), 0, out, 0, out.length);
            return out;
        }

        /** For the trace: how many paths (added, gone or with other content) each client has unlike client 0. */
        static String differingCounts(List<Map<String, String>> trees) {
            StringBuilder sb = new StringBuilder();
            Map<String, String> first = trees.get(0);
            for (int i = 1; i < trees.size(); i++) {
                Map<String, String> t = trees.get(i);
                long n = t.entrySet().stream().filter(e -> !e.getValue().equals(first.get(e.getKey()))).count()
                        + first.keySet().stream().filter(k -> !t.containsKey(k)).count();
                if (n > 0) {
                    sb.append(sb.length() == 0 ? "" : " ").append('c').append(i).append('=').append(n);
                }
            }
            return sb.length() == 0 ? "none" : sb.toString();
        }

        String differ(List<Map<String, String>> trees) {
            for (int i = 1; i < trees.size(); i++) {
                if (!trees.get(i).equals(trees.get(0))) {
                    return "client " + i + " differs from client 0: " + Trees.describe(trees.get(0), trees.get(i));
                }
            }
            return null;
        }

        /**
         * When the trees did not converge: for the first few paths that differ between the clients or the server,
         * where each one is (content hash), and what each client's journal says of it (size, hashes, remote id), so
         * that a stuck item can be told from a slow one after the work folder is gone (CI removes its clone).
         */
        void diagnose(org.oxisync.emulator.OxiCloudEmulator emu, RemoteClient remote) {
            try {
                List<Map<String, String>> trees = new ArrayList<>();
                for (Client c : clients) {
                    trees.add(Trees.localTree(c.root, new HashMap<>()));
                }
                emu.flushTreeEtags();
                Map<String, String> server = Trees.serverTree(remote);
                Set<String> paths = new java.util.TreeSet<>();
                for (Map<String, String> t : trees) {
                    Set<String> keys = new HashSet<>(t.keySet());
                    keys.addAll(server.keySet());
                    for (String k : keys) {
                        if (!java.util.Objects.equals(t.get(k), server.get(k))) {
                            paths.add(k);
                        }
                    }
                }
                System.out.println("     differing paths: " + paths.size());
                for (String path : paths.stream().limit(3).toList()) {
                    System.out.println("       " + path + ": server " + ClientJournals.shortHash(server.get(path)));
                    for (Client c : clients) {
                        System.out.println("         c" + c.id + " (" + (c.daemon ? "daemon" : "sync-once") + "): file "
                                + ClientJournals.shortHash(trees.get(c.id).get(path)) + ", journal " + ClientJournals.journalRow(c.home, path));
                    }
                }
            } catch (IOException | RuntimeException e) {
                System.out.println("     (no diagnosis: " + e + ")");
            }
        }

    }

    private ManyClients() {}

    static Map<String, Long> counts(Map<String, AtomicLong> m) {
        Map<String, Long> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(k, v.get()));
        return out;
    }
}
