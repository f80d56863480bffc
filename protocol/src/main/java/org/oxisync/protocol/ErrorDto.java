package org.oxisync.protocol;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

import java.util.List;

/** Every error body shape the client reads (§2, §3.4, §5.3, §6.2); all fields optional. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public record ErrorDto(String status, String error, String message, String errorType, String errorDescription,
        List<String> stillMissing, List<String> notAvailable, String uploadPath) {}
