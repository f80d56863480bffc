package org.oxisync.core.commands;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.oxisync.core.app.AppContext;
import org.oxisync.core.app.PairRemoval;
import org.oxisync.core.app.PairRules;
import org.oxisync.core.app.StoreView;
import org.oxisync.core.engine.PairRightsSettings;
import org.oxisync.core.plan.PairRights;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.Account;
import org.oxisync.store.account.FolderPair;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code oxisync pair add|list|remove}: the folder pairs of the logged-in account. */
@Command(name = "pair", mixinStandardHelpOptions = true, description = "Manage folder pairs (local folder ↔ remote folder).",
        subcommands = {PairCommand.Add.class, PairCommand.ListPairs.class, PairCommand.Remove.class,
                PairIgnoreCommand.class})
public final class PairCommand implements Callable<Integer> {
    @Spec CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getErr());
        return ExitCodes.CONFIG;
    }

    @Command(name = "add", mixinStandardHelpOptions = true,
            description = "Pair LOCAL_DIR with REMOTE_PATH (default /, the drive's root; created if missing).")
    static final class Add implements Callable<Integer> {
        @Mixin HomeOption homeOption;
        @Spec CommandSpec spec;
        @Option(names = "--name", description = "A name for the pair (default: the local folder's name).")
        String name;
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
        @Option(names = "--role", paramLabel = "ROLE", defaultValue = "owner",
                description = "Your role on the drive: viewer, commenter, contributor, editor or owner (default owner,"
                        + " your Personal drive). The pair sends only what the role allows; it re-reads the role"
                        + " when the server refuses a write.")
        String role;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            PrintWriter err = spec.commandLine().getErr();
            try (AppContext ctx = homeOption.open()) {
                if (!ctx.config().hasAccount()) {
                    err.println("oxisync pair add: not logged in; run `oxisync login SERVER_URL` first");
                    return ExitCodes.CONFIG;
                }
                Optional<PairRights> rights = PairRightsOptions.parse(mode, role, keepRemoteDeletes);
                if (rights.isEmpty()) {
                    err.println("oxisync pair add: " + PairRightsOptions.problem(mode, role, keepRemoteDeletes));
                    return ExitCodes.CONFIG;
                }
                Path dir = PairRules.localRoot(local);
                Optional<LocalStore> opened = StoreBusy.open(ctx, err, "oxisync pair add", "adding a pair");
                if (opened.isEmpty()) {
                    return ExitCodes.CONFIG;
                }
                LocalStore store = opened.get();
                Account account = store.accounts().account().orElseThrow(
                        () -> new IllegalStateException("the account record is missing; log in again"));
                String pairName = name != null ? name : PairRules.defaultName(dir);
                // the folders first: a folder that is already paired cannot be fixed with another --name
                var problem = PairRules.localProblem(dir, store.accounts().pairs(), ctx.home().dir());
                if (problem.isPresent()) {
                    err.println("oxisync pair add: " + problem.get());
                    return ExitCodes.CONFIG;
                }
                String normalized;
                try {
                    normalized = PairRules.normalizeRemotePath(remotePath);
                } catch (IllegalArgumentException e) {
                    err.println("oxisync pair add: " + e.getMessage());
                    return ExitCodes.CONFIG;
                }
                var remoteProblem = PairRules.remoteProblem(normalized, store.accounts().pairs());
                if (remoteProblem.isPresent()) {
                    err.println("oxisync pair add: " + remoteProblem.get());
                    return ExitCodes.CONFIG;
                }
                if (store.accounts().pairByName(pairName).isPresent()) {
                    err.println("oxisync pair add: a pair named '" + pairName + "' exists; give this one another"
                            + " name with --name NAME");
                    return ExitCodes.CONFIG;
                }
                Files.createDirectories(dir);
                String folderId = PairRules.resolveOrCreateRemote(ctx.api(), account.rootFolderId(), normalized);
                FolderPair saved = store.accounts().savePair(PairRightsSettings.write(
                        FolderPair.create(pairName, dir.toString(), folderId, normalized), rights.get()));
                out.println("Paired '" + saved.name() + "': " + dir + " <-> " + normalized + " ("
                        + PairRightsOptions.describe(rights.get()) + ")");
                out.println("Next: oxisync sync-once --pair " + saved.name());
                return ExitCodes.OK;
            } catch (OxiCloudException e) {
                err.println("oxisync pair add: " + e.getMessage());
                return ExitCodes.CONFIG;
            }
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the folder pairs.")
    static final class ListPairs implements Callable<Integer> {
        @Mixin HomeOption homeOption;
        @Spec CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            PrintWriter out = spec.commandLine().getOut();
            try (AppContext ctx = homeOption.open()) {
                if (!ctx.config().hasAccount()) {
                    out.println("not logged in");
                    return ExitCodes.OK;
                }
                try (StoreView view = StoreView.open(ctx.home(), ctx.config().accountKey())) {
                    var pairs = view.pairs(); // read-only: works beside a running daemon or desktop app
                    if (pairs.isEmpty()) {
                        out.println("no folder pairs; add one with `oxisync pair add LOCAL_DIR [REMOTE_PATH]`");
                    }
                    for (FolderPair p : pairs) {
                        out.println(p.name() + "\t" + p.localRoot() + "\t" + p.remotePath() + "\t"
                                + PairRightsOptions.describe(PairRightsSettings.read(p)));
                    }
                    return ExitCodes.OK;
                }
            }
        }
    }

    @Command(name = "remove", mixinStandardHelpOptions = true,
            description = "Remove a pair (its files stay where they are, locally and on the server).")
    static final class Remove implements Callable<Integer> {
        @Mixin HomeOption homeOption;
        @Spec CommandSpec spec;
        @Parameters(index = "0", paramLabel = "NAME", description = "The pair's name (see oxisync pair list).")
        String name;

        @Override
        public Integer call() throws Exception {
            try (AppContext ctx = homeOption.open()) {
                if (!ctx.config().hasAccount()) {
                    spec.commandLine().getErr().println("oxisync pair remove: not logged in");
                    return ExitCodes.CONFIG;
                }
                Optional<LocalStore> opened = StoreBusy.open(ctx, spec.commandLine().getErr(), "oxisync pair remove",
                        "removing a pair");
                if (opened.isEmpty()) {
                    return ExitCodes.CONFIG;
                }
                LocalStore store = opened.get();
                var pair = store.accounts().pairByName(name);
                if (pair.isEmpty()) {
                    spec.commandLine().getErr().println("oxisync pair remove: no pair named '" + name + "'");
                    return ExitCodes.CONFIG;
                }
                PairRemoval.remove(store, pair.get());
                spec.commandLine().getOut().println("Removed pair '" + name + "'; no files were touched.");
                return ExitCodes.OK;
            }
        }
    }
}
