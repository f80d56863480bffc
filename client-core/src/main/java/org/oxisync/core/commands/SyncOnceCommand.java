package org.oxisync.core.commands;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.oxisync.core.app.AppContext;
import org.oxisync.core.engine.QuietPrefetch;
import org.oxisync.core.engine.SyncEngine;
import org.oxisync.core.engine.SyncOptions;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.store.account.FolderPair;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code oxisync sync-once}: one run of one pair or all pairs, for cron and systemd. Exit code 0 in sync, 1 some
 * items failed, 2 configuration or authentication error, 3 stopped by the mass-delete guard.
 */
@Command(name = "sync-once", mixinStandardHelpOptions = true, description = "Sync once and exit.")
public final class SyncOnceCommand implements Callable<Integer> {
    @Mixin HomeOption homeOption;
    @Spec CommandSpec spec;

    @Option(names = "--pair", paramLabel = "NAME", description = "Sync only this pair.")
    String pairName;
    @Option(names = "--all", description = "Sync every pair (the default).")
    boolean all;
    @Option(names = "--dry-run", description = "Print the plan and change nothing.")
    boolean dryRun;
    @Option(names = "--json", description = "Print one JSON object on standard output.")
    boolean json;
    @Option(names = "--allow-mass-delete", description = "Go on even when the run would delete more than half the files.")
    boolean allowMassDelete;
    @Option(names = "--workers", paramLabel = "N", defaultValue = "4", description = "Concurrent transfers (default 4).")
    int workers;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        try (AppContext ctx = homeOption.open()) {
            // the disk of each sealed pair is walked while the store opens (see QuietPrefetch)
            QuietPrefetch prefetch = dryRun ? QuietPrefetch.none()
                    : ctx.prefetchQuietWalks(p -> pairName == null || pairName.equals(p.name()));
            if (!ctx.config().hasAccount()) {
                return configError(out, err, "not logged in; run `oxisync login SERVER_URL` first");
            }
            if (org.oxisync.core.service.DaemonClient.ping(ctx.home().dir())) {
                return configError(out, err, "an OxiSync daemon (or the desktop app) is running for this home and"
                        + " syncs continuously; ask it with `oxisync status`, or stop it to run sync-once");
            }
            List<FolderPair> pairs = new ArrayList<>();
            if (pairName != null) {
                var p = ctx.store().accounts().pairByName(pairName);
                if (p.isEmpty()) {
                    return configError(out, err, "no pair named '" + pairName + "' (see `oxisync pair list`)");
                }
                pairs.add(p.get());
            } else {
                pairs.addAll(ctx.store().accounts().pairs());
            }
            if (pairs.isEmpty()) {
                return configError(out, err, "no folder pairs; add one with `oxisync pair add LOCAL_DIR`");
            }
            SyncOptions options = new SyncOptions(dryRun, allowMassDelete, workers, AppContext.hostName());
            ProgressLine progress = ProgressLine.forConsole(err, json);
            SyncEngine engine = ctx.engine(progress, prefetch);
            List<SyncReport> reports = new ArrayList<>();
            for (FolderPair p : pairs) {
                reports.add(engine.runOnce(p, options));
            }
            progress.clear();
            if (json) {
                ReportJson.write(reports, out);
                out.println();
            } else {
                for (SyncReport r : reports) {
                    ReportPrinter.print(r, dryRun, out);
                }
            }
            return worst(reports);
        }
    }

    private int configError(PrintWriter out, PrintWriter err, String message) {
        if (json) {
            out.println(ReportJson.error(message));
        }
        err.println("oxisync sync-once: " + message);
        return ExitCodes.CONFIG;
    }

    private static int worst(List<SyncReport> reports) {
        int code = 0;
        for (SyncReport r : reports) {
            int c = r.exitCode();
            // configuration (2) and the guard (3) outrank item failures (1)
            if (c > code) {
                code = c;
            }
        }
        return code;
    }
}
