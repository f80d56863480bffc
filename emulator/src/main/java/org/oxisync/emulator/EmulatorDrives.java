package org.oxisync.emulator;

import org.oxisync.emulator.api.Content;
import org.oxisync.emulator.store.DriveRole;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Tree;

/**
 * Test and demo set-up of drives, members and shares ({@code emu.drives()}), the way an OxiCloud admin and users
 * would make them (admin {@code POST /api/drives}, {@code POST /api/drives/{id}/members}, {@code POST /api/grants},
 * {@code PATCH /api/drives/{id}/quota}; server {@code interfaces/api/routes.rs:340-357, 462-490}). Test-only, like
 * {@link OxiCloudEmulator#createAppPassword}: these calls skip the HTTP routes and their admin checks. Roles are the
 * server's wire names: {@code viewer}, {@code commenter}, {@code contributor}, {@code editor}, {@code owner}.
 */
public final class EmulatorDrives {
    private final Tree tree;
    private final Content content;

    EmulatorDrives(Tree tree, Content content) {
        this.tree = tree;
        this.content = content;
    }

    /** Creates a Shared drive (its root folder is named {@code name}); {@code owner} becomes its Owner. Returns its id. */
    public String createShared(String name, String owner, Long quotaBytes) {
        return tree.drives().createSharedDrive(name, userId(owner), quotaBytes).id;
    }

    /** Makes the user an OxiCloud admin (role {@code admin} in the users table and in new tokens). */
    public void makeAdmin(String username) {
        synchronized (tree) {
            tree.user(userId(username)).role = "admin";
            tree.changed();
        }
    }

    /** Gives {@code username} {@code role} on the drive (adds the member or changes the role). */
    public void setMember(String driveId, String username, String role) {
        tree.drives().grant(userId(username), "drive", driveId, role(role), granterOf(driveId));
    }

    /** Removes the user's membership of the drive. */
    public void removeMember(String driveId, String username) {
        tree.drives().revoke(userId(username), "drive", driveId);
    }

    /** Shares a folder with {@code username} in {@code role}, granted by {@code grantedBy}. */
    public void shareFolder(String folderId, String username, String role, String grantedBy) {
        tree.drives().grant(userId(username), "folder", folderId, role(role), userId(grantedBy));
    }

    /** Shares a single file with {@code username} in {@code role}. */
    public void shareFile(String fileId, String username, String role, String grantedBy) {
        tree.drives().grant(userId(username), "file", fileId, role(role), userId(grantedBy));
    }

    /** Sets a Shared drive's cap in bytes ({@code null} = none), as the admin-only quota route does. */
    public void setQuota(String driveId, Long quotaBytes) {
        tree.drives().setDriveQuota(driveId, quotaBytes);
    }

    public String rootFolderId(String driveId) {
        return drive(driveId).rootFolderId;
    }

    public long usedBytes(String driveId) {
        return tree.drives().driveUsage(driveId);
    }

    /** The id of the Shared drive whose root folder is named {@code name}, if there is one. */
    public java.util.Optional<String> findShared(String name) {
        synchronized (tree) {
            for (Model.User u : tree.allUsers()) {
                for (Model.Drive d : tree.drives().readableDrives(u.id)) {
                    if ("shared".equals(d.kind) && tree.folderRow(d.rootFolderId).name.equals(name)) {
                        return java.util.Optional.of(d.id);
                    }
                }
            }
        }
        return java.util.Optional.empty();
    }

    /** Operations in the drive as {@code username}'s other device, by path from the drive's root. */
    public RemoteClient remote(String username, String driveId) {
        return new RemoteClient(tree, content, userId(username), rootFolderId(driveId));
    }

    private Model.Drive drive(String driveId) {
        Model.Drive d = tree.drives().drive(driveId);
        if (d == null) {
            throw new IllegalArgumentException("no drive " + driveId);
        }
        return d;
    }

    private String granterOf(String driveId) {
        synchronized (tree) {
            Model.Folder root = tree.folderRow(drive(driveId).rootFolderId);
            return root.ownerId;
        }
    }

    private static DriveRole role(String wire) {
        for (DriveRole r : DriveRole.values()) {
            if (r.wire().equals(wire)) {
                return r;
            }
        }
        throw new IllegalArgumentException("unknown role " + wire + " (viewer, commenter, contributor, editor, owner)");
    }

    private String userId(String username) {
        Model.User u = tree.userByName(username);
        if (u == null) {
            throw new IllegalArgumentException("no user " + username);
        }
        return u.id;
    }
}
