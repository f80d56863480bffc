package org.oxisync.protocol;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** UserDto (§3.2); timestamps are RFC 3339 strings. {@code /me} adds the last two fields. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public record UserDto(String id, String username, String email, String role, Long storageQuotaBytes,
        Long storageUsedBytes, String createdAt, String updatedAt, String lastLoginAt, Boolean active,
        String federationKind, Boolean forcePasswordChange, Boolean isDpopBound) {}
