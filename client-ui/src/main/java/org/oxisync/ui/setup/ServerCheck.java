package org.oxisync.ui.setup;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;
import org.oxisync.protocol.PresentedCertificate;
import org.oxisync.protocol.ServerVersion;
import org.oxisync.ui.i18n.I18n;

/** The outcome of checking a server address with {@code GET /api/version}: a closed set the wizard shows. */
public sealed interface ServerCheck {

    /** An OxiCloud server this client supports. {@code pin} is the accepted certificate fingerprint, or null. */
    record Supported(String baseUrl, ServerVersion version, String pin) implements ServerCheck {}

    /** The server's certificate is not trusted by the system: show it, pin it only if the user accepts. */
    record Untrusted(String baseUrl, PresentedCertificate certificate) implements ServerCheck {}

    /** Cannot be used; {@code title} says what, {@code advice} what the user can do. */
    record Problem(String title, String advice) implements ServerCheck {}

    /**
     * Normalizes what a user typed: trims, adds {@code https://} when no scheme is given, drops a trailing slash.
     * Throws {@link IllegalArgumentException} with a readable message for anything that is not an http(s) URL.
     */
    static String normalize(I18n i18n, String typed) {
        String t = typed == null ? "" : typed.trim();
        if (t.isEmpty()) {
            throw new IllegalArgumentException(i18n.t("server.address.empty"));
        }
        if (org.oxisync.app.ServerAddress.holdsCredentials(t)) {
            // never shown back, saved or sent: the address would carry the password (the user is asked for it)
            throw new IllegalArgumentException(i18n.t("server.address.invalid", "address", "user:…@"));
        }
        if (!t.contains("://")) {
            t = "https://" + t;
        }
        while (t.endsWith("/")) {
            t = t.substring(0, t.length() - 1);
        }
        try {
            URI u = new URI(t);
            String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
            if (!scheme.equals("http") && !scheme.equals("https")) {
                throw new IllegalArgumentException(i18n.t("server.address.scheme"));
            }
            if (u.getHost() == null || u.getHost().isBlank()) {
                throw new IllegalArgumentException(i18n.t("server.address.noHost", "address", typed.trim()));
            }
            return t;
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException(i18n.t("server.address.invalid", "address", typed.trim()));
        }
    }
}
