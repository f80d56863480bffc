package org.oxisync.emulator.store;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The emulator's persistent rows: plain mutable holders, serialized by Jackson into the metadata
 * snapshot, and only touched while holding the lock of {@link Tree}. Times are unix seconds.
 */
public final class Model {
    private Model() {}

    public static final class User {
        public String id;
        public String username;
        public String email;
        public String passwordHash;
        public String role = "user";
        public long quotaBytes;
        public String driveId;
        public String rootFolderId;
        public long createdAt;
        public long updatedAt;
        public Long lastLoginAt;
        public boolean active = true;
    }

    public static final class Folder {
        public String id;
        public String name;
        public String parentId;
        public String driveId;
        public String ownerId;
        /** Who changed it last (the DTO's {@code updated_by}); null = its creator, {@link #ownerId}. */
        @JsonInclude(JsonInclude.Include.NON_NULL)
        public String updatedBy;
        public long createdAt;
        public long modifiedAt;
        public long treeModifiedAt;
        public boolean trashed;
        public Long trashedAt;
    }

    public static final class FileRow {
        public String id;
        public String name;
        public String folderId;
        public String driveId;
        public String ownerId;
        /** Who changed it last (the DTO's {@code updated_by}); null = its creator, {@link #ownerId}. */
        @JsonInclude(JsonInclude.Include.NON_NULL)
        public String updatedBy;
        public String mimeType;
        public String hash;
        public long size;
        public long createdAt;
        public long modifiedAt;
        public boolean trashed;
        public Long trashedAt;
    }

    /** One chunk of a manifest: its BLAKE3 and size, as on the wire ({@code {"h","s"}}). */
    public record ChunkRef(String h, long s) {}

    public static final class Manifest {
        public long size;
        public List<ChunkRef> chunks = new ArrayList<>();
        /**
         * How many file rows (trashed ones included) have this content, kept by {@link Contents} while the manifest is
         * registered; not persisted (counted again at load).
         */
        @JsonIgnore
        int rows;

        /** The file rows (trashed ones included) that have this content: the server's blob {@code ref_count}. */
        public int rowCount() {
            return rows;
        }
    }

    public static final class Session {
        public String token;
        public String userId;
        public String familyId;
        public long createdAt;
        public long expiresAt;
        public boolean revoked;
        public String clientName;
    }

    public static final class AppPassword {
        public String id;
        public String userId;
        public String label;
        public String passwordHash;
        public String prefix;
        public String scopes;
        public long createdAt;
        public Long lastUsedAt;
        public Long expiresAt;
        public boolean active = true;
    }

    public static final class DeviceCode {
        public String deviceCode;
        public String userCode;
        public String clientName;
        public String scope;
        public long createdAt;
        public long expiresAt;
        public int interval;
        public Long lastPollMillis;
        /** pending, approved, denied, consumed. */
        public String status = "pending";
        public String userId;
        public String accessToken;
        public String refreshToken;
    }

    /**
     * A drive (server {@code storage.drives}): {@code personal} (one per user, made with the user) or {@code shared}.
     * Its name is its root folder's name (drive_dto.rs:39-44). {@code quotaBytes} null = no drive quota; a personal
     * drive's cap is its user's quota instead.
     */
    public static final class Drive {
        public String id;
        public String kind;
        public String defaultForUser;
        public String rootFolderId;
        public Long quotaBytes;
        public long createdAt;
        public long updatedAt;
    }

    /**
     * One {@code storage.role_grants} row: a user's role on a drive, folder or file. Drive membership is a grant on
     * the drive (drive_pg_repository.rs:204-231); a folder grant cascades to everything below it.
     */
    public static final class Grant {
        public String id;
        public String userId;
        /** drive, folder or file. */
        public String resourceType;
        public String resourceId;
        /** viewer, commenter, contributor, editor or owner. */
        public String role;
        public String grantedBy;
        public long grantedAt;
    }

    /** Everything written to {@code metadata.json}. */
    public static final class Snapshot {
        public int version = 1;
        public String jwtSecret;
        public List<User> users = new ArrayList<>();
        public List<Folder> folders = new ArrayList<>();
        public List<FileRow> files = new ArrayList<>();
        public Map<String, Manifest> manifests = new LinkedHashMap<>();
        public Map<String, Long> looseChunks = new LinkedHashMap<>();
        public List<Session> sessions = new ArrayList<>();
        public List<AppPassword> appPasswords = new ArrayList<>();
        public List<DeviceCode> deviceCodes = new ArrayList<>();
        public List<Drive> drives = new ArrayList<>();
        public List<Grant> grants = new ArrayList<>();
    }
}
