package org.oxisync.protocol;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import com.fasterxml.jackson.databind.JsonNode;

/** DriveDto (§4); timestamps are RFC 3339 strings. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public record DriveDto(String id, String name, String kind, String defaultForUser, String rootFolderId,
        Long quotaBytes, Long usedBytes, JsonNode policies, String createdAt, String updatedAt, String callerRole) {

    /** {@code caller_role} as a {@link Role}; empty when the server left it out or sent an unknown name. */
    public java.util.Optional<Role> role() {
        return Role.fromWire(callerRole);
    }

    /** True for the caller's own default (Personal) drive. */
    public boolean isPersonal() {
        return "personal".equals(kind);
    }

    /** Bytes left under the drive's quota; empty when the drive has none. */
    public java.util.OptionalLong freeBytes() {
        if (quotaBytes == null) {
            return java.util.OptionalLong.empty();
        }
        return java.util.OptionalLong.of(Math.max(0, quotaBytes - (usedBytes == null ? 0 : usedBytes)));
    }
}
