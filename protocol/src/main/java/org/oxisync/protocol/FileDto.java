package org.oxisync.protocol;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/**
 * FileDto (§5.2): times are unix seconds; {@code content_hash} is the whole-file BLAKE3; {@code etag} is unquoted.
 * Names returned by the client have been checked to be a single safe path segment ({@link Names}).
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public record FileDto(String id, String name, String path, long size, String mimeType, String folderId,
        long createdAt, long modifiedAt, String contentHash, String etag, String iconClass, String iconSpecialClass,
        String category, String sizeFormatted, Long sortDate, String createdBy, String updatedBy,
        boolean isFavorite, boolean isShared) implements Resource {}
