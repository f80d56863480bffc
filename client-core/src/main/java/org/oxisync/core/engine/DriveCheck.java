package org.oxisync.core.engine;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.oxisync.core.plan.PairRights;
import org.oxisync.core.reason.Reason;
import org.oxisync.core.reason.ReasonCode;
import org.oxisync.core.remote.RemoteRoot;
import org.oxisync.protocol.DriveDto;
import org.oxisync.protocol.IncomingShareDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.Role;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Before a run of a pair on a Shared drive or a shared folder ({@value DriveRoleSource#KIND} {@code shared} or
 * {@code folder}): is the drive or share still there for the user, under which name, with which role. One request
 * ({@code GET /api/drives}, or {@code GET /api/grants/incoming/resources} for a shared folder); Personal-drive pairs
 * skip it. A pair is bound to its drive by id ({@value DriveRoleSource#DRIVE_ID}), so:
 * <ul>
 *   <li>a drive renamed on the server (OxiCloud renames a drive by renaming its root, folder_service.rs:708-735)
 *       keeps its pairs; the stored name ({@value #NAME}) follows;</li>
 *   <li>a drive that is no longer listed (deleted, or the membership removed) stops the run before anything is read
 *       or planned: nothing local is deleted, whatever the server's listing would say;</li>
 *   <li>a role lower than the one the pair last saw ({@value #SERVER_ROLE}) and than the one it syncs with stops this
 *       run with the old and the new role named; the new role is stored and applies from the next run, by the pair
 *       rights rules. A higher role is stored for the next run; a role the user narrowed with {@code pair set --role}
 *       stays narrowed.</li>
 * </ul>
 * When the lists cannot be read (the network), the run goes on and meets the same failure itself.
 */
final class DriveCheck {
    private static final Logger LOG = LoggerFactory.getLogger(DriveCheck.class);
    /** The drive's name as last seen (= PairDrive.NAME). */
    static final String NAME = "remote.drive.name";
    /** The role the server gave on the drive as last seen (= PairDrive.ROLE). */
    static final String SERVER_ROLE = "remote.role";

    private DriveCheck() {}

    /** What the run does: go on with the pair (as stored again, when a name or role changed), or stop. */
    sealed interface Verdict permits Go, Stop {}

    record Go(FolderPair pair) implements Verdict {}

    record Stop(Reason reason) implements Verdict {}

    static Verdict before(OxiCloudApi api, LocalStore store, FolderPair pair, boolean dryRun) {
        String kind = pair.settings().get(DriveRoleSource.KIND);
        String id = pair.settings().get(DriveRoleSource.DRIVE_ID);
        if (id == null || !("shared".equals(kind) || "folder".equals(kind))) {
            return new Go(pair);
        }
        String known = pair.settings().getOrDefault(NAME, id);
        Optional<Seen> seen;
        try {
            seen = "folder".equals(kind) ? share(api.incomingShares(), id) : drive(api.drives(), id);
        } catch (OxiCloudException e) {
            LOG.debug("{}: the drive list could not be read: {}", pair.name(), e.getMessage());
            return new Go(pair);
        }
        String what = "folder".equals(kind) ? "the shared folder '" : "the shared drive '";
        if (seen.isEmpty()) {
            return new Stop(driveGone(pair, kind, known));
        }
        Seen now = seen.get();
        Map<String, String> s = new HashMap<>(pair.settings());
        if (!now.name().equals(known)) {
            LOG.info("{}: {}{}' is now called '{}' on the server", pair.name(), what, known, now.name());
            s.put(NAME, now.name());
        }
        Role before = Role.fromWire(s.get(SERVER_ROLE)).orElse(null);
        Role role = now.role().orElse(null);
        boolean lowered = false;
        if (role != null && role != before) {
            s.put(SERVER_ROLE, role.wireName());
            PairRights rights = PairRightsSettings.read(pair);
            // lowered below what the pair does now: a role already applied during a run (RoleChange), or below one
            // the user narrowed it to, changes nothing the pair does, so it does not stop the run
            lowered = before != null && role.ordinal() < before.ordinal() && role.ordinal() < rights.role().ordinal();
            if (lowered || before != null && role.ordinal() > before.ordinal() && rights.role() == before) {
                // lowered: the pair may do no more than the server allows; raised: only a role the user did not narrow
                s = new HashMap<>(PairRightsSettings.write(pair.withSettings(s), rights.withRole(role)).settings());
            }
        }
        FolderPair updated = s.equals(pair.settings()) ? pair : pair.withSettings(s);
        if (updated != pair && !dryRun) {
            updated = store.accounts().savePair(updated);
        }
        if (lowered) {
            return new Stop(Reason.of(ReasonCode.FORBIDDEN_BY_ROLE, "your role on " + what + now.name() + "' was"
                    + " lowered from " + before.wireName() + " to " + role.wireName() + " on the server; this run"
                    + " synced nothing. From the next run the pair syncs as a " + role.wireName() + ": changes that"
                    + " role may not send are kept here (as conflict copies, or held back), nothing local is deleted",
                    "permission", role.wireName()));
        }
        return new Go(updated);
    }

    /**
     * Why a pair whose server folder is gone (a 404, or a trashed root) stopped, in the drive's terms when the pair is
     * on a Shared drive or a shared folder that the user no longer sees (the drive deleted, or the membership or share
     * removed); otherwise the pair's folder itself was deleted ({@link RemoteRoot#goneMessage()}). One request.
     */
    static Reason gone(OxiCloudApi api, FolderPair pair) {
        String kind = pair.settings().get(DriveRoleSource.KIND);
        String id = pair.settings().get(DriveRoleSource.DRIVE_ID);
        Reason folderGone = Reason.of(ReasonCode.REMOTE_FOLDER_GONE, RemoteRoot.goneMessage());
        if (id == null || !("shared".equals(kind) || "folder".equals(kind))) {
            return folderGone;
        }
        try {
            boolean listed = ("folder".equals(kind) ? share(api.incomingShares(), id) : drive(api.drives(), id))
                    .isPresent();
            return listed ? folderGone : driveGone(pair, kind, pair.settings().getOrDefault(NAME, id));
        } catch (OxiCloudException e) {
            LOG.debug("{}: the drive list could not be read: {}", pair.name(), e.getMessage());
            return folderGone;
        }
    }

    /**
     * The drive or share is no longer listed for the user. The values name it for the desktop app's words:
     * {@code drive} (its name as last seen), {@code driveKind} ({@code shared} or {@code folder}), {@code folder} (the
     * local folder, which keeps every file).
     */
    private static Reason driveGone(FolderPair pair, String kind, String known) {
        String what = "folder".equals(kind) ? "the shared folder '" : "the shared drive '";
        return new Reason(ReasonCode.REMOTE_FOLDER_GONE, Map.of("folder", pair.localRoot().toString(), "drive", known,
                "driveKind", kind), "you no longer have access to " + what + known + "' (it was deleted on the"
                + " server, or you were removed from it); this pair is stopped and nothing was changed locally: your"
                + " files stay in " + pair.localRoot() + ". Remove the pair (`oxisync pair remove " + pair.name()
                + "`) once you no longer need it");
    }

    private record Seen(String name, Optional<Role> role) {}

    private static Optional<Seen> drive(List<DriveDto> drives, String id) {
        return drives.stream().filter(d -> d.id().equals(id)).findFirst()
                .map(d -> new Seen(d.name(), Role.fromWire(d.callerRole())));
    }

    private static Optional<Seen> share(List<IncomingShareDto> shares, String id) {
        return shares.stream().filter(x -> "folder".equals(x.resourceType()) && x.resourceId().equals(id)).findFirst()
                .map(x -> new Seen(x.name(), Optional.of(x.role())));
    }
}
