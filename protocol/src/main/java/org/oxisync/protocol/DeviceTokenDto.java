package org.oxisync.protocol;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** Success of {@code POST /api/auth/device/token}; quirk: {@code expires_in} is the refresh lifetime (§3.4). Redacted {@code toString}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public record DeviceTokenDto(String accessToken, String tokenType, String refreshToken, Long expiresIn, String scope) {
    @Override
    public String toString() {
        return "DeviceTokenDto[tokens=<redacted>, expiresIn=" + expiresIn + ", scope=" + scope + "]";
    }
}
