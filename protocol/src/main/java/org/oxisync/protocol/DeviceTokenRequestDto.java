package org.oxisync.protocol;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** Request of {@code POST /api/auth/device/token} (§3.4). Redacted {@code toString}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public record DeviceTokenRequestDto(String deviceCode, String grantType) {
    public static final String GRANT_TYPE = "urn:ietf:params:oauth:grant-type:device_code";

    @Override
    public String toString() {
        return "DeviceTokenRequestDto[<redacted>]";
    }
}
