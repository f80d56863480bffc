package org.oxisync.protocol.http;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Instant;
import java.util.Base64;
import java.util.Optional;

/** Reads the {@code exp} claim of a JWT without verifying it (the server verifies; we only plan refreshes). */
final class Jwt {
    private Jwt() {
    }

    static Optional<Instant> expiry(String token, ObjectMapper mapper) {
        try {
            String[] parts = token.split("\\.");
            if (parts.length != 3) {
                return Optional.empty();
            }
            JsonNode claims = mapper.readTree(Base64.getUrlDecoder().decode(parts[1]));
            JsonNode exp = claims == null ? null : claims.get("exp");
            return exp != null && exp.canConvertToLong() ? Optional.of(Instant.ofEpochSecond(exp.asLong())) : Optional.empty();
        } catch (Exception e) {
            return Optional.empty();
        }
    }
}
