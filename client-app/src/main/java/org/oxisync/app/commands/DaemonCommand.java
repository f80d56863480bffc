package org.oxisync.app.commands;

import java.io.PrintWriter;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import org.oxisync.app.AccountChoice;
import org.oxisync.app.AppContext;
import org.oxisync.app.NamedAccount;
import org.oxisync.core.engine.SyncReport;
import org.oxisync.core.engine.SyncStatus;
import org.oxisync.app.service.AccountSyncs;
import org.oxisync.app.service.ControlSocket;
import org.oxisync.app.control.DaemonClient;
import org.oxisync.app.state.PairState;
import org.oxisync.app.service.ServiceOptions;
import org.oxisync.app.service.SyncEvents;
import org.oxisync.app.service.SyncService;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import org.oxisync.app.control.ExitCodes;
import org.oxisync.app.control.Show;

/**
 * {@code oxisync daemon}: continuous sync without a window, for servers and systemd. Runs until SIGTERM/SIGINT;
 * then the running run stops at its next safe point (between items, or between chunk batches of a large transfer;
 * what was transferred is recorded), the daemon waits for it to end (at most 30 s), closes the store and exits (code 143
 * after SIGTERM, as every JVM does: systemd units say {@code SuccessExitStatus=143}). {@code oxisync status} asks it
 * through {@code daemon.sock} in the OxiSync home. One line per state change and per run that changed something
 * goes to standard output (journald keeps it).
 */
@Command(name = "daemon", mixinStandardHelpOptions = true,
        description = {"Keep every pair of every account in sync until stopped (headless); --account NAME syncs one"
                + " account. `oxisync status` asks it what it does.",
                "For systemd: Type=simple and SuccessExitStatus=143 (the packages ship oxisync.service)."})
public final class DaemonCommand implements Callable<Integer> {
    @Mixin AccountHomeOption homeOption;
    @Spec CommandSpec spec;

