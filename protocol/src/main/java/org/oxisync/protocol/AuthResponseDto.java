package org.oxisync.protocol;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** Response of login and refresh (§3.2): {@code expires_in} is the access lifetime in seconds. Redacted {@code toString}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public record AuthResponseDto(UserDto user, String accessToken, String refreshToken, String tokenType,
        Long expiresIn, Boolean forcePasswordChange) {
    @Override
    public String toString() {
        return "AuthResponseDto[user=" + user + ", tokens=<redacted>, expiresIn=" + expiresIn + "]";
    }
}
