package org.oxisync.emulator.store;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.store.Model.Drive;
import org.oxisync.emulator.store.Model.FileRow;
import org.oxisync.emulator.store.Model.Folder;
import org.oxisync.emulator.store.Model.Grant;

/**
 * Drives, role grants and the access decision of the server's ACL engine, kept under the {@link Tree}'s lock (every
 * caller holds it). Server behaviour copied (paths under {@code src/} of OxiCloud 0.8.7):
 * <ul>
 *   <li>a role on the item's drive is the floor; otherwise a grant on the item or any ancestor folder cascades
 *       ({@code infrastructure/services/pg_acl_engine.rs:1531-1577});</li>
 *   <li>{@code require}: allowed → ok; refused but readable → 403 {@code "Missing 'P' permission on Kind id"};
 *       not readable → 404, so a stranger cannot probe ids ({@code application/ports/authorization_ports.rs:154-239});</li>
 *   <li>the 403 goes through {@code AppError::from(DomainError)}: error_type {@code "Access Denied"}
 *       ({@code interfaces/errors.rs:119-141}, {@code domain/errors.rs:53-66}).</li>
 * </ul>
 */
final class Sharing {
    private final Rows rows;
    private final java.time.Clock clock;
    final Map<String, Drive> drives = new LinkedHashMap<>();
    final Map<String, Grant> grants = new LinkedHashMap<>();
    /** Bytes of every file row (trashed ones too, until purged) per drive. */
    private final Map<String, Long> driveUsage = new HashMap<>();

    Sharing(Rows rows, java.time.Clock clock) {
        this.rows = rows;
        this.clock = clock;
    }

    // ------------------------------------------------------------------ usage

    void addUsage(String driveId, long delta) {
        if (driveId != null) {
            driveUsage.merge(driveId, delta, Long::sum);
        }
    }

    long usage(String driveId) {
        return driveUsage.getOrDefault(driveId, 0L);
    }

    /**
     * A user's own usage: the bytes of their Personal drive. Files in Shared drives are billed to the drive only
     * (storage_usage_service.rs:88-120 sums Personal drives; file_upload_service.rs:385-392 adds an upload to the
     * user only when its drive is Personal, storage_usage_service.rs:208-240).
     */
    long userUsage(String userId) {
        Model.User u = rows.users.get(userId);
        return u == null ? 0 : usage(u.driveId);
    }

    /**
     * The user's envelope, checked before every create, in a Shared drive too (the upload gate reads the user's
     * counters beside the drive's, storage_usage_service.rs:492-522): the quota against the Personal drive's bytes,
     * with the server's two messages (eval_user_envelope, :412-440; sizes as format_bytes, :827-841). Zero = none.
     */
    void checkUserQuota(String userId, long extra) {
        Model.User u = rows.users.get(userId);
        if (u == null || u.quotaBytes <= 0) {
            return;
        }
        long used = userUsage(userId);
        if (extra > u.quotaBytes) {
            throw ApiError.rest(507, "Quota Exceeded", "File size (" + formatBytes(extra)
                    + ") exceeds your total storage quota (" + formatBytes(u.quotaBytes) + ")");
        }
        if (used + extra > u.quotaBytes) {
            throw ApiError.rest(507, "Quota Exceeded", "Not enough storage space. File size: " + formatBytes(extra)
                    + ", available: " + formatBytes(Math.max(0, u.quotaBytes - used)));
        }
    }

    /** storage_usage_service.rs:827-841. */
    static String formatBytes(long bytes) {
        long kb = 1024;
        long mb = kb * 1024;
        long gb = mb * 1024;
        if (bytes >= gb) {
            return String.format(Locale.ROOT, "%.2f GB", (double) bytes / gb);
        } else if (bytes >= mb) {
            return String.format(Locale.ROOT, "%.2f MB", (double) bytes / mb);
        } else if (bytes >= kb) {
            return String.format(Locale.ROOT, "%.2f KB", (double) bytes / kb);
        }
        return bytes + " B";
    }

    /**
     * The per-drive cap, checked on creates only (delta commit create, uploads, copies): 507 "Drive quota exceeded:
     * used + add > quota bytes" (application/services/storage_usage_service.rs:533-569,
     * delta_upload_service.rs:334-347). A personal drive's cap is its user's quota, checked by the caller.
     */
    void checkDriveQuota(String driveId, long extra) {
        Drive d = drives.get(driveId);
        if (d == null || d.quotaBytes == null || !"shared".equals(d.kind)) {
            return;
        }
        long used = usage(driveId);
        if (used + extra > d.quotaBytes) {
            throw ApiError.rest(507, "Quota Exceeded",
                    "Drive quota exceeded: " + used + " + " + extra + " > " + d.quotaBytes + " bytes");
        }
    }

    // ------------------------------------------------------------------ drives and grants

