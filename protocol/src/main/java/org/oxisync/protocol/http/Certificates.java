package org.oxisync.protocol.http;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManager;
import javax.net.ssl.X509TrustManager;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.PresentedCertificate;

/**
 * Shows the user which certificate a server presents before they decide to pin it. The probe records the chain
 * and still rejects an untrusted one, so no data is exchanged with an unverified server.
 */
public final class Certificates {
    private Certificates() {
    }

    /** Connects directly to an https {@code url}'s host and port and returns the presented leaf certificate. */
    public static PresentedCertificate presented(URI url, Duration timeout) {
        if (!"https".equalsIgnoreCase(url.getScheme())) {
            throw new IllegalArgumentException("only https servers present certificates");
        }
        int port = url.getPort() > 0 ? url.getPort() : 443;
        X509TrustManager system = Tls.systemTrustManager();
        AtomicReference<X509Certificate[]> seen = new AtomicReference<>();
        AtomicReference<Boolean> trusted = new AtomicReference<>(false);
        X509TrustManager recording = new X509TrustManager() {
            @Override
            public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
                throw new CertificateException("client certificates are not used");
            }

            @Override
            public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
                seen.set(chain);
                system.checkServerTrusted(chain, authType);
                trusted.set(true);
            }

            @Override
            public X509Certificate[] getAcceptedIssuers() {
                return system.getAcceptedIssuers();
            }
        };
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {recording}, null);
            try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket()) {
                socket.connect(new InetSocketAddress(url.getHost(), port), (int) timeout.toMillis());
                socket.setSoTimeout((int) timeout.toMillis());
                socket.startHandshake();
            } catch (SSLException expectedWhenUntrusted) {
                // The recording trust manager has the chain; the handshake failing is the point.
            }
        } catch (IOException e) {
            throw new OxiCloudException.NetworkFailure("cannot reach " + url.getHost() + ":" + port, e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("TLS unavailable", e);
        }
        X509Certificate[] chain = seen.get();
        if (chain == null || chain.length == 0) {
            throw new OxiCloudException.ProtocolViolation("the server presented no certificate");
        }
        X509Certificate leaf = chain[0];
        return new PresentedCertificate(Tls.sha256(leaf), leaf.getSubjectX500Principal().getName(),
                leaf.getIssuerX500Principal().getName(), leaf.getNotAfter().toInstant(), trusted.get());
    }
}