    @Option(names = "--no-bus", description = "Do not use the server's real-time bus; poll only.")
    boolean noBus;
    @Option(names = "--poll-seconds", paramLabel = "N", defaultValue = "30",
            description = "Poll the server every N seconds when it has no bus (default 30).")
    long pollSeconds;
    @Option(names = "--quiet-ms", paramLabel = "MS", defaultValue = "1000",
            description = "Start a run once local changes have been quiet this long (default 1000).")
    long quietMs;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (pollSeconds < 1 || quietMs < 1) {
            err.println("oxisync daemon: --poll-seconds and --quiet-ms must be positive");
            return ExitCodes.CONFIG;
        }
        AppContext root = homeOption.openAll();
        String only = null;
        try {
            if (homeOption.account() != null) {
                only = AccountChoice.choose(root.accounts(), homeOption.account()).orElseThrow().name();
            }
        } catch (AccountChoice.Unclear e) {
            root.close();
            err.println("oxisync daemon: " + e.getMessage());
            return ExitCodes.CONFIG;
        }
        ServiceOptions d = ServiceOptions.defaults();
        Duration quiet = Duration.ofMillis(quietMs);
        ServiceOptions options = new ServiceOptions(quiet, d.maxDelay().compareTo(quiet) < 0 ? quiet : d.maxDelay(),
                Duration.ofSeconds(pollSeconds), d.remotePollWithBus(), d.fullScan());
        // one context (client, store, delta budget) and one service per account; accounts added or removed while
        // the daemon runs start or stop syncing (AccountSyncs, docs/accounts.md)
        AccountSyncs syncs = new AccountSyncs(root, new AccountSyncs.Listener() {
            @Override
            public void started(AccountSyncs.Running r) {
                boolean several = root.accounts().all().size() > 1;
                out.println("oxisync daemon: syncing " + r.service().status().size() + " pair(s) of "
                        + r.account().user() + " at " + r.account().server()
                        + (several ? " (account " + r.account().name() + ")" : "") + "; `oxisync status` shows progress");
                out.flush();
            }

            @Override
            public void stopped(AccountSyncs.Running r) {
                out.println("oxisync daemon: stopped syncing account " + r.account().name());
                out.flush();
            }
        }, ctx -> {
            // with several accounts each line names the account: "alice@host/Docs: ..."
            String name = ctx.account().map(NamedAccount::name).orElse("");
            SyncService service = new SyncService(ctx, new ConsoleEvents(out,
                    root.accounts().all().size() > 1 ? name + "/" : ""), options, Clock.systemUTC());
            return noBus ? service.withoutBus() : service;
        }, "the daemon", () -> { }, only);
        String problem = null;
        if (root.accounts().isEmpty()) {
            problem = "not logged in; run `oxisync login SERVER_URL` first";
        } else if (DaemonClient.ping(root.home().dir())) {
            problem = "a daemon or the desktop app already syncs " + root.home().dir() + " (see `oxisync status`)";
        } else {
            AccountSyncs.Change first = syncs.reload();
            if (!first.failed().isEmpty()) {
                problem = String.join("; ", first.failed().values()); // a store held by another process
            } else if (syncs.running().isEmpty()) {
                problem = "no account is signed in; run `oxisync login SERVER_URL` first";
            } else if (syncs.running().stream().allMatch(r -> r.service().pairs().isEmpty())) {
                problem = "no folder pairs; add one with `oxisync pair add LOCAL_DIR`";
            }
        }
        if (problem != null) {
            syncs.close();
            root.close();
            err.println("oxisync daemon: " + problem);
            return ExitCodes.CONFIG;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        ControlSocket[] control = new ControlSocket[1];
        java.util.concurrent.ScheduledExecutorService watch = java.util.concurrent.Executors
                .newSingleThreadScheduledExecutor(r -> {
                    Thread t = new Thread(r, "oxisync-accounts-watch");
                    t.setDaemon(true);
                    return t;
                });
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            out.println("oxisync daemon: stopping");
            out.flush();
            watch.shutdownNow();
            if (control[0] != null) {
                control[0].close();
            }
            syncs.close();
            root.close();
            out.println("oxisync daemon: stopped");
            out.flush();
            stopped.countDown();
        }, "oxisync-daemon-stop"));
        // the CLI's store changes (pair add, versions restore, ...) run here while the daemon holds the stores;
        // `login` and `accounts remove` say `accounts-changed`, and a look at config.properties every 3 s catches
        // any other change of the account list
        control[0] = ControlSocket.open(root.home().dir(), syncs::served, "daemon", syncs.verbs());
        watch.scheduleWithFixedDelay(() -> {
            try {
                syncs.reloadIfChanged();
            } catch (java.io.IOException | RuntimeException e) {
                err.println("oxisync daemon: cannot read the accounts again: " + e.getMessage());
                err.flush();
            }
        }, 3, 3, java.util.concurrent.TimeUnit.SECONDS);
        stopped.await(); // the shutdown hook ends the process
        return ExitCodes.OK;
    }

    /** One line per state change (not the scanning/syncing of every run) and per run that changed something. */
    private static final class ConsoleEvents implements SyncEvents {
        private final PrintWriter out;
        private final String prefix;
        private final Map<String, PairState> shown = new HashMap<>();

        ConsoleEvents(PrintWriter out, String prefix) {
            this.out = out;
            this.prefix = prefix;
        }

        @Override
        public synchronized void stateChanged(String pair, PairState state, String detail) {
            if (state == PairState.SCANNING || state == PairState.SYNCING
                    || (state == PairState.IDLE && shown.get(pair) == PairState.IDLE)) {
                return;
            }
            shown.put(pair, state);
            out.println(prefix + pair + ": " + Show.said(state.wireName(), detail));
            out.flush();
        }

        @Override
        public synchronized void conflict(String pair, String path, String conflictCopy) {
            out.println(prefix + pair + ": conflict on " + path + "; the other version is kept as " + conflictCopy);
            out.flush();
        }

        @Override
        public synchronized void runFinished(String pair, SyncReport r) {
            if (!r.changedAnything() && r.errors().isEmpty() && r.status() == SyncStatus.OK) {
                return; // nothing happened: stay quiet
            }
            out.println(prefix + pair + ": " + r.status().wireName() + ": uploaded " + r.uploaded() + ", downloaded "
                    + r.downloaded() + ", deleted " + r.deletedLocal() + " local / " + r.deletedRemote()
                    + " remote, moved " + r.moved() + ", conflicts " + r.conflicts() + ", errors " + r.errors().size()
                    + (r.message().isBlank() || r.message().startsWith(r.status().wireName()) ? "" : " (" + r.message() + ")"));
            out.flush();
        }
    }
}
