package org.oxisync.protocol;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.util.List;

/** Response of {@code POST /api/batch/files/move}: the moved files, the failed ids, statistics. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public record BatchFilesDto(List<FileDto> successful, List<BatchFailureDto> failed, BatchStatsDto stats) {}
