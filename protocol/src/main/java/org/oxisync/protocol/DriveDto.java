package org.oxisync.protocol;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import com.fasterxml.jackson.databind.JsonNode;

/** DriveDto (§4); timestamps are RFC 3339 strings. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public record DriveDto(String id, String name, String kind, String defaultForUser, String rootFolderId,
        Long quotaBytes, Long usedBytes, JsonNode policies, String createdAt, String updatedAt, String callerRole) {}
