package org.oxisync.protocol;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;

/**
 * Request of {@code POST /api/files/delta/commit} (§6.2c): create mode ({@code name} + {@code folder_id}) or update
 * mode ({@code file_id}); absent fields are not sent. Use the factories.
 */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CommitDto(String fileHash, List<ChunkRefDto> chunks, String name, String folderId, String fileId) {
    public static CommitDto create(String fileHash, List<ChunkRefDto> chunks, String name, String folderId) {
        return new CommitDto(fileHash, List.copyOf(chunks), name, folderId, null);
    }

    public static CommitDto update(String fileHash, List<ChunkRefDto> chunks, String fileId) {
        return new CommitDto(fileHash, List.copyOf(chunks), null, null, fileId);
    }
}
