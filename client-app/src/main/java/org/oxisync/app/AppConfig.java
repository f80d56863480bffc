package org.oxisync.app;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;

/**
 * The small client configuration shared by the CLI and the UI: which account is active, its server URL and an
 * optional pinned certificate fingerprint. Never secrets (those live in the credential store). Saved atomically.
 *
 * @param server base URL of the OxiCloud server, null before the first login
 * @param user the account's user name
 * @param pinnedSha256 the accepted fingerprint of a self-signed server certificate, or null
 */
public record AppConfig(String server, String user, String pinnedSha256) {
    public static final AppConfig EMPTY = new AppConfig(null, null, null);

    public boolean hasAccount() {
        return server != null && user != null;
    }

    /** The key under which the account's store and credentials are kept: {@code user@host_port}, file-name safe. */
    public String accountKey() {
        if (!hasAccount()) {
            throw new IllegalStateException("no account: log in first with `oxisync login SERVER_URL`");
        }
        return accountKey(server, user);
    }

    public static String accountKey(String server, String user) {
        String host = java.net.URI.create(server).getHost();
        int port = java.net.URI.create(server).getPort();
        String raw = user + "@" + (host == null ? "server" : host) + (port > 0 ? "_" + port : "");
        String safe = raw.replaceAll("[^A-Za-z0-9._-]", "_");
        return safe.length() > 64 ? safe.substring(0, 64) : safe;
    }

    public static AppConfig load(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            return EMPTY;
        }
        Properties p = new Properties();
        try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(r);
        }
        return new AppConfig(p.getProperty("server"), p.getProperty("user"), p.getProperty("pinned-sha256"));
    }

    public void save(Path file) throws IOException {
        Properties p = new Properties();
        Optional.ofNullable(server).ifPresent(v -> p.setProperty("server", v));
        Optional.ofNullable(user).ifPresent(v -> p.setProperty("user", v));
        Optional.ofNullable(pinnedSha256).ifPresent(v -> p.setProperty("pinned-sha256", v));
        org.oxisync.store.io.DurableFiles.replace(file, out -> {
            Writer w = new java.io.OutputStreamWriter(out, StandardCharsets.UTF_8);
            p.store(w, "OxiSync configuration (no secrets here)");
            w.flush();
        });
    }
}