    Drive createDrive(String kind, String defaultForUser, String rootFolderId, Long quota) {
        Drive d = new Drive();
        d.id = UUID.randomUUID().toString();
        d.kind = kind;
        d.defaultForUser = defaultForUser;
        d.rootFolderId = rootFolderId;
        d.quotaBytes = quota;
        d.createdAt = clock.instant().getEpochSecond();
        d.updatedAt = d.createdAt;
        drives.put(d.id, d);
        return d;
    }

    /** Adds or replaces the user's grant on a resource (one row per subject and resource, as role_grants' key). */
    Grant grant(String userId, String resourceType, String resourceId, DriveRole role, String grantedBy) {
        for (Grant g : grants.values()) {
            if (g.userId.equals(userId) && g.resourceType.equals(resourceType) && g.resourceId.equals(resourceId)) {
                g.role = role.wire();
                return g;
            }
        }
        Grant g = new Grant();
        g.id = UUID.randomUUID().toString();
        g.userId = userId;
        g.resourceType = resourceType;
        g.resourceId = resourceId;
        g.role = role.wire();
        g.grantedBy = grantedBy;
        g.grantedAt = clock.instant().getEpochSecond();
        grants.put(g.id, g);
        return g;
    }

    boolean revoke(String userId, String resourceType, String resourceId) {
        return grants.values().removeIf(g -> g.userId.equals(userId) && g.resourceType.equals(resourceType)
                && g.resourceId.equals(resourceId));
    }

    /** Direct grants of the user, strongest role first, then newest (pg_acl_engine.rs:1746-1787). */
    List<Grant> incoming(String userId) {
        List<Grant> out = new ArrayList<>();
        for (Grant g : grants.values()) {
            if (g.userId.equals(userId)) {
                out.add(g);
            }
        }
        out.sort(Comparator.comparing((Grant g) -> -DriveRole.parse(g.role).ordinal())
                .thenComparing(g -> -g.grantedAt));
        return out;
    }

    /** Drives the user holds a role on: default drives first, then by lower-cased name (drive_pg_repository.rs:204-231). */
    List<Drive> readableDrives(String userId) {
        List<Drive> out = new ArrayList<>();
        for (Drive d : drives.values()) {
            if (driveRole(userId, d.id) != null) {
                out.add(d);
            }
        }
        out.sort(Comparator.comparing((Drive d) -> d.defaultForUser == null)
                .thenComparing(d -> rows.folders.get(d.rootFolderId).name.toLowerCase(Locale.ROOT)));
        return out;
    }

    // ------------------------------------------------------------------ decisions

    DriveRole driveRole(String userId, String driveId) {
        DriveRole best = null;
        for (Grant g : grants.values()) {
            if ("drive".equals(g.resourceType) && g.resourceId.equals(driveId) && g.userId.equals(userId)) {
                best = DriveRole.stronger(best, DriveRole.parse(g.role));
            }
        }
        return best;
    }

    private DriveRole grantOn(String userId, String type, String id) {
        DriveRole best = null;
        for (Grant g : grants.values()) {
            if (g.resourceType.equals(type) && g.resourceId.equals(id) && g.userId.equals(userId)) {
                best = DriveRole.stronger(best, DriveRole.parse(g.role));
            }
        }
        return best;
    }

    /** The caller's strongest role on a folder: the drive role, or a grant on it or an ancestor; null = none. */
    DriveRole role(String userId, Folder f) {
        DriveRole best = driveRole(userId, f.driveId);
        for (Folder x = f; x != null; x = x.parentId == null ? null : rows.folders.get(x.parentId)) {
            best = DriveRole.stronger(best, grantOn(userId, "folder", x.id));
        }
        return best;
    }

    DriveRole role(String userId, FileRow f) {
        DriveRole best = DriveRole.stronger(grantOn(userId, "file", f.id), role(userId, rows.folders.get(f.folderId)));
        return DriveRole.stronger(best, driveRole(userId, f.driveId));
    }

    void require(String userId, String permission, Folder f) {
        decide(role(userId, f), permission, "Folder", f.id);
    }

    void require(String userId, String permission, FileRow f) {
        decide(role(userId, f), permission, "File", f.id);
    }

    private static void decide(DriveRole role, String permission, String kind, String id) {
        if (role != null && role.allows(permission)) {
            return;
        }
        if (role == null) {
            throw ApiError.notFound(kind, id);
        }
        throw ApiError.rest(403, "Access Denied", "Missing '" + permission + "' permission on " + kind + " " + id);
    }

    // ------------------------------------------------------------------ persistence

    void load(Model.Snapshot s) {
        s.drives.forEach(d -> drives.put(d.id, d));
        s.grants.forEach(g -> grants.put(g.id, g));
    }

    void save(Model.Snapshot s) {
        s.drives.addAll(drives.values());
        s.grants.addAll(grants.values());
    }
}
