package org.oxisync.bench.daemon;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.oxisync.app.AppContext;
import org.oxisync.core.scan.LocalHint;
import org.oxisync.core.engine.SyncListener;
import org.oxisync.core.engine.SyncOptions;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.emulator.RemoteClient;
import org.oxisync.store.account.FolderPair;

/**
 * Where the time of one engine run goes on a large, idle tree: the run's phases, timed in-process through the
 * listener's phase callbacks (journal load, local scan, remote discovery, reconcile + guard, execute). Seeds FILES
 * files on both sides (100 per folder), runs once to record them, then times runs after one local save and after
 * one remote change, full and incremental (with the watcher's hint).
 *
 * <pre>
 * java -cp CP org.oxisync.bench.daemon.RunProfile [FILES=50000] [REPEAT=3]
 * </pre>
 */
public final class RunProfile {
    private RunProfile() {}

    public static void main(String[] args) throws Exception {
        int files = args.length > 0 ? Integer.parseInt(args[0]) : 50_000;
        int repeat = args.length > 1 ? Integer.parseInt(args[1]) : 3;
        Path work = Files.createTempDirectory("oxisync-run-profile");
        try (SeededTree tree = SeededTree.start(work, files)) {
            AppContext ctx = tree.ctx();
            Path local = tree.local();
            RemoteClient remote = tree.remote();
            FolderPair pair = tree.pair();
            SyncOptions options = SyncOptions.defaults("bench");
            profile(ctx, pair, options, "first run (hash + record)");
            profile(ctx, pair, options, "no change, full");
            for (int r = 0; r < repeat; r++) {
                String rel = "t00/d0007/saved-" + r + ".txt";
                Files.writeString(local.resolve(rel), "saved " + r);
                profile(ctx, pair, options, "one local save, full");
                rel = "t00/d0003/saved-inc-" + r + ".txt";
                Files.writeString(local.resolve(rel), "saved " + r);
                profile(ctx, pair, options.withLocalHint(LocalHint.of(Set.of(rel))), "one local save, hint");
                remote.putFile("/t00/d0002/remote-" + r + ".txt", ("remote " + r).getBytes(StandardCharsets.UTF_8));
                profile(ctx, pair, options, "one remote change, full");
                remote.putFile("/t00/d0004/remote-" + r + ".txt", ("remote " + r).getBytes(StandardCharsets.UTF_8));
                profile(ctx, pair, options.withLocalHint(LocalHint.of(Set.of())), "one remote change, empty hint");
            }
        }
    }

    private static void profile(AppContext ctx, FolderPair pair, SyncOptions options, String what) throws IOException {
        Map<String, Long> marks = new LinkedHashMap<>();
        long start = System.nanoTime();
        SyncReport r = ctx.engine(new SyncListener() {
            @Override
            public void phase(String p, String phase) {
                marks.put(phase, System.nanoTime());
            }
        }).runOnce(pair, options);
        long end = System.nanoTime();
        List<String> parts = new ArrayList<>();
        long prev = start;
        String prevName = "journal load";
        for (Map.Entry<String, Long> e : marks.entrySet()) {
            parts.add(String.format("%s %.0f", prevName, (e.getValue() - prev) / 1e6));
            prev = e.getValue();
            prevName = switch (e.getKey()) {
                case "scanning" -> "local scan";
                case "discovering" -> "remote";
                case "planning" -> "reconcile+guard";
                case "syncing" -> "execute";
                default -> e.getKey();
            };
        }
        parts.add(String.format("%s %.0f", prevName, (end - prev) / 1e6));
        System.out.printf("%-32s %6.0f ms  [%s]  %s up %d down %d%n", what, (end - start) / 1e6,
                String.join(", ", parts), r.status(), r.uploaded(), r.downloaded());
    }
}
