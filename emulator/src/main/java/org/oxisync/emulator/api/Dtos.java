package org.oxisync.emulator.api;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.oxisync.emulator.store.Model;
import org.oxisync.emulator.store.Tree;

/** JSON shapes of the server's DTOs (reference §5.2, §4, §3.2), built under the tree lock. */
final class Dtos {
    private Dtos() {}

    static String rfc3339(long epochSeconds) {
        return Instant.ofEpochSecond(epochSeconds).toString();
    }

    static String fileEtag(Model.FileRow f) {
        return f.hash.substring(0, 16) + "-" + f.modifiedAt;
    }

    static String folderEtag(Model.Folder f) {
        return f.id.substring(0, 16) + "-" + f.treeModifiedAt;
    }

    static Map<String, Object> file(Tree tree, Model.FileRow f, boolean listing) {
        synchronized (tree) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", f.id);
            m.put("name", f.name);
            m.put("path", listing ? "" : tree.filePath(f));
            m.put("size", f.size);
            m.put("mime_type", f.mimeType);
            m.put("folder_id", f.folderId);
            m.put("created_at", f.createdAt);
            m.put("modified_at", f.modifiedAt);
            m.put("content_hash", f.hash);
            m.put("etag", fileEtag(f));
            FileDisplay.Classes display = FileDisplay.of(f.name, f.mimeType); // file_dto.rs:129-133
            m.put("icon_class", display.iconClass());
            m.put("icon_special_class", display.iconSpecialClass());
            m.put("category", display.category());
            m.put("size_formatted", FileDisplay.formatSize(f.size));
            m.put("created_by", f.ownerId);
            m.put("updated_by", f.updatedBy != null ? f.updatedBy : f.ownerId);
            m.put("is_favorite", false);
            m.put("is_shared", false);
            return m;
        }
    }

    static Map<String, Object> folder(Tree tree, Model.Folder f, boolean listing) {
        synchronized (tree) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", f.id);
            m.put("name", f.name);
            m.put("path", listing ? "" : tree.folderPath(f));
            m.put("parent_id", f.parentId);
            m.put("drive_id", f.driveId);
            m.put("created_at", f.createdAt);
            m.put("modified_at", f.modifiedAt);
            m.put("is_root", !listing && f.parentId == null);
            // Listing quirk (reference §5.1): a child folder's etag in /resources is its id.
            m.put("etag", listing ? f.id : folderEtag(f));
            m.put("icon_class", "fas fa-folder"); // folder_dto.rs:135-136
            m.put("icon_special_class", "folder-icon");
            m.put("category", "Folder");
            m.put("created_by", f.ownerId);
            m.put("updated_by", f.updatedBy != null ? f.updatedBy : f.ownerId);
            m.put("is_favorite", false);
            m.put("is_shared", false);
            return m;
        }
    }

    static Map<String, Object> user(Tree tree, Model.User u) {
        synchronized (tree) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", u.id);
            m.put("username", u.username);
            m.put("email", u.email);
            m.put("role", u.role);
            m.put("storage_quota_bytes", u.quotaBytes);
            m.put("storage_used_bytes", tree.usage(u.id));
            m.put("created_at", rfc3339(u.createdAt));
            m.put("updated_at", rfc3339(u.updatedAt));
            m.put("last_login_at", u.lastLoginAt == null ? null : rfc3339(u.lastLoginAt));
            m.put("active", u.active);
            m.put("federation_kind", null);
            return m;
        }
    }

    /**
     * DriveDto (application/dtos/drive_dto.rs:36-86): {@code default_for_user}, {@code quota_bytes} and
     * {@code caller_role} are omitted when absent. A Personal drive's cap is its user's quota (0 = none here).
     */
    static Map<String, Object> drive(Tree tree, Model.Drive d, String callerRole) {
        synchronized (tree) {
            Model.Folder root = tree.folderRow(d.rootFolderId);
            // a Personal drive's quota_bytes is always NULL (migrations/20260916000000_null_personal_drive_quota.sql),
            // so the field is left out; the user's envelope is in /api/auth/me
            Long quota = "personal".equals(d.kind) ? null : d.quotaBytes;
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("id", d.id);
            m.put("name", root.name);
            m.put("kind", d.kind);
            if (d.defaultForUser != null) {
                m.put("default_for_user", d.defaultForUser);
            }
            m.put("root_folder_id", root.id);
            if (quota != null) {
                m.put("quota_bytes", quota);
            }
            m.put("used_bytes", tree.drives().driveUsage(d.id));
            m.put("policies", Map.of());
            m.put("created_at", rfc3339(d.createdAt));
            m.put("updated_at", rfc3339(d.updatedAt));
            if (callerRole != null) {
                m.put("caller_role", callerRole);
            }
            return m;
        }
    }

    /** GrantDto (application/dtos/grant_dto.rs:255-269). */
    static Map<String, Object> grant(Model.Grant g) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("id", g.id);
        m.put("subject", Map.of("type", "user", "id", g.userId));
        m.put("resource", Map.of("type", g.resourceType, "id", g.resourceId));
        m.put("role", g.role);
        m.put("granted_by", g.grantedBy);
        m.put("granted_at", rfc3339(g.grantedAt));
        return m;
    }
}
