package org.oxisync.app.control;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.oxisync.app.service.ControlSocket;

/**
 * Talks to the running daemon or desktop app through its {@link ControlSocket} ({@code oxisync status}, and the
 * CLI's store changes while that process holds the store).
 */
public final class DaemonClient {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final long TIMEOUT_SECONDS = 5;

    private DaemonClient() {}

    /** Whether a daemon answers on {@code home/daemon.sock}. */
    public static boolean ping(Path home) {
        try {
            return request(home, "status").isPresent();
        } catch (IOException e) {
            return false;
        }
    }

    /**
     * Sends one request; empty when no daemon runs (no socket, or nobody listening on it).
     *
     * @throws IOException when a daemon is there but its reply is missing or unreadable
     */
    public static Optional<JsonNode> request(Path home, String request) throws IOException {
        return request(home, request, TIMEOUT_SECONDS);
    }

    /** {@link #request(Path, String)} waiting at most {@code timeoutSeconds} for the reply. */
    public static Optional<JsonNode> request(Path home, String request, long timeoutSeconds) throws IOException {
        Path path = home.resolve(ControlSocket.FILE_NAME);
        if (!Files.exists(path)) {
            return Optional.empty();
        }
        SocketChannel c;
        try {
            c = SocketChannel.open(StandardProtocolFamily.UNIX);
            c.connect(UnixDomainSocketAddress.of(path));
        } catch (IOException e) {
            return Optional.empty(); // a stale socket file: nobody listens
        }
        CompletableFuture<String> reply = CompletableFuture.supplyAsync(() -> {
            try (c) {
                ByteBuffer out = ByteBuffer.wrap((request + "\n").getBytes(StandardCharsets.UTF_8));
                while (out.hasRemaining()) {
                    c.write(out);
                }
                java.io.ByteArrayOutputStream in = new java.io.ByteArrayOutputStream();
                ByteBuffer buf = ByteBuffer.allocate(8192);
                while (c.read(buf) >= 0) {
                    in.write(buf.array(), 0, buf.position());
                    buf.clear();
                    if (in.size() > 16 << 20) {
                        throw new IOException("the running OxiSync's reply is too large");
                    }
                }
                return in.toString(StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        try {
            String text = reply.get(timeoutSeconds, TimeUnit.SECONDS);
            if (text.isBlank()) {
                throw new IOException("the running OxiSync closed the connection without a reply");
            }
            return Optional.of(JSON.readTree(text));
        } catch (TimeoutException e) {
            c.close();
            throw new IOException("the running OxiSync did not answer within " + timeoutSeconds + " s");
        } catch (ExecutionException e) {
            throw new IOException("the running OxiSync's reply could not be read: " + e.getCause().getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted");
        } catch (RuntimeException e) {
            throw new IOException("the running OxiSync's reply is not JSON");
        }
    }
}
