package org.oxisync.core.engine;

import java.util.List;
import java.util.Optional;
import org.oxisync.protocol.DriveDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.protocol.Role;
import org.oxisync.store.account.Account;
import org.oxisync.store.account.FolderPair;

/**
 * The caller's role on a pair's drive as the server says it now ({@code GET /api/drives}, {@code caller_role}). The
 * drive is the one named by the pair's {@value #DRIVE_ID} setting, else the drive whose root is the pair's folder,
 * else, for a pair that never chose a role, the account's own drive. Anything else (a folder inside another drive,
 * an unknown role name) cannot be told: the stored role stands.
 */
public final class DriveRoleSource implements RoleSource {
    /** The pair setting naming the drive the pair syncs (written by {@code pair add --drive}). */
    public static final String DRIVE_ID = "remote.drive.id"; // = PairDrive.ID, written with the drive

    private final OxiCloudApi api;
    private final Account account;

    public DriveRoleSource(OxiCloudApi api, Account account) {
        this.api = api;
        this.account = account;
    }

    @Override
    public Optional<Role> currentRole(FolderPair pair) {
        List<DriveDto> drives = api.drives();
        String driveId = pair.settings().get(DRIVE_ID);
        Optional<DriveDto> drive = drives.stream().filter(d -> d.id().equals(driveId)).findFirst()
                .or(() -> drives.stream().filter(d -> pair.remoteFolderId().equals(d.rootFolderId())).findFirst());
        if (drive.isEmpty() && !pair.settings().containsKey(PairRightsSettings.ROLE)) {
            drive = drives.stream().filter(d -> d.id().equals(account.driveId())).findFirst();
        }
        return drive.flatMap(d -> Role.fromWire(d.callerRole()));
    }
}
