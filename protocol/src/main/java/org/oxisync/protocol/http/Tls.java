package org.oxisync.protocol.http;

import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.cert.Certificate;
import java.security.cert.CertificateException;
import java.security.cert.X509Certificate;
import java.util.HexFormat;
import javax.net.ssl.HostnameVerifier;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSession;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import okhttp3.OkHttpClient;
import okhttp3.internal.tls.OkHostnameVerifier;

/**
 * TLS trust: the system trust store, plus at most one certificate the user accepted, identified by the SHA-256 of
 * its DER encoding. The pinned certificate is accepted for this account's server whatever its issuer or host name;
 * every other certificate must pass the system checks. There is no trust-all mode.
 */
public final class Tls {
    private Tls() {
    }

    public static X509TrustManager systemTrustManager() {
        try {
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init((KeyStore) null);
            for (TrustManager tm : tmf.getTrustManagers()) {
                if (tm instanceof X509TrustManager x) {
                    return x;
                }
            }
            throw new IllegalStateException("no X509TrustManager in the system trust store");
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot load the system trust store", e);
        }
    }

    public static String sha256(Certificate certificate) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(certificate.getEncoded()));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot fingerprint certificate", e);
        }
    }

    static void applyPin(OkHttpClient.Builder builder, String pinSha256) {
        X509TrustManager pinned = new PinnedTrustManager(systemTrustManager(), pinSha256);
        try {
            SSLContext context = SSLContext.getInstance("TLS");
            context.init(null, new TrustManager[] {pinned}, null);
            builder.sslSocketFactory(context.getSocketFactory(), pinned);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot set up TLS", e);
        }
        builder.hostnameVerifier(new PinnedHostnameVerifier(pinSha256));
    }

    /** System trust, or exactly the pinned leaf certificate (still within its validity period). */
    static final class PinnedTrustManager implements X509TrustManager {
        private final X509TrustManager system;
        private final String pin;

        PinnedTrustManager(X509TrustManager system, String pin) {
            this.system = system;
            this.pin = pin;
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            system.checkClientTrusted(chain, authType);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            if (chain != null && chain.length > 0 && sha256(chain[0]).equals(pin)) {
                chain[0].checkValidity();
                return;
            }
            system.checkServerTrusted(chain, authType);
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return system.getAcceptedIssuers();
        }
    }

    /** The pinned certificate stands for the host; any other certificate needs a matching host name. */
    static final class PinnedHostnameVerifier implements HostnameVerifier {
        private final String pin;

        PinnedHostnameVerifier(String pin) {
            this.pin = pin;
        }

        @Override
        public boolean verify(String host, SSLSession session) {
            try {
                Certificate[] peer = session.getPeerCertificates();
                if (peer.length > 0 && sha256(peer[0]).equals(pin)) {
                    return true;
                }
            } catch (SSLPeerUnverifiedException e) {
                return false;
            }
            return OkHostnameVerifier.INSTANCE.verify(host, session);
        }
    }
}
