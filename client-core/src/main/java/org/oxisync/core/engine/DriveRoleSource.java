package org.oxisync.core.engine;

import java.util.List;
import java.util.Optional;
import org.oxisync.protocol.DriveDto;
import org.oxisync.protocol.IncomingShareDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.Role;
import org.oxisync.store.account.Account;
import org.oxisync.store.account.FolderPair;

/**
 * The caller's role on a pair's drive as the server says it now ({@code GET /api/drives}, {@code caller_role}). The
 * drive is the one named by the pair's {@value #DRIVE_ID} setting, else the drive whose root is the pair's folder,
 * else, for a pair that never chose a role, the account's own drive. A pair on a folder shared with the user
 * ({@value #KIND} {@code folder}) reads its role from the incoming shares instead ({@code GET
 * /api/grants/incoming/resources}): the share whose folder is the pair's. Anything else (a folder inside another
 * drive, a share that is gone, an unknown role name) cannot be told: the stored role stands.
 */
public final class DriveRoleSource implements RoleSource {
    /** The pair setting naming the drive the pair syncs (written by {@code pair add --drive}). */
    public static final String DRIVE_ID = "remote.drive.id"; // = PairDrive.ID, written with the drive

    /** The pair setting saying what the pair syncs (= PairDrive.KIND): {@code folder} for a shared folder. */
    public static final String KIND = "remote.drive.kind";

    private final OxiCloudApi api;
    private final Account account;

    public DriveRoleSource(OxiCloudApi api, Account account) {
        this.api = api;
        this.account = account;
    }

    @Override
    public Optional<Role> currentRole(FolderPair pair) {
        String driveId = pair.settings().get(DRIVE_ID);
        if ("folder".equals(pair.settings().get(KIND)) && driveId != null) {
            return api.incomingShares().stream()
                    .filter(s -> "folder".equals(s.resourceType()) && driveId.equals(s.resourceId()))
                    .findFirst().map(IncomingShareDto::role);
        }
        List<DriveDto> drives = api.drives();
        Optional<DriveDto> drive = drives.stream().filter(d -> d.id().equals(driveId)).findFirst()
                .or(() -> drives.stream().filter(d -> pair.remoteFolderId().equals(d.rootFolderId())).findFirst());
        if (drive.isEmpty() && !pair.settings().containsKey(PairRightsSettings.ROLE)) {
            drive = drives.stream().filter(d -> d.id().equals(account.driveId())).findFirst();
        }
        return drive.flatMap(d -> Role.fromWire(d.callerRole()));
    }
}
