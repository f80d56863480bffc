package org.oxisync.protocol;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** Response of {@code POST /api/auth/device/authorize} (§3.4). The device code is a secret: redacted {@code toString}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public record DeviceAuthorizationDto(String deviceCode, String userCode, String verificationUri,
        String verificationUriComplete, long expiresIn, long interval) {
    @Override
    public String toString() {
        return "DeviceAuthorizationDto[userCode=" + userCode + ", verificationUri=" + verificationUri
                + ", expiresIn=" + expiresIn + ", interval=" + interval + ", deviceCode=<redacted>]";
    }
}
