package org.oxisync.bench.scale;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * The real launcher's runs for {@link FullRunHeap}'s {@code --cli} mode: per client jar, a fresh home, login, pair
 * add, one recording sync-once, then a full and a quiet no-change sync-once under GNU time; {@code find} beside.
 */
final class LauncherRuns {
    private LauncherRuns() {}

    static void run(Path launcher, List<String> jars, String url, Path local, Path work) throws Exception {
        long findMs = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) { // the first pass warms the cache
            long t0 = System.nanoTime();
            exec(List.of("find", local.toString(), "-printf", "%s %T@\\n"), null, null, work.resolve("find.out"));
            if (i > 0) {
                findMs = Math.min(findMs, (System.nanoTime() - t0) / 1_000_000);
            }
        }
        System.out.printf("find over the tree (best of 3, warm): %d ms%n", findMs);
        int n = 0;
        for (String jar : jars) {
            Path home = work.resolve("cli-home-" + (++n));
            exec(List.of(launcher.toString(), "login", url, "--user", "alice", "--password-stdin", "--home",
                    home.toString()), jar, "pw-1\n", work.resolve("login.out"));
            exec(List.of(launcher.toString(), "pair", "add", local.toString(), "/", "--home", home.toString()), jar,
                    null, work.resolve("pair.out"));
            System.out.println("jar " + jar + ":");
            timed(launcher, jar, home, work, "record (first sync-once)");
            for (int r = 1; r <= 2; r++) {
                removeSeals(home);
                timed(launcher, jar, home, work, "full no-change sync-once " + r);
            }
            timed(launcher, jar, home, work, "quiet no-change sync-once");
        }
    }

    private static void timed(Path launcher, String jar, Path home, Path work, String what) throws Exception {
        Path time = work.resolve("time.txt");
        long t0 = System.nanoTime();
        int rc = exec(List.of("/usr/bin/time", "-v", "-o", time.toString(), launcher.toString(), "sync-once",
                "--json", "--home", home.toString()), jar, null, work.resolve("sync.out"));
        long wall = (System.nanoTime() - t0) / 1_000_000;
        long rssKib = 0;
        double cpu = 0;
        for (String line : Files.readAllLines(time)) {
            String l = line.trim();
            if (l.startsWith("Maximum resident set size (kbytes):")) {
                rssKib = Long.parseLong(l.substring(l.indexOf(':') + 1).trim());
            } else if (l.startsWith("User time (seconds):") || l.startsWith("System time (seconds):")) {
                cpu += Double.parseDouble(l.substring(l.indexOf(':') + 1).trim());
            }
        }
        String out = Files.readString(work.resolve("sync.out"));
        String status = java.util.regex.Pattern.compile("\"status\"\\s*:\\s*\"ok\"").matcher(out).find() ? "ok" : "NOT OK";
        System.out.printf("  %-28s exit %d, %s: wall %,d ms, CPU %.1f s, peak RSS %.1f MiB%n", what, rc, status, wall,
                cpu, rssKib / 1024.0);
    }

    private static void removeSeals(Path home) throws IOException {
        try (Stream<Path> s = Files.walk(home)) {
            for (Path p : s.filter(p -> p.getFileName().toString().startsWith("quiet-seal-")).toList()) {
                Files.delete(p);
            }
        }
    }

    private static int exec(List<String> cmd, String jar, String stdin, Path out) throws Exception {
        ProcessBuilder pb = new ProcessBuilder(new ArrayList<>(cmd)).redirectErrorStream(true)
                .redirectOutput(out.toFile());
        if (jar != null) {
            pb.environment().put("OXISYNC_JAR", jar);
        }
        Process p = pb.start();
        if (stdin != null) {
            p.getOutputStream().write(stdin.getBytes(StandardCharsets.UTF_8));
        }
        p.getOutputStream().close();
        return p.waitFor();
    }
}
