package org.oxisync.protocol;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** Response of {@code POST /api/auth/app-passwords} (§3.5); the password is shown once. Redacted {@code toString}. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public record AppPasswordDto(String id, String label, String password, String username, String scopes, String expiresAt) {
    @Override
    public String toString() {
        return "AppPasswordDto[id=" + id + ", label=" + label + ", username=" + username + ", password=<redacted>]";
    }
}
