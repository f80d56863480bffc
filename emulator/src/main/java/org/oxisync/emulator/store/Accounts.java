package org.oxisync.emulator.store;

import java.time.Clock;
import java.util.UUID;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.store.Model.Drive;
import org.oxisync.emulator.store.Model.Folder;
import org.oxisync.emulator.store.Model.Grant;
import org.oxisync.emulator.store.Model.User;

/**
 * Users, each with a root folder and a Personal drive, Shared drives and role grants: the rows an admin or the set-up
 * makes. Under the {@link Tree}'s lock; the caller marks the change.
 */
final class Accounts {
    private final Rows rows;
    private final Sharing sharing;
    private final Clock clock;

    Accounts(Rows rows, Sharing sharing, Clock clock) {
        this.rows = rows;
        this.sharing = sharing;
        this.clock = clock;
    }

    User createUser(String username, String email, String passwordHash, long quota) {
        long now = now();
        User u = new User();
        u.id = UUID.randomUUID().toString();
        u.username = username;
        u.email = email;
        u.passwordHash = passwordHash;
        u.quotaBytes = quota;
        u.driveId = UUID.randomUUID().toString();
        u.createdAt = now;
        u.updatedAt = now;
        Folder root = newRoot(Tree.ROOT_NAME, u.id, now);
        root.driveId = u.driveId;
        rows.addFolder(root);
        u.rootFolderId = root.id;
        rows.users.put(u.id, u);
        ensurePersonalDrive(u);
        return u;
    }

    /**
     * The user's Personal drive row and its Owner grant (granted by the user), as the drive lifecycle hook seeds them
     * (migrations/20260802100001_drives_backfill.sql:238-245).
     */
    void ensurePersonalDrive(User u) {
        if (!sharing.drives.containsKey(u.driveId)) {
            Drive d = new Drive();
            d.id = u.driveId;
            d.kind = "personal";
            d.defaultForUser = u.id;
            d.rootFolderId = u.rootFolderId;
            d.createdAt = u.createdAt;
            d.updatedAt = u.updatedAt;
            sharing.drives.put(d.id, d);
        }
        if (sharing.driveRole(u.id, u.driveId) == null) {
            sharing.grant(u.id, "drive", u.driveId, DriveRole.OWNER, u.id);
        }
    }

    /** A Shared drive named {@code name} (its root folder's name); {@code creatorId} becomes its Owner. */
    Drive createSharedDrive(String name, String creatorId, Long quotaBytes) {
        Folder root = newRoot(Names.validate(name), creatorId, now());
        Drive d = sharing.createDrive("shared", null, root.id, quotaBytes);
        root.driveId = d.id;
        rows.addFolder(root);
        sharing.grant(creatorId, "drive", d.id, DriveRole.OWNER, creatorId);
        return d;
    }

    /** Sets (adds or changes) a user's role on a drive, a folder or a file; 404 for an unknown user or resource. */
    Grant grant(String userId, String resourceType, String resourceId, DriveRole role, String grantedBy) {
        boolean known = switch (resourceType) {
            case "drive" -> sharing.drives.containsKey(resourceId);
            case "folder" -> rows.folders.containsKey(resourceId);
            case "file" -> rows.files.containsKey(resourceId);
            default -> false;
        };
        if (!known || !rows.users.containsKey(userId)) {
            throw ApiError.notFound(Character.toUpperCase(resourceType.charAt(0)) + resourceType.substring(1), resourceId);
        }
        return sharing.grant(userId, resourceType, resourceId, role, grantedBy);
    }

    private static Folder newRoot(String name, String ownerId, long now) {
        Folder root = new Folder();
        root.id = UUID.randomUUID().toString();
        root.name = name;
        root.ownerId = ownerId;
        root.createdAt = now;
        root.modifiedAt = now;
        root.treeModifiedAt = now;
        return root;
    }

    private long now() {
        return clock.instant().getEpochSecond();
    }
}
