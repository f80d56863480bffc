package org.oxisync.core.service;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The running daemon's control endpoint: a Unix domain socket ({@code daemon.sock} in the OxiSync home; Linux,
 * macOS and Windows 10+ all have AF_UNIX), mode 0600 where POSIX permissions exist. One request line, one JSON reply
 * line, then the connection closes. Requests: {@code status}, {@code sync-now [PAIR]}, {@code pause [PAIR]},
 * {@code resume [PAIR]}. A socket rather than a status file: it is always current, it needs no writes while idle,
 * and it proves the daemon is alive (a stale file would not).
 */
public final class ControlSocket implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ControlSocket.class);
    public static final String FILE_NAME = "daemon.sock";
    static final int MAX_REQUEST = 4096;

    private final Path path;
    private final ServerSocketChannel server;
    private final SyncService service;
    private final String account;
    private volatile boolean closed;

    private ControlSocket(Path path, ServerSocketChannel server, SyncService service, String account) {
        this.path = path;
        this.server = server;
        this.service = service;
        this.account = account;
    }

    /** Binds {@code home/daemon.sock} (replacing a stale one) and serves it on a daemon thread. */
    public static ControlSocket open(Path home, SyncService service, String account) throws IOException {
        Path path = home.resolve(FILE_NAME);
        Files.createDirectories(home);
        if (Files.exists(path)) {
            if (DaemonClient.ping(home)) {
                throw new IOException("another OxiSync daemon is already running for " + home);
            }
            Files.delete(path); // left by a daemon that was killed
        }
        ServerSocketChannel ch = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        ch.bind(UnixDomainSocketAddress.of(path));
        try {
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
            // Windows: the home folder's ACL protects it
        }
        ControlSocket s = new ControlSocket(path, ch, service, account);
        Thread t = new Thread(s::serve, "oxisync-control");
        t.setDaemon(true);
        t.start();
        return s;
    }

    private void serve() {
        while (!closed) {
            try (SocketChannel c = server.accept()) {
                String request = readLine(c);
                String reply = handle(request.trim()) + "\n";
                ByteBuffer out = ByteBuffer.wrap(reply.getBytes(StandardCharsets.UTF_8));
                while (out.hasRemaining()) {
                    c.write(out);
                }
            } catch (IOException | RuntimeException e) {
                if (!closed) {
                    LOG.debug("control request failed: {}", e.toString());
                }
            }
        }
    }

    static String readLine(SocketChannel c) throws IOException {
        ByteBuffer buf = ByteBuffer.allocate(MAX_REQUEST);
        while (buf.hasRemaining()) {
            if (c.read(buf) < 0) {
                break;
            }
            if (buf.position() > 0 && buf.get(buf.position() - 1) == '\n') {
                break;
            }
        }
        buf.flip();
        return StandardCharsets.UTF_8.decode(buf).toString();
    }

    String handle(String request) {
        String[] parts = request.split(" ", 2);
        String pair = parts.length > 1 && !parts[1].isBlank() ? parts[1].trim() : null;
        try {
            switch (parts[0]) {
                case "status" -> {
                    return StatusJson.of(service, account, ProcessHandle.current().pid()).toString();
                }
                case "sync-now" -> service.syncNow(pair);
                case "pause" -> service.pause(pair);
                case "resume" -> service.resume(pair);
                default -> {
                    return error("unknown request '" + parts[0] + "' (status, sync-now, pause, resume)");
                }
            }
            return StatusJson.JSON.createObjectNode().put("ok", true).toString();
        } catch (IllegalArgumentException e) {
            return error(e.getMessage());
        }
    }

    private static String error(String message) {
        ObjectNode n = StatusJson.JSON.createObjectNode().put("ok", false).put("error", message);
        return n.toString();
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
            Files.deleteIfExists(path);
        } catch (IOException e) {
            LOG.debug("could not remove {}: {}", path, e.toString());
        }
    }
}
