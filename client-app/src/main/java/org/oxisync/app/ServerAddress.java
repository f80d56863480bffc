package org.oxisync.app;

import java.io.IOException;
import java.net.ConnectException;
import java.net.ProxySelector;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;

/**
 * The server address a user typed, turned into the base URL to use, for {@code oxisync login} and the desktop
 * wizard alike. Users type addresses without a scheme ({@code cloud.example.org}, {@code 127.0.0.1:18087}): then
 * {@code https://} is tried first and {@code http://} next. Each try is one {@code GET /api/version} with short
 * time-outs ({@link #CONNECT_TIMEOUT}, {@link #ANSWER_TIMEOUT}), so a wrong guess costs seconds, never minutes (an
 * http-only server that gets a TLS hello may never answer it). An explicit {@code https://} is not downgraded:
 * when only {@code http://} answers, the result says so and the caller decides. The probe runs on the calling
 * thread: the wizard calls it off the UI thread.
 *
 * <p>Use: {@code ServerAddress.Resolved r = ServerAddress.resolve(typed);} then log in to {@code r.baseUrl()},
 * show {@code r.note()} (which address answered) and, when present, {@code r.warning()} (plain http).
 */
public final class ServerAddress {
    public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(3);
    public static final Duration ANSWER_TIMEOUT = Duration.ofSeconds(5);

    private ServerAddress() {}

    /** What one try of an address found. */
    public enum Answer {
        /** An HTTP server answered (any status). */
        ANSWERED,
        /** A TLS server answered with a certificate this JVM does not trust (self-signed: pin it). */
        UNTRUSTED_CERTIFICATE,
        /** Something answered, but not with TLS (an http-only server asked for https). */
        NOT_TLS,
        /** Nothing answered in time, or the connection was refused. */
        NO_ANSWER
    }

    /** One try: {@code GET versionUrl} with the given time-outs. */
    @FunctionalInterface
    public interface Prober {
        Answer probe(URI versionUrl, Duration connectTimeout, Duration answerTimeout);
    }

    /**
     * The outcome.
     *
     * @param baseUrl the server's base URL, without a trailing slash: what to log in to
     * @param note one sentence on which address answered (empty when the user's own address answered at once)
     * @param untrustedCertificate the server presents a certificate this computer does not trust (self-signed)
     * @param fellBackToHttp the user typed no scheme, https did not answer and plain http did: a password must not
     *                       be sent there unless the user says so (an explicit {@code http://}); someone who drops
     *                       port 443 on the way would otherwise get it in clear
     */
    public record Resolved(String baseUrl, String note, boolean untrustedCertificate, boolean fellBackToHttp) {
        public Resolved(String baseUrl, String note, boolean untrustedCertificate) {
            this(baseUrl, note, untrustedCertificate, false);
        }

        /** True when the password and the files would travel unencrypted. */
        public boolean plainHttp() {
            return baseUrl.regionMatches(true, 0, "http://", 0, 7);
        }

        /** The warning to show before a login over plain http (none for this computer's own loopback address). */
        public Optional<String> warning() {
            return plainHttpWarning(baseUrl);
        }
    }

    /** Why no usable address came out. */
    public static final class Unusable extends Exception {
        private final String httpOnly;

        public Unusable(String message) {
            this(message, null);
        }

        /** {@code httpOnly}: the http address that answers where the https one the user gave does not. */
        public Unusable(String message, String httpOnly) {
            super(message);
            this.httpOnly = httpOnly;
        }

        /** The plain-http address that answers instead of the https one asked for; null when none does. */
        public String httpOnly() {
            return httpOnly;
        }
    }

    /** {@link #resolve(String, Prober)} with the real network. */
    public static Resolved resolve(String typed) throws Unusable {
        return resolve(typed, ServerAddress::httpProbe);
    }

