package org.oxisync.protocol;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;

/** Request of {@code POST /api/auth/login} (§3.2). {@code toString} never shows the password. */
@JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
@JsonIgnoreProperties(ignoreUnknown = true)
public record LoginDto(String username, String password) {
    @Override
    public String toString() {
        return "LoginDto[username=" + username + ", password=<redacted>]";
    }
}
