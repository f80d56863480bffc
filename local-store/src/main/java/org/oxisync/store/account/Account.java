package org.oxisync.store.account;

import java.net.URI;
import java.util.Objects;

/**
 * The account this database belongs to. Never holds a secret: a server URL with user info
 * ({@code https://user:pass@host}) is rejected, and tokens live in the OS keyring, not here.
 */
public record Account(String serverUrl, String user, String driveId, String rootFolderId) {
    public Account {
        Objects.requireNonNull(serverUrl, "serverUrl");
        Objects.requireNonNull(user, "user");
        URI uri;
        try {
            uri = URI.create(serverUrl);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("not a valid server URL");
        }
        if (uri.getScheme() == null || uri.getHost() == null) {
            throw new IllegalArgumentException("the server URL needs a scheme and a host");
        }
        if (uri.getRawUserInfo() != null) {
            throw new IllegalArgumentException("the server URL must not contain credentials");
        }
    }
}