    /** Tries the candidates of {@code typed} in order and returns the first that answers. */
    public static Resolved resolve(String typed, Prober prober) throws Unusable {
        List<String> candidates = candidates(typed);
        List<String> tried = new ArrayList<>();
        for (String base : candidates) {
            Answer a = prober.probe(URI.create(base + "/api/version"), CONNECT_TIMEOUT, ANSWER_TIMEOUT);
            switch (a) {
                case ANSWERED, UNTRUSTED_CERTIFICATE -> {
                    String note = tried.isEmpty() ? "" : String.join("; ", tried) + "; " + base + " answered";
                    boolean fellBack = !tried.isEmpty() && base.regionMatches(true, 0, "http://", 0, 7);
                    return new Resolved(base, note, a == Answer.UNTRUSTED_CERTIFICATE, fellBack);
                }
                case NOT_TLS -> tried.add(base + " does not speak https");
                case NO_ANSWER -> tried.add(base + " did not answer");
            }
        }
        String only = typed.strip();
        if (only.regionMatches(true, 0, "https://", 0, 8)) {
            String http = "http://" + candidates.get(0).substring("https://".length());
            Answer a = prober.probe(URI.create(http + "/api/version"), CONNECT_TIMEOUT, ANSWER_TIMEOUT);
            if (a == Answer.ANSWERED) {
                throw new Unusable(candidates.get(0) + " does not answer over https, but " + http + " answers: the"
                        + " server speaks plain http only. Use " + http + " if you trust the network in between,"
                        + " or set up TLS on the server", http);
            }
        }
        throw new Unusable("no OxiCloud server answers at " + only + " (" + String.join("; ", tried)
                + "). Check the address and that the server is running");
    }

    /**
     * The base URLs to try for what the user typed, best first: with a scheme, only that one; without one,
     * {@code https://} then {@code http://}. A trailing slash is dropped.
     *
     * @throws Unusable when it cannot be an address (spaces, an unknown scheme, no host)
     */
    public static List<String> candidates(String typed) throws Unusable {
        String s = typed == null ? "" : typed.strip();
        while (s.endsWith("/")) {
            s = s.substring(0, s.length() - 1);
        }
        if (s.isEmpty()) {
            throw new Unusable("no server address given (e.g. https://cloud.example.org)");
        }
        if (holdsCredentials(s)) {
            // refused before the address is probed, saved or printed: it would carry the password into
            // config.properties, the log and the terminal
            throw new Unusable("the address holds a user name or password (user:password@host): give only the"
                    + " server's address, the user with --user, and type the password when asked. Nothing was saved");
        }
        String lower = s.toLowerCase(Locale.ROOT);
        List<String> out = new ArrayList<>();
        if (lower.startsWith("https://") || lower.startsWith("http://")) {
            out.add(s);
        } else if (lower.matches("^[a-z][a-z0-9+.-]*://.*")) {
            throw new Unusable("'" + s + "' is not an http or https address (e.g. https://cloud.example.org)");
        } else {
            out.add("https://" + s);
            out.add("http://" + s);
        }
        for (String c : out) {
            try {
                URI u = new URI(c);
                if (u.getHost() == null || u.getHost().isEmpty()) {
                    throw new Unusable("'" + typed.strip() + "' is not a server address (e.g. https://cloud.example.org)");
                }
                if (u.getQuery() != null || u.getFragment() != null) {
                    throw new Unusable("'" + typed.strip() + "' has a query or fragment; give only the server address");
                }
            } catch (URISyntaxException e) {
                throw new Unusable("'" + typed.strip() + "' is not a server address (" + e.getReason() + ")");
            }
        }
        return out;
    }

    /**
     * The warning for a plain-http address: the password and files travel unencrypted. None for https and for
     * loopback addresses (nothing leaves this computer).
     */
    public static Optional<String> plainHttpWarning(String baseUrl) {
        URI u;
        try {
            u = new URI(baseUrl);
        } catch (URISyntaxException e) {
            return Optional.empty();
        }
        if (!"http".equalsIgnoreCase(u.getScheme()) || isLoopback(u.getHost())) {
            return Optional.empty();
        }
        return Optional.of(baseUrl + " is plain http: your password and your files travel unencrypted, and anyone on"
                + " the network in between can read or change them. Use https unless you trust that network.");
    }

