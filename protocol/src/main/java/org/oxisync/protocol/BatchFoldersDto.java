package org.oxisync.protocol;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/** Response of {@code POST /api/batch/folders/get} (§5.1); folders carry tree ETags. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public record BatchFoldersDto(List<FolderDto> successful, List<BatchFailureDto> failed, BatchStatsDto stats) {}
