package org.oxisync.app.commands;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.oxisync.app.AccountChoice;
import org.oxisync.app.AppContext;
import org.oxisync.app.NamedAccount;
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
import org.oxisync.app.control.ExitCodes;
import org.oxisync.app.control.ReportPrinter;

/**
 * {@code oxisync sync-once}: one run of one pair or all pairs, for cron and systemd. Exit code 0 in sync, 1 some
 * items failed, 2 configuration or authentication error, 3 stopped by the mass-delete guard.
 */
@Command(name = "sync-once", mixinStandardHelpOptions = true,
        description = {"Sync once and exit.", "Every account's pairs, or those of --account NAME."})
public final class SyncOnceCommand implements Callable<Integer> {
    @Mixin AccountHomeOption homeOption;
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
        try (AppContext root = homeOption.openAll()) {
            if (root.accounts().isEmpty()) {
                return configError(out, err, "not logged in; run `oxisync login SERVER_URL` first");
            }
            if (org.oxisync.app.control.DaemonClient.ping(root.home().dir())) {
                return configError(out, err, "an OxiSync daemon (or the desktop app) is running for this home and"
                        + " syncs continuously; ask it with `oxisync status`, or stop it to run sync-once");
            }
            // without --account: every account's pairs, one account after the other, each with its own client,
            // store and delta budget
            List<NamedAccount> accounts = homeOption.account() != null
                    ? List.of(AccountChoice.choose(root.accounts(), homeOption.account()).orElseThrow())
                    : root.accounts().all();
            List<AppContext> contexts = new ArrayList<>();
            try {
                for (NamedAccount a : accounts) {
                    contexts.add(root.forAccount(a.name()));
                }
                return run(contexts, out, err);
            } finally {
                contexts.forEach(AppContext::close);
            }
        }
    }

    private int run(List<AppContext> contexts, PrintWriter out, PrintWriter err) {
        // the disk of each sealed pair is walked while the stores open (see QuietPrefetch)
        List<QuietPrefetch> prefetches = new ArrayList<>();
        for (AppContext ctx : contexts) {
            prefetches.add(dryRun ? QuietPrefetch.none()
                    : ctx.prefetchQuietWalks(p -> pairName == null || pairName.equals(p.name())));
        }
        List<List<FolderPair>> pairsOf = new ArrayList<>();
        for (AppContext ctx : contexts) {
            pairsOf.add(pairName == null ? ctx.store().accounts().pairs()
                    : ctx.store().accounts().pairByName(pairName).stream().toList());
        }
        int found = pairsOf.stream().mapToInt(List::size).sum();
        if (pairName != null && found == 0) {
            return configError(out, err, "no pair named '" + pairName + "' (see `oxisync pair list`)");
        }
        if (pairName != null && found > 1) {
            return configError(out, err, "several accounts have a pair named '" + pairName + "'; choose the account"
                    + " with --account NAME");
        }
        if (found == 0) {
            return configError(out, err, "no folder pairs; add one with `oxisync pair add LOCAL_DIR`");
        }
        SyncOptions options = new SyncOptions(dryRun, allowMassDelete, workers, AppContext.hostName());
        ProgressLine progress = ProgressLine.forConsole(err, json);
        List<ReportJson.Tagged> reports = new ArrayList<>();
        for (int i = 0; i < contexts.size(); i++) {
            if (pairsOf.get(i).isEmpty()) {
                continue;
            }
            String account = contexts.get(i).account().map(NamedAccount::name).orElse("");
            SyncEngine engine = contexts.get(i).engine(progress, prefetches.get(i));
            for (FolderPair p : pairsOf.get(i)) {
                reports.add(new ReportJson.Tagged(account, engine.runOnce(p, options)));
            }
        }
        progress.clear();
        if (json) {
            ReportJson.write(reports, out);
            out.println();
        } else {
            // with several accounts in the home each pair's label names its account: [alice@host/Docs]
            boolean several = contexts.get(0).accounts().all().size() > 1;
            for (ReportJson.Tagged t : reports) {
                ReportPrinter.print(t.report(), several ? t.account() + "/" : "", dryRun, out);
            }
        }
        return worst(reports.stream().map(ReportJson.Tagged::report).toList());
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
