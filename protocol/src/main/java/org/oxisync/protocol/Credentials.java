package org.oxisync.protocol;

import java.time.Instant;
import java.util.Objects;

/** What the client authenticates with. {@code toString} never shows a secret. */
public sealed interface Credentials {

    /**
     * A rotated access/refresh pair (§3.3). {@code accessExpiresAt} comes from the JWT {@code exp} claim or the
     * response's {@code expires_in}.
     */
    record TokenPair(String accessToken, String refreshToken, Instant accessExpiresAt) implements Credentials {
        public TokenPair {
            Objects.requireNonNull(accessToken, "accessToken");
            Objects.requireNonNull(refreshToken, "refreshToken");
            Objects.requireNonNull(accessExpiresAt, "accessExpiresAt");
        }

        @Override
        public String toString() {
            return "TokenPair[accessExpiresAt=" + accessExpiresAt + ", secrets=<redacted>]";
        }
    }

    /** An app password used as HTTP Basic on every call (§3.5); it does not expire by itself. */
    record AppPassword(String username, String password) implements Credentials {
        public AppPassword {
            Objects.requireNonNull(username, "username");
            Objects.requireNonNull(password, "password");
        }

        @Override
        public String toString() {
            return "AppPassword[username=" + username + ", password=<redacted>]";
        }
    }
}
