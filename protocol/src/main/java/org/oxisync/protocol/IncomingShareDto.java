package org.oxisync.protocol;

import java.util.List;
import java.util.Optional;

/**
 * One item of {@code GET /api/grants/incoming/resources} (server {@code application/dtos/grant_dto.rs:436-451}): a
 * drive, folder or file someone gave the caller a role on. {@code permissions} is what the server sent
 * ({@code read}, {@code create}, ...); {@link #role} is derived from them the way the server labels a permission set
 * ({@code role_from_permissions}, grant_dto.rs:469-487). Exactly one of {@code drive}, {@code folder}, {@code file}
 * is present, matching {@code resourceType}. {@code name} is the server's text as sent: check it before using it as a
 * local name.
 */
public record IncomingShareDto(String resourceType, String resourceId, String name, Role role,
        List<String> permissions, String grantedAt, String grantedBy,
        Optional<DriveDto> drive, Optional<FolderDto> folder, Optional<FileDto> file) {

    public IncomingShareDto {
        permissions = List.copyOf(permissions);
    }

    /** The folder a pair on this share syncs: the folder itself, or a drive's root; empty for a single file. */
    public Optional<String> rootFolderId() {
        if (folder.isPresent()) {
            return Optional.of(folder.get().id());
        }
        return drive.map(DriveDto::rootFolderId);
    }

    /** The server's label for a permission set (grant_dto.rs:469-487). */
    public static Role roleOf(List<String> permissions) {
        boolean read = permissions.contains("read");
        boolean comment = permissions.contains("comment");
        boolean create = permissions.contains("create");
        boolean update = permissions.contains("update");
        if (permissions.contains("delete") && permissions.contains("share")) {
            return Role.OWNER;
        }
        if (create && update) {
            return Role.EDITOR;
        }
        if (read && create) {
            return Role.CONTRIBUTOR;
        }
        if (read && comment && !create) {
            return Role.COMMENTER;
        }
        return Role.VIEWER;
    }
}
