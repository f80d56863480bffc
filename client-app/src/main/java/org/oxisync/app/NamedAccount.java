package org.oxisync.app;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One account of the install: the name the user calls it by ({@code --account NAME}; default {@code user@host})
 * and where it logs in. Its store, credentials and delta budget are kept under its {@link #key()}, which follows
 * from the server and the user alone, so renaming an account moves nothing and logging in again to the same server
 * as the same user finds the same pairs.
 */
public record NamedAccount(String name, AppConfig config) {
    private static final Pattern NAME = Pattern.compile("[\\p{L}\\p{N}][\\p{L}\\p{N}._@:+-]{0,63}");

    public NamedAccount {
        Objects.requireNonNull(config, "config");
        if (!validName(name)) {
            throw new IllegalArgumentException(problem(name));
        }
        if (!config.hasAccount()) {
            throw new IllegalArgumentException("an account needs a server and a user");
        }
    }

    /** Letters, digits and {@code . _ @ : + -}, 1-64 of them, starting with a letter or digit (no spaces). */
    public static boolean validName(String name) {
        return name != null && NAME.matcher(name).matches();
    }

    public static String problem(String name) {
        return "'" + name + "' is not a usable account name: 1-64 letters, digits or . _ @ : + -, starting with a"
                + " letter or digit";
    }

    /** The default name: {@code user@host}, as the user knows the server (no scheme, no port). */
    public static String defaultName(String server, String user) {
        String host = java.net.URI.create(server).getHost();
        String raw = user + "@" + (host == null ? "server" : host);
        String safe = raw.replaceAll("[^\\p{L}\\p{N}._@:+-]", "_");
        return safe.length() > 64 ? safe.substring(0, 64) : safe;
    }

    /** The key of the account's store folder and credentials ({@link AppConfig#accountKey()}). */
    public String key() {
        return config.accountKey();
    }

    public String server() {
        return config.server();
    }

    public String user() {
        return config.user();
    }
}
