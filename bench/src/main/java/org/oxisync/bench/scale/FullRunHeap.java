package org.oxisync.bench.scale;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.management.ObjectName;
import org.oxisync.bench.daemon.SeededTree;
import org.oxisync.app.AppContext;
import org.oxisync.core.engine.QuietSeal;
import org.oxisync.core.engine.SyncListener;
import org.oxisync.core.engine.SyncOptions;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.store.account.FolderPair;

/**
 * What a full no-change run holds per file: seeds FILES small files on both sides (100 per folder,
 * straight into an in-process emulator: no upload), lets one run record them, then runs a full no-change run (the
 * quiet seal removed first, as after a first upload) and takes a live class histogram ({@code GC.class_histogram},
 * a full GC first) when the run starts planning, with journal, scan and listing all in memory, and another after
 * the run. The difference is what the run held; divided by FILES, the cost per file, by class.
 *
 * <p>The emulator lives in this JVM, so absolute heap figures include it; the difference does not (it does not
 * change during a no-change run). Peak RSS of the real launcher is e2e-rescan.sh's job (separate processes).
 *
 * <p>With {@code --cli LAUNCHER JAR...}: instead, for each client jar, the real launcher (default options) as
 * separate processes against this JVM's emulator: login, pair add, a sync-once that records the seeded tree, a
 * full no-change sync-once (quiet seal removed) and a quiet one, each under GNU time (peak RSS, wall, CPU), and
 * {@code find} over the tree as the reference ({@code -DfullRunHeap.inProcessToo=true}: then the in-process
 * measurement too, on the same seeded tree).
 *
 * <pre>
 * java -Xmx3g -cp CP org.oxisync.bench.scale.FullRunHeap [FILES=100000] [TOP=15] [--cli LAUNCHER JAR...]
 * </pre>
 */
public final class FullRunHeap {
    private FullRunHeap() {}

    public static void main(String[] args) throws Exception {
        int files = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
        int top = args.length > 1 ? Integer.parseInt(args[1]) : 15;
        Path work = Files.createTempDirectory("oxisync-full-run-heap");
        try (SeededTree tree = SeededTree.start(work, files)) {
            if (args.length > 3 && args[2].equals("--cli")) {
                LauncherRuns.run(Path.of(args[3]), List.of(args).subList(4, args.length), tree.server().baseUrl(),
                        tree.local(), work);
                if (!Boolean.getBoolean("fullRunHeap.inProcessToo")) {
                    return;
                }
            }
            AppContext ctx = tree.ctx();
            FolderPair pair = tree.pair();
            SyncOptions options = SyncOptions.defaults("bench");
            long t0 = System.nanoTime();
            SyncReport first = ctx.engine(new SyncListener() { }).runOnce(pair, options);
            System.out.printf("first run (hash + record): %s in %.1f s%n", first.status(), (System.nanoTime() - t0) / 1e9);
            for (int run = 1; run <= 2; run++) {
                QuietSeal.forPair(ctx.store().directory(), pair.id()).delete();
                Map<String, long[]> during = new HashMap<>();
                long[] heapDuring = {0};
                t0 = System.nanoTime();
                SyncReport r = ctx.engine(new SyncListener() {
                    @Override
                    public void phase(String p, String phase) {
                        if (phase.equals("planning")) {
                            during.putAll(histogram());
                            heapDuring[0] = total(during);
                        }
                    }
                }).runOnce(pair, options);
                long wall = System.nanoTime() - t0;
                Map<String, long[]> after = histogram();
                long heapAfter = total(after);
                System.out.printf("%nfull no-change run %d: %s, %.1f s (histograms included); live heap at planning %.1f MiB,"
                        + " after the run %.1f MiB: the run held %.1f MiB = %.0f bytes per file%n", run, r.status(),
                        wall / 1e9, heapDuring[0] / 1048576.0, heapAfter / 1048576.0,
                        (heapDuring[0] - heapAfter) / 1048576.0, (heapDuring[0] - heapAfter) / (double) files);
                printTop(during, after, files, top);
            }
        } finally {
            deleteTree(work);
        }
    }

    private static void printTop(Map<String, long[]> during, Map<String, long[]> after, int files, int top) {
        List<Map.Entry<String, long[]>> rows = new ArrayList<>();
        for (Map.Entry<String, long[]> e : during.entrySet()) {
            long[] a = after.getOrDefault(e.getKey(), new long[2]);
            rows.add(Map.entry(e.getKey(), new long[] {e.getValue()[0] - a[0], e.getValue()[1] - a[1]}));
        }
        rows.sort((x, y) -> Long.compare(y.getValue()[1], x.getValue()[1]));
        System.out.printf("%12s %12s %9s %9s  %s%n", "instances", "bytes", "per file", "B/file", "class");
        for (Map.Entry<String, long[]> e : rows.subList(0, Math.min(top, rows.size()))) {
            System.out.printf("%,12d %,12d %9.2f %9.1f  %s%n", e.getValue()[0], e.getValue()[1],
                    e.getValue()[0] / (double) files, e.getValue()[1] / (double) files, e.getKey());
        }
    }

    /** Live objects by class: instances and bytes (a full GC first). */
    static Map<String, long[]> histogram() {
        try {
            String text = (String) ManagementFactory.getPlatformMBeanServer().invoke(
                    new ObjectName("com.sun.management:type=DiagnosticCommand"), "gcClassHistogram",
                    new Object[] {new String[0]}, new String[] {String[].class.getName()});
            Map<String, long[]> out = new HashMap<>();
            for (String line : text.split("\n")) {
                String[] f = line.trim().split("\\s+");
                if (f.length >= 4 && f[0].endsWith(":")) {
                    out.put(f[3], new long[] {Long.parseLong(f[1]), Long.parseLong(f[2])});
                }
            }
            return out;
        } catch (Exception e) {
            throw new IllegalStateException("no class histogram", e);
        }
    }

    private static long total(Map<String, long[]> h) {
        return h.values().stream().mapToLong(v -> v[1]).sum();
    }

    private static void deleteTree(Path root) throws IOException {
        try (Stream<Path> s = Files.walk(root)) {
            s.sorted((a, b) -> b.compareTo(a)).forEach(p -> p.toFile().delete());
        }
    }
}
