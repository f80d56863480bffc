package org.oxisync.app.commands;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.oxisync.app.AppContext;
import org.oxisync.app.PairDrive;
import org.oxisync.app.PairRules;
import org.oxisync.core.engine.PairRightsSettings;
import org.oxisync.store.StoreView;
import org.oxisync.app.control.StoreRequest;
import org.oxisync.store.account.FolderPair;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import org.oxisync.app.control.ExitCodes;
import org.oxisync.app.control.PairRightsOptions;
import org.oxisync.app.control.Show;

/** {@code oxisync pair add|list|remove}: the folder pairs of the logged-in account. */
@Command(name = "pair", mixinStandardHelpOptions = true, description = "Manage folder pairs (local folder ↔ remote folder).",
        subcommands = {PairCommand.Add.class, PairCommand.ListPairs.class, PairCommand.Set.class,
                PairCommand.Remove.class, PairIgnoreCommand.class})
public final class PairCommand extends CommandGroup {
    @Command(name = "add", mixinStandardHelpOptions = true,
            description = "Pair LOCAL_DIR with REMOTE_PATH (default /, the drive's root; created if missing).")
    static final class Add implements Callable<Integer> {
        @Mixin AccountHomeOption homeOption;
        @Spec CommandSpec spec;
        @Option(names = "--name", description = "A name for the pair (default: the local folder's name).")
        String name;
        @Option(names = "--drive", paramLabel = "NAME|ID", description = "The drive (see `oxisync drives`), or a folder"
                + " shared with you, that REMOTE_PATH starts from (default: your Personal drive).")
        String drive;
        @Parameters(index = "0", paramLabel = "LOCAL_DIR", description = "The local folder (created if missing).")
        Path local;
        @Parameters(index = "1", paramLabel = "REMOTE_PATH", defaultValue = "/",
                description = "The folder on the server, from the drive's root (default: /).")
        String remotePath;
        @Option(names = "--mode", paramLabel = "MODE", defaultValue = "two-way",
                description = "two-way (default), upload-only (a backup: remote changes are not brought down) or"
                        + " download-only (a mirror: local changes are kept as conflict copies, not sent).")
        String mode;
        @Option(names = "--keep-remote-deletes",
                description = "upload-only: a file deleted locally stays on the server.")
        boolean keepRemoteDeletes;
        @Option(names = "--role", paramLabel = "ROLE",
                description = "Sync as viewer, commenter, contributor, editor or owner (default: your role on the"
                        + " drive as the server reports it). The pair sends only what the role allows; it re-reads"
                        + " the role when the server refuses a write.")
        String role;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            return LoggedIn.run(homeOption, err,
                    "oxisync pair add: not logged in; run `oxisync login SERVER_URL` first", ExitCodes.CONFIG,
                    ctx -> add(ctx, out, err));
        }

        private int add(AppContext ctx, PrintWriter out, PrintWriter err) throws IOException {
            // checked here (any role stands in for the drive's, which the server gives later)
            if (PairRightsOptions.parse(mode, role == null ? "owner" : role, keepRemoteDeletes).isEmpty()) {
                err.println("oxisync pair add: " + PairRightsOptions.problem(mode, role == null ? "owner" : role,
                        keepRemoteDeletes));
                return ExitCodes.CONFIG;
            }
            // resolved here, against this process's current folder, wherever the change runs
            Path dir = PairRules.localRoot(local);
            return StoreBusy.run(ctx, new StoreRequest.PairAdd(dir.toString(), remotePath, name, drive, mode, role,
                    keepRemoteDeletes), out, err, "adding a pair");
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the folder pairs.")
    static final class ListPairs implements Callable<Integer> {
        @Mixin AccountHomeOption homeOption;
        @Spec CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            // read-only: works beside a running daemon or desktop app
            return LoggedIn.view(homeOption, out, "not logged in", ExitCodes.OK, (ctx, view) -> list(view, out));
        }

        private static int list(StoreView view, PrintWriter out) {
            var pairs = view.pairs();
            if (pairs.isEmpty()) {
                out.println("no folder pairs; add one with `oxisync pair add LOCAL_DIR [REMOTE_PATH]`");
            }
            for (FolderPair p : pairs) {
                // a pair off the Personal drive names its drive or shared folder, and the role it had
                String where = p.settings().containsKey(PairDrive.ID)
                        ? "\t" + Show.shown(p.settings().get(PairDrive.NAME)) + " ("
                                + p.settings().get(PairDrive.ROLE) + ")" : "";
                out.println(p.name() + "\t" + p.localRoot() + "\t" + p.remotePath() + where + "\t"
                        + PairRightsOptions.describe(PairRightsSettings.read(p)));
            }
            return ExitCodes.OK;
        }
    }

    @Command(name = "set", mixinStandardHelpOptions = true,
            description = {"Change a pair's mode or role after adding it (the files stay; the next run syncs by the"
                    + " new rules).", "Checked as pair add checks them; --role may only narrow your role on the"
                    + " drive. Works beside a running daemon or desktop app."})
    static final class Set implements Callable<Integer> {
        @Mixin AccountHomeOption homeOption;
        @Spec CommandSpec spec;
        @Parameters(index = "0", paramLabel = "NAME", description = "The pair's name (see oxisync pair list).")
        String name;
        @Option(names = "--mode", paramLabel = "MODE", description = "two-way, upload-only or download-only.")
        String mode;
        @Option(names = "--keep-remote-deletes", paramLabel = "true|false", arity = "1",
                description = "upload-only: whether a file deleted locally stays on the server.")
        String keepRemoteDeletes;
        @Option(names = "--role", paramLabel = "ROLE",
                description = "Sync as viewer, commenter, contributor, editor or owner (at most your role on the"
                        + " drive).")
        String role;

        @Override
        public Integer call() throws Exception {
            PrintWriter err = spec.commandLine().getErr();
            if (keepRemoteDeletes != null && !keepRemoteDeletes.equalsIgnoreCase("true")
                    && !keepRemoteDeletes.equalsIgnoreCase("false")) {
                err.println("oxisync pair set: --keep-remote-deletes takes true or false");
                return ExitCodes.CONFIG;
            }
            Boolean keep = keepRemoteDeletes == null ? null
                    : Boolean.parseBoolean(keepRemoteDeletes.toLowerCase(java.util.Locale.ROOT));
            return LoggedIn.run(homeOption, err, "oxisync pair set: not logged in", ExitCodes.CONFIG,
                    ctx -> StoreBusy.run(ctx, new StoreRequest.PairSet(name, mode, role, keep),
                            spec.commandLine().getOut(), err, "changing a pair"));
        }
    }

    @Command(name = "remove", mixinStandardHelpOptions = true,
            description = "Remove a pair (its files stay where they are, locally and on the server).")
    static final class Remove implements Callable<Integer> {
        @Mixin AccountHomeOption homeOption;
        @Spec CommandSpec spec;
        @Parameters(index = "0", paramLabel = "NAME", description = "The pair's name (see oxisync pair list).")
        String name;

        @Override
        public Integer call() throws Exception {
            PrintWriter err = spec.commandLine().getErr();
            return LoggedIn.run(homeOption, err, "oxisync pair remove: not logged in", ExitCodes.CONFIG,
                    ctx -> StoreBusy.run(ctx, new StoreRequest.PairRemove(name), spec.commandLine().getOut(), err,
                            "removing a pair"));
        }
    }
}
