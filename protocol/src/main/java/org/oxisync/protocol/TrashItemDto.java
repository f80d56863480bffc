package org.oxisync.protocol;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** One row of {@code GET /api/trash/resources} (§5.4); times are RFC 3339 strings, sizes bytes. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public record TrashItemDto(String id, String resourceType, String resourceId, String name, String parentId,
        String mimeType, Long size, String modifiedAt, String trashedAt, String driveId, String blobHash) {}
