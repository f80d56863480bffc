package org.oxisync.protocol;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** Body of {@code POST /api/auth/refresh} and {@code POST /api/auth/logout} (§3.2). Redacted {@code toString}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public record RefreshTokenDto(String refreshToken) {
    @Override
    public String toString() {
        return "RefreshTokenDto[<redacted>]";
    }
}
