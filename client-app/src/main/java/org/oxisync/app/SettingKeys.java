package org.oxisync.app;

import java.net.InetSocketAddress;
import java.net.Proxy;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.oxisync.store.versions.RetentionPolicy;

/**
 * The account settings (the store's settings table) that the composition root applies: bandwidth limits, the
 * proxy and version retention. The desktop app writes them; the CLI and the daemon read them at start.
 */
public final class SettingKeys {
    public static final String UP = "bandwidth.up-kib";
    public static final String DOWN = "bandwidth.down-kib";
    public static final String PROXY = "network.proxy";
    public static final String RETENTION_DAYS = "versions.max-age-days";
    public static final String RETENTION_GIB = "versions.max-total-gib";

    private SettingKeys() {}

    /** A limit in KiB/s as bytes/s; absent, malformed or negative means unlimited (0). */
    static long kibPerSecond(Map<String, String> settings, String key) {
        try {
            long kib = Long.parseLong(settings.getOrDefault(key, "0").trim());
            return kib <= 0 ? 0 : kib * 1024;
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** {@code none} → no proxy; {@code host:port} → an HTTP proxy; anything else → the JVM's default selector. */
    static Optional<Proxy> parseProxy(String value) {
        String v = value.trim();
        if (v.equalsIgnoreCase("none")) {
            return Optional.of(Proxy.NO_PROXY);
        }
        int colon = v.lastIndexOf(':');
        if (colon > 0 && colon < v.length() - 1) {
            try {
                int port = Integer.parseInt(v.substring(colon + 1));
                return Optional.of(new Proxy(Proxy.Type.HTTP,
                        InetSocketAddress.createUnresolved(v.substring(0, colon), port)));
            } catch (NumberFormatException e) {
                return Optional.empty();
            }
        }
        return Optional.empty();
    }

    static RetentionPolicy retention(Map<String, String> settings) {
        RetentionPolicy d = RetentionPolicy.DEFAULT;
        try {
            Duration age = settings.containsKey(RETENTION_DAYS)
                    ? Duration.ofDays(Long.parseLong(settings.get(RETENTION_DAYS).trim())) : d.maxAge();
            long bytes = settings.containsKey(RETENTION_GIB)
                    ? (long) (Double.parseDouble(settings.get(RETENTION_GIB).trim()) * (1L << 30)) : d.maxTotalBytes();
            return new RetentionPolicy(age, bytes);
        } catch (RuntimeException e) {
            return d;
        }
    }
}
