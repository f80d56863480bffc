package org.oxisync.app.control;

import java.io.PrintWriter;
import java.util.Optional;
import org.oxisync.app.PairDrive;
import org.oxisync.core.engine.PairRightsSettings;
import org.oxisync.core.plan.PairRights;
import org.oxisync.core.plan.SyncMode;
import org.oxisync.protocol.Role;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;

/**
 * {@code oxisync pair set NAME --mode ... --role ... --keep-remote-deletes ...}, for {@link StoreChanges}: changes a
 * pair's mode and role after it was added, checked as {@code pair add} checks them, and more: the role may only
 * narrow the one the server gave on the pair's drive or shared folder when the pair was made (a broader one would
 * send what the server refuses). Only the pair's settings change; its files and journal stay. A pair switched to a
 * mode that sends more (download-only to two-way) sends at its next run what it held back before.
 */
final class PairSetting {
    private PairSetting() {}

    static int set(LocalStore store, StoreRequest.PairSet r, String syncingProcess, PrintWriter out, PrintWriter err) {
        String cmd = r.command();
        Optional<FolderPair> found = store.accounts().pairByName(r.name());
        if (found.isEmpty()) {
            err.println(cmd + ": no pair named '" + r.name() + "' (see oxisync pair list)");
            return ExitCodes.CONFIG;
        }
        if (r.mode() == null && r.role() == null && r.keepRemoteDeletes() == null) {
            err.println(cmd + ": nothing to change; give --mode, --role or --keep-remote-deletes");
            return ExitCodes.CONFIG;
        }
        FolderPair pair = found.get();
        PairRights now = PairRightsSettings.read(pair);
        String mode = r.mode() != null ? r.mode() : now.mode().wireName();
        String role = r.role() != null ? r.role() : now.role().wireName();
        // keep-remote-deletes follows the pair unless given; it goes away with a mode other than upload-only
        boolean keep = r.keepRemoteDeletes() != null ? r.keepRemoteDeletes()
                : now.keepsRemoteDeletes() && SyncMode.fromWire(mode).orElse(null) == SyncMode.UPLOAD_ONLY;
        Optional<PairRights> parsed = PairRightsOptions.parse(mode, role, keep);
        if (parsed.isEmpty()) {
            err.println(cmd + ": " + PairRightsOptions.problem(mode, role, keep));
            return ExitCodes.CONFIG;
        }
        Role granted = pair.settings().containsKey(PairDrive.ROLE)
                ? Role.fromWire(pair.settings().get(PairDrive.ROLE)).orElse(Role.VIEWER) : Role.OWNER;
        if (r.role() != null && parsed.get().role().compareTo(granted) > 0) {
            err.println(cmd + ": your role on " + pair.settings().getOrDefault(PairDrive.NAME, "the pair's drive")
                    + " is " + granted.wireName() + "; --role can only narrow it (viewer ... " + granted.wireName()
                    + ")");
            return ExitCodes.CONFIG;
        }
        PairRights next = parsed.get();
        // the refusals stay while the role stays (a refused write is held back until its file changes)
        PairRights kept = next.role() == now.role() ? next.withRefused(now.refused()) : next;
        store.accounts().savePair(PairRightsSettings.write(pair, kept));
        out.println(pair.name() + ": " + PairRightsOptions.describe(now) + " -> " + PairRightsOptions.describe(kept));
        if (syncingProcess != null) {
            out.println("The change applies from the next run: " + syncingProcess + " keeps it in sync (oxisync status).");
        }
        return ExitCodes.OK;
    }
}
