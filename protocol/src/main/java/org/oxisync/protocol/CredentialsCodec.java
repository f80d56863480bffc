package org.oxisync.protocol;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.time.Instant;
import java.util.Optional;

/** The stored form of {@link Credentials}: a small JSON object. Unreadable input yields empty, never an exception text. */
public final class CredentialsCodec {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private CredentialsCodec() {
    }

    public static byte[] encode(Credentials c) {
        ObjectNode n = MAPPER.createObjectNode();
        if (c instanceof Credentials.TokenPair p) {
            n.put("type", "tokens").put("access_token", p.accessToken()).put("refresh_token", p.refreshToken())
                    .put("access_expires_at", p.accessExpiresAt().getEpochSecond());
        } else if (c instanceof Credentials.AppPassword a) {
            n.put("type", "app_password").put("username", a.username()).put("password", a.password());
        }
        try {
            return MAPPER.writeValueAsBytes(n);
        } catch (IOException e) {
            throw new IllegalStateException("cannot encode credentials");
        }
    }

    public static Optional<Credentials> decode(byte[] bytes) {
        try {
            JsonNode n = MAPPER.readTree(bytes);
            if (n == null) {
                return Optional.empty();
            }
            return switch (n.path("type").asText()) {
                case "tokens" -> Optional.of(new Credentials.TokenPair(n.get("access_token").asText(),
                        n.get("refresh_token").asText(), Instant.ofEpochSecond(n.get("access_expires_at").asLong())));
                case "app_password" -> Optional.of(new Credentials.AppPassword(n.get("username").asText(),
                        n.get("password").asText()));
                default -> Optional.empty();
            };
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
