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
import java.nio.file.attribute.UserPrincipal;
import java.util.Optional;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The control endpoint of the process that syncs (the daemon, or the desktop app): a Unix domain socket
 * ({@code daemon.sock} in the OxiSync home; Linux, macOS and Windows 10+ all have AF_UNIX), mode 0600 where POSIX
 * permissions exist, and on Linux and macOS a peer from another user is refused (its credentials, SO_PEERCRED) even
 * if the file's mode were wrong. One request line, one JSON reply line, then the connection closes. Requests:
 * {@code status}, {@code sync-now [PAIR]}, {@code pause [PAIR]}, {@code resume [PAIR]}, and the {@link Verbs} the
 * process adds (the CLI's store changes, {@code org.oxisync.core.control.StoreVerbs}). Each connection has its own
 * thread, so a slow change (one that asks the server) does not hold up {@code status}. A socket rather than a status
 * file: it is always current, it needs no writes while idle, and it proves the process is alive (a stale file would
 * not).
 */
public final class ControlSocket implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ControlSocket.class);
    public static final String FILE_NAME = "daemon.sock";
    static final int MAX_REQUEST = 64 * 1024;

    /** Requests a process serves beside the built-in ones. */
    public interface Verbs {
        /** The JSON reply to {@code verb args}; empty when {@code verb} is not one of these. */
        Optional<String> answer(String verb, String args);

        Verbs NONE = (verb, args) -> Optional.empty();
    }

    private final Path path;
    private final ServerSocketChannel server;
    private final SyncService service;
    private final String account;
    private final String process;
    private final Verbs verbs;
    private final UserPrincipal owner;
    private volatile boolean closed;

    private ControlSocket(Path path, ServerSocketChannel server, SyncService service, String account, String process,
                          Verbs verbs, UserPrincipal owner) {
        this.path = path;
        this.server = server;
        this.service = service;
        this.account = account;
        this.process = process;
        this.verbs = verbs;
        this.owner = owner;
    }

    /** The daemon's socket, with the built-in requests only. */
    public static ControlSocket open(Path home, SyncService service, String account) throws IOException {
        return open(home, service, account, "daemon", Verbs.NONE);
    }

    /**
     * Binds {@code home/daemon.sock} (replacing a stale one) and serves it on a daemon thread.
     *
     * @param process what runs the service, as {@code status} reports it ({@code daemon}, {@code desktop app})
     */
    public static ControlSocket open(Path home, SyncService service, String account, String process, Verbs verbs)
            throws IOException {
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
        UserPrincipal owner;
        try {
            owner = Files.getOwner(path);
        } catch (IOException | UnsupportedOperationException e) {
            owner = null;
        }
        ControlSocket s = new ControlSocket(path, ch, service, account, process, verbs, owner);
        Thread t = new Thread(s::serve, "oxisync-control");
        t.setDaemon(true);
        t.start();
        return s;
    }

    private void serve() {
        while (!closed) {
            try {
                SocketChannel c = server.accept();
                Thread t = new Thread(() -> answer(c), "oxisync-control-request");
                t.setDaemon(true);
                t.start();
            } catch (IOException | RuntimeException e) {
                if (!closed) {
                    LOG.debug("control connection failed: {}", e.toString());
                }
            }
        }
    }

    private void answer(SocketChannel channel) {
        try (SocketChannel c = channel) {
            String reply;
            if (!sameUser(c)) {
                reply = error("refused: the control socket answers only the user who runs OxiSync");
            } else {
                reply = handle(readLine(c).trim());
            }
            ByteBuffer out = ByteBuffer.wrap((reply + "\n").getBytes(StandardCharsets.UTF_8));
            while (out.hasRemaining()) {
                c.write(out);
            }
        } catch (IOException | RuntimeException e) {
            if (!closed) {
                LOG.debug("control request failed: {}", e.toString());
            }
        }
    }

    /**
     * Whether the peer runs as the user who owns the socket (SO_PEERCRED on Linux, LOCAL_PEERCRED on macOS). Where
     * the system cannot tell (Windows), the file's place in the user's home folder is the protection.
     */
    private boolean sameUser(SocketChannel c) {
        if (owner == null) {
            return true;
        }
        try {
            UnixDomainPrincipal peer = c.getOption(ExtendedSocketOptions.SO_PEERCRED);
            return peer == null || owner.equals(peer.user())
                    || owner.getName().equals(peer.user().getName());
        } catch (UnsupportedOperationException e) {
            return true;
        } catch (IOException e) {
            return false;
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
            Optional<String> extra = verbs.answer(parts[0], parts.length > 1 ? parts[1] : "");
            if (extra.isPresent()) {
                return extra.get();
            }
            switch (parts[0]) {
                case "status" -> {
                    return StatusJson.of(service, account, ProcessHandle.current().pid()).put("process", process)
                            .toString();
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

    /** The reply to a request that could not be done. */
    public static String error(String message) {
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
