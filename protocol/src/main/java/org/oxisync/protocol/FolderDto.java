package org.oxisync.protocol;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * FolderDto (§5.2): times are unix seconds. {@code etag} is the recursive tree ETag from {@code GET /api/folders/{id}}
 * and the batch get, but only the folder id in {@code /resources} listings (§5.1 listing quirk).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public record FolderDto(String id, String name, String path, String parentId, String driveId, long createdAt,
        long modifiedAt, boolean isRoot, String etag, String iconClass, String iconSpecialClass, String createdBy,
        String updatedBy, boolean isFavorite, boolean isShared) implements Resource {}
