package org.oxisync.emulator.store;

import java.util.List;
import org.oxisync.emulator.http.ApiError;

/**
 * The {@link Tree}'s drives and grants: Shared drives, memberships, folder and file grants, a drive's bytes. Every
 * method holds the tree's lock, as the tree's own methods do, and marks a change through the tree.
 */
public final class TreeDrives {
    private final Tree tree;
    private final Rows rows;
    private final Sharing sharing;
    private final Accounts accounts;
    private final TrashOps trash;

    TreeDrives(Tree tree, Rows rows, Sharing sharing, Accounts accounts, TrashOps trash) {
        this.tree = tree;
        this.rows = rows;
        this.sharing = sharing;
        this.accounts = accounts;
        this.trash = trash;
    }

    /** Creates a Shared drive named {@code name} (its root folder's name); {@code creatorId} becomes its Owner. */
    public Model.Drive createSharedDrive(String name, String creatorId, Long quotaBytes) {
        synchronized (tree) {
            Model.Drive d = accounts.createSharedDrive(name, creatorId, quotaBytes);
            tree.changed();
            return d;
        }
    }

    /** Sets (adds or changes) a user's role on a drive, a folder or a file; 404 for an unknown user or resource. */
    public Model.Grant grant(String userId, String resourceType, String resourceId, DriveRole role, String grantedBy) {
        synchronized (tree) {
            Model.Grant g = accounts.grant(userId, resourceType, resourceId, role, grantedBy);
            tree.changed();
            return g;
        }
    }

    public boolean revoke(String userId, String resourceType, String resourceId) {
        synchronized (tree) {
            boolean removed = sharing.revoke(userId, resourceType, resourceId);
            tree.changed();
            return removed;
        }
    }

    public void setDriveQuota(String driveId, Long quotaBytes) {
        synchronized (tree) {
            Model.Drive d = sharing.drives.get(driveId);
            if (d == null) {
                throw ApiError.notFound("Drive", driveId);
            }
            d.quotaBytes = quotaBytes;
            d.updatedAt = tree.now();
            tree.changed();
        }
    }

    /** {@code DELETE /api/drives/{id}} (see {@link DriveOps#delete}). */
    public void deleteDrive(String userId, String driveId) {
        synchronized (tree) {
            new DriveOps(rows, sharing, trash).delete(userId, driveId);
            tree.changed();
        }
    }

    public Model.Drive drive(String driveId) {
        synchronized (tree) {
            return sharing.drives.get(driveId);
        }
    }

    public List<Model.Drive> readableDrives(String userId) {
        synchronized (tree) {
            return sharing.readableDrives(userId);
        }
    }

    /** The caller's role on a drive (its membership); null = none. */
    public DriveRole driveRole(String userId, String driveId) {
        synchronized (tree) {
            return sharing.driveRole(userId, driveId);
        }
    }

    public long driveUsage(String driveId) {
        synchronized (tree) {
            return sharing.usage(driveId);
        }
    }

    public Model.Grant grantById(String grantId) {
        synchronized (tree) {
            return sharing.grants.get(grantId);
        }
    }

    public List<Model.Grant> incomingGrants(String userId) {
        synchronized (tree) {
            return sharing.incoming(userId);
        }
    }
}
