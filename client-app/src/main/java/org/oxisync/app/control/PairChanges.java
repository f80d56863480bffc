package org.oxisync.app.control;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.oxisync.app.AppContext;
import org.oxisync.app.PairDrive;
import org.oxisync.app.PairRules;
import org.oxisync.app.commands.DrivesCommand;
import org.oxisync.core.engine.PairRightsSettings;
import org.oxisync.core.plan.PairRights;
import java.util.Optional;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.Account;
import org.oxisync.store.account.FolderPair;

/** {@code oxisync pair add}, for {@link StoreChanges}: checks both folders, creates the server folder, saves the pair. */
final class PairChanges {
    private PairChanges() {}

    static int add(AppContext ctx, LocalStore store, StoreRequest.PairAdd r, String syncingProcess,
                   PrintWriter out, PrintWriter err)
            throws IOException {
        String cmd = r.command();
        try {
            Account account = store.accounts().account().orElseThrow(
                    () -> new IllegalStateException("the account record is missing; log in again"));
            Path dir = PairRules.localRoot(Path.of(r.local()));
            String pairName = r.name() != null ? r.name() : PairRules.defaultName(dir);
            // the folders first: a folder that is already paired cannot be fixed with another --name
            var problem = PairRules.localProblem(dir, store.accounts().pairs(), ctx.home().dir());
            if (problem.isPresent()) {
                err.println(cmd + ": " + problem.get());
                return ExitCodes.CONFIG;
            }
            String normalized;
            try {
                normalized = PairRules.normalizeRemotePath(r.remote());
            } catch (IllegalArgumentException e) {
                err.println(cmd + ": " + e.getMessage());
                return ExitCodes.CONFIG;
            }
            PairDrive where;
            try {
                where = PairDrive.resolve(ctx.api(), account, r.drive());
            } catch (IllegalArgumentException e) {
                err.println(cmd + ": " + e.getMessage());
                return ExitCodes.CONFIG;
            }
            // the role the server gives on that drive, unless the user asked for a narrower one
            String role = r.role() != null ? r.role() : where.role().wireName();
            Optional<PairRights> rights = PairRightsOptions.parse(r.mode() == null ? "two-way" : r.mode(), role,
                    r.keepRemoteDeletes());
            if (rights.isEmpty()) {
                err.println(cmd + ": " + PairRightsOptions.problem(r.mode(), role, r.keepRemoteDeletes()));
                return ExitCodes.CONFIG;
            }
            var remoteProblem = PairRules.remoteProblem(normalized,
                    where.pairsOnSameTree(store.accounts().pairs(), account));
            if (remoteProblem.isPresent()) {
                err.println(cmd + ": " + remoteProblem.get());
                return ExitCodes.CONFIG;
            }
            if (store.accounts().pairByName(pairName).isPresent()) {
                err.println(cmd + ": a pair named '" + pairName + "' exists; give this one another name with --name NAME");
                return ExitCodes.CONFIG;
            }
            if (!Files.exists(dir, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
                // a new sync root is the user's alone (0700); a folder that exists keeps the mode the user gave it
                org.oxisync.store.io.OwnerOnly.createDirectories(dir);
                out.println("Created the folder " + dir + " (it did not exist)");
            }
            String folderId = PairRules.resolveOrCreateRemote(ctx.api(), where.rootFolderId(), normalized);
            FolderPair created = FolderPair.create(pairName, dir.toString(), folderId, normalized);
            FolderPair saved = store.accounts().savePair(PairRightsSettings.write(
                    created.withSettings(where.settings(created.settings())), rights.get()));
            out.println("Paired '" + saved.name() + "': " + dir + " <-> " + normalized + " on "
                    + Show.shown(where.name()) + " (" + where.kind() + ", your role: "
                    + where.role().wireName() + "); syncs " + PairRightsOptions.describe(rights.get()));
            out.println(syncingProcess == null ? "Next: oxisync sync-once --pair " + saved.name()
                    : "Syncing starts now: " + syncingProcess + " keeps it in sync (oxisync status).");
            return ExitCodes.OK;
        } catch (OxiCloudException e) {
            err.println(cmd + ": " + e.getMessage());
            return ExitCodes.CONFIG;
        }
    }
}
