package org.oxisync.ui;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import okhttp3.tls.HandshakeCertificates;
import okhttp3.tls.HeldCertificate;

/**
 * A TLS front for the emulator (which speaks plain HTTP): terminates TLS with a self-signed certificate on a
 * loopback port and relays the bytes to the emulator, as a reverse proxy in front of a home server would.
 */
final class TlsRelay implements AutoCloseable {
    private final ServerSocket server;

    TlsRelay(HeldCertificate certificate, int targetPort) throws IOException {
        HandshakeCertificates tls = new HandshakeCertificates.Builder().heldCertificate(certificate).build();
        server = tls.sslContext().getServerSocketFactory().createServerSocket(0, 50, InetAddress.getLoopbackAddress());
        daemon(() -> {
            while (!server.isClosed()) {
                try {
                    Socket client = server.accept();
                    Socket target = new Socket(InetAddress.getLoopbackAddress(), targetPort);
                    daemon(() -> pipe(client, target));
                    daemon(() -> pipe(target, client));
                } catch (IOException e) {
                    return; // closed
                }
            }
        });
    }

    String baseUrl() {
        return "https://127.0.0.1:" + server.getLocalPort();
    }

    private static void pipe(Socket from, Socket to) {
        try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
            in.transferTo(out);
        } catch (IOException e) {
            // a failed handshake (a client that does not trust the certificate) or a closed peer
        } finally {
            closeQuietly(from);
            closeQuietly(to);
        }
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // already closed
        }
    }

    private static void daemon(Runnable r) {
        Thread t = new Thread(r, "tls-relay");
        t.setDaemon(true);
        t.start();
    }

    @Override
    public void close() throws IOException {
        server.close();
    }
}
