package org.oxisync.protocol;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** {@code GET /api/files/{id}?metadata=true} (§5.3); times are unix seconds. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public record FileMetadataDto(String id, String name, String path, long size, String mimeType, String folderId,
        long createdAt, long modifiedAt) {}
