package org.oxisync.protocol.http;

import java.security.KeyStore;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;
import okhttp3.OkHttpClient;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Prepares, on a background thread, what building the first HTTP client waits for: the JDK's default trust store
 * (read and parsed from {@code cacerts}), its TLS context, the HTTP client's platform probe and the JSON library's
 * class set-up. In a CLI run that is 0.1–0.15 s that can overlap parsing the command line and opening the store. Only JDK and library caches are warmed; nothing of ours
 * is kept, and a failure here only means the first client does the work itself.
 */
public final class ClientWarmup {
    private static final Logger LOG = LoggerFactory.getLogger(ClientWarmup.class);

    private ClientWarmup() {}

    public static void start() {
        Thread t = new Thread(() -> {
            try {
                TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
                tmf.init((KeyStore) null);
                SSLContext.getInstance("TLS").init(null, tmf.getTrustManagers(), null);
                new OkHttpClient.Builder().build().dispatcher().executorService().shutdown();
                new com.fasterxml.jackson.databind.ObjectMapper(); // the JSON codec's class set-up (~30 ms cold)
            } catch (Exception | LinkageError e) {
                LOG.debug("HTTP client warm-up failed ({}); the first client prepares itself", e.toString());
            }
        }, "oxisync-warmup");
        t.setDaemon(true);
        t.start();
    }
}