    /**
     * Whether {@code host} is this computer: every address it resolves to is a loopback address. Decided by the
     * addresses, not the name's spelling ({@code 127.attacker.example} is a name anyone can register).
     */
    static boolean isLoopback(String host) {
        if (host == null || host.isEmpty()) {
            return false;
        }
        String h = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        try {
            java.net.InetAddress[] all = java.net.InetAddress.getAllByName(h);
            for (java.net.InetAddress a : all) {
                if (!a.isLoopbackAddress()) {
                    return false;
                }
            }
            return all.length > 0;
        } catch (java.net.UnknownHostException | SecurityException e) {
            return false;
        }
    }

    /**
     * Whether {@code address} (with or without a scheme) names a user or password before its host
     * ({@code https://user:pw@host}, {@code user@host}).
     */
    public static boolean holdsCredentials(String address) {
        if (address == null) {
            return false;
        }
        String s = address.strip();
        int scheme = s.indexOf("://");
        String rest = scheme >= 0 ? s.substring(scheme + 3) : s;
        int end = rest.length();
        for (char c : new char[] {'/', '?', '#'}) {
            int i = rest.indexOf(c);
            if (i >= 0 && i < end) {
                end = i;
            }
        }
        return rest.substring(0, end).indexOf('@') >= 0;
    }

    /** The real probe: java.net.http with the given time-outs, the system proxy, and no redirects followed. */
    static Answer httpProbe(URI url, Duration connectTimeout, Duration answerTimeout) {
        HttpClient client = HttpClient.newBuilder().connectTimeout(connectTimeout)
                .proxy(ProxySelector.getDefault()).followRedirects(HttpClient.Redirect.NEVER).build();
        HttpRequest request = HttpRequest.newBuilder(url).timeout(answerTimeout).GET()
                .header("User-Agent", "OxiSync/" + Version.current()).build();
        try {
            client.send(request, HttpResponse.BodyHandlers.discarding());
            return Answer.ANSWERED;
        } catch (SSLHandshakeException e) {
            return certificateProblem(e) ? Answer.UNTRUSTED_CERTIFICATE : Answer.NOT_TLS;
        } catch (SSLException e) {
            return Answer.NOT_TLS;
        } catch (HttpTimeoutException e) {
            // the connect time-out covers the TLS handshake: a port that takes TCP connections but never completes
            // a handshake is a server that does not speak TLS
            return "https".equalsIgnoreCase(url.getScheme()) && tcpOpen(url, connectTimeout) ? Answer.NOT_TLS
                    : Answer.NO_ANSWER;
        } catch (ConnectException e) {
            return Answer.NO_ANSWER;
        } catch (IOException e) {
            Throwable c = e.getCause();
            if (c instanceof SSLHandshakeException h) {
                return certificateProblem(h) ? Answer.UNTRUSTED_CERTIFICATE : Answer.NOT_TLS;
            }
            if (c instanceof SSLException) {
                return Answer.NOT_TLS;
            }
            return Answer.NO_ANSWER;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Answer.NO_ANSWER;
        }
    }

    private static boolean tcpOpen(URI url, Duration timeout) {
        int port = url.getPort() > 0 ? url.getPort() : "https".equalsIgnoreCase(url.getScheme()) ? 443 : 80;
        try (java.net.Socket s = new java.net.Socket()) {
            s.connect(new java.net.InetSocketAddress(url.getHost(), port), (int) timeout.toMillis());
            return true;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    private static boolean certificateProblem(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            String n = t.getClass().getName();
            if (n.contains("CertPath") || n.contains("CertificateException")
                    || (t.getMessage() != null && t.getMessage().contains("PKIX"))) {
                return true;
            }
        }
        return false;
    }
}
