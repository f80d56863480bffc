package org.oxisync.core.plan;

import java.util.Map;
import java.util.Objects;
import org.oxisync.protocol.Role;

/**
 * What a pair may do: the user's chosen {@link SyncMode} and the caller's {@link Role} on the drive, plus the writes
 * the server refused although the role allowed them ({@code refused}: path → the local content hash, or {@code "dir"},
 * that was refused; held back until that content changes). The reconciler's rights rules ({@code RightsRules}, table
 * in {@code docs/pair-rights.md}) read only the four answers below.
 */
public record PairRights(SyncMode mode, Role role, boolean keepRemoteDeletes, Map<String, String> refused) {
    /** Owner, two-way: everything, as before pairs had rights. */
    public static final PairRights FULL = new PairRights(SyncMode.TWO_WAY, Role.OWNER, false, Map.of());

    public PairRights {
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(role, "role");
        refused = Map.copyOf(refused);
    }

    /** New files and folders go to the server. */
    public boolean sendNew() {
        return mode != SyncMode.DOWNLOAD_ONLY && role.canCreate();
    }

    /** New content, renames and moves of server items go to the server. */
    public boolean sendEdit() {
        return mode != SyncMode.DOWNLOAD_ONLY && role.canUpdate();
    }

    /** Local deletes go to the server's trash. */
    public boolean sendDelete() {
        return mode != SyncMode.DOWNLOAD_ONLY && role.canDelete() && !keepsRemoteDeletes();
    }

    /** Upload-only with {@code --keep-remote-deletes}: a local delete leaves the server's copy alone. */
    public boolean keepsRemoteDeletes() {
        return mode == SyncMode.UPLOAD_ONLY && keepRemoteDeletes;
    }

    /** Remote changes are brought down (all modes but upload-only). */
    public boolean applyRemote() {
        return mode != SyncMode.UPLOAD_ONLY;
    }

    /** Whether the server refused this very content at {@code path} before (held back until it changes). */
    public boolean refusedBefore(String path, String fingerprint) {
        String f = refused.get(path);
        return f != null && f.equals(fingerprint);
    }

    public PairRights withRole(Role newRole) {
        return new PairRights(mode, newRole, keepRemoteDeletes, Map.of());
    }

    public PairRights withRefused(Map<String, String> newRefused) {
        return new PairRights(mode, role, keepRemoteDeletes, newRefused);
    }

    /** "download-only pair" or "viewer": why something is not sent, in a user's words. */
    String whyNotSent() {
        return mode == SyncMode.DOWNLOAD_ONLY ? "download-only pair" : "your role is " + role.wireName();
    }

    /**
     * What a refusal of {@code a} is remembered by ({@link #refused}): the path of the write and this fingerprint;
     * null for a step that does not write to the server.
     */
    public static String fingerprint(SyncAction a) {
        if (a instanceof SyncAction.Upload u) {
            return fileFingerprint(u.localHash(), u.size());
        } else if (a instanceof SyncAction.CreateRemoteFolder) {
            return "dir";
        } else if (a instanceof SyncAction.MoveRemote) {
            return "move";
        } else if (a instanceof SyncAction.DeleteRemote) {
            return "delete";
        }
        return null;
    }

    static String fileFingerprint(String localHash, long size) {
        return localHash != null ? localHash : "size:" + size;
    }
}
