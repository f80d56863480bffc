package org.oxisync.app.service;

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
import org.oxisync.app.control.DaemonClient;

/**
 * The control endpoint of the process that syncs (the daemon, or the desktop app): a Unix domain socket
 * ({@code daemon.sock} in the OxiSync home; Linux, macOS and Windows 10+ all have AF_UNIX), mode 0600 where POSIX
 * permissions exist (bound with that mode: see {@link #open(Path, java.util.function.Supplier, String, Verbs,
 * PeerNames)}), and a peer from another user is refused (its credentials, SO_PEERCRED) even if the file's mode
 * were wrong. A peer the OS cannot name (Windows has no peer credentials for AF_UNIX) is closed unanswered: there
 * the socket serves no one, and the CLI finds no running OxiSync to talk to (docs/security.md). One request line, one JSON reply line, then the connection closes. Requests:
 * {@code status}, {@code sync-now [PAIR]}, {@code pause [PAIR]}, {@code resume [PAIR]}, and the {@link Verbs} the
 * process adds (the CLI's store changes, {@code org.oxisync.app.service.StoreVerbs}).
 *
 * <p>One process syncs every account of its home, one {@link SyncService} each ({@link Served}). The built-in
 * requests take an account: {@code status}, {@code sync-now}, {@code pause} and {@code resume} accept, instead of
 * a bare pair name, {@code {"account":"NAME","pair":"PAIR"}} (either may be left out). Without an account they
 * cover every account ({@code sync-now PAIR}: the accounts that have that pair). {@code status} answers the first
 * (or the named) account's fields at the top level, as a one-account process did, and all of them in
 * {@code accounts: [{name, account, paused, bus_connected, pairs}]}. Each connection has its own
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

    /** One account's sync in this process: the account's name, its key, its service. */
    public record Served(String name, String key, SyncService service) {
    }

    private final Path path;
    private final ServerSocketChannel server;
    /** The accounts served now: the process may add or drop one while it runs ({@link AccountSyncs}). */
    private final java.util.function.Supplier<java.util.List<Served>> served;
    private final String process;
    private final Verbs verbs;
    private final UserPrincipal owner;
    private final PeerNames peers;
    private volatile boolean closed;

    /** Who is at the other end of a connection, as the OS names it; empty where it cannot (Windows). */
    @FunctionalInterface
    interface PeerNames {
        Optional<UserPrincipal> of(SocketChannel c) throws IOException;

        /** SO_PEERCRED on Linux, LOCAL_PEERCRED on macOS. */
        PeerNames SYSTEM = c -> {
            try {
                UnixDomainPrincipal peer = c.getOption(ExtendedSocketOptions.SO_PEERCRED);
                return peer == null ? Optional.empty() : Optional.of(peer.user());
            } catch (UnsupportedOperationException e) {
                return Optional.empty();
            }
        };
    }

    private ControlSocket(Path path, ServerSocketChannel server,
                          java.util.function.Supplier<java.util.List<Served>> served, String process,
                          Verbs verbs, UserPrincipal owner, PeerNames peers) {
        this.path = path;
        this.server = server;
        this.served = served;
        this.process = process;
        this.verbs = verbs;
        this.owner = owner;
        this.peers = peers;
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
        return open(home, java.util.List.of(new Served(service.accountName(), account, service)), process, verbs);
    }

    /** The socket of a process that syncs several accounts, the first of {@code served} first. */
    public static ControlSocket open(Path home, java.util.List<Served> served, String process, Verbs verbs)
            throws IOException {
        if (served.isEmpty()) {
            throw new IllegalArgumentException("no account to serve");
        }
        java.util.List<Served> fixed = java.util.List.copyOf(served);
        return open(home, () -> fixed, process, verbs);
    }

    /**
     * The socket of a process whose accounts change while it runs: {@code served} is asked on every request (an
     * account added after the start is served from then on; one removed no longer is).
     */
    public static ControlSocket open(Path home, java.util.function.Supplier<java.util.List<Served>> served,
                                     String process, Verbs verbs) throws IOException {
        return open(home, served, process, verbs, PeerNames.SYSTEM);
    }

    /**
     * As {@link #open(Path, java.util.function.Supplier, String, Verbs)}. The socket is bound inside a fresh 0700
     * folder of the home, made 0600 there, and only then renamed into place: it is never reachable with another
     * mode, even for an instant.
     */
    static ControlSocket open(Path home, java.util.function.Supplier<java.util.List<Served>> served,
                              String process, Verbs verbs, PeerNames peers) throws IOException {
        Path path = home.resolve(FILE_NAME);
        org.oxisync.store.io.OwnerOnly.createDirectories(home);
        if (Files.exists(path)) {
            if (DaemonClient.ping(home)) {
                throw new IOException("another OxiSync daemon is already running for " + home);
            }
            Files.delete(path); // left by a daemon that was killed
        }
        ServerSocketChannel ch = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
        // short names: a socket's path is limited to about 107 bytes, so the bound one ("/.sXX/s") must be shorter
        // than the final one ("/daemon.sock"); one daemon a home (the ping above), so two hex digits are enough
        Path nest = home.resolve(".s" + String.format("%02x", new java.security.SecureRandom().nextInt(256)));
        Path bound = nest.resolve("s");
        try {
            org.oxisync.store.io.OwnerOnly.createDirectories(nest);
            Files.deleteIfExists(bound); // left by a daemon killed while it bound
            ch.bind(UnixDomainSocketAddress.of(bound));
            try {
                Files.setPosixFilePermissions(bound, PosixFilePermissions.fromString("rw-------"));
            } catch (UnsupportedOperationException e) {
                // Windows: the home folder's ACL protects it
            }
            Files.move(bound, path, java.nio.file.StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException | RuntimeException e) {
            ch.close();
            throw e;
        } finally {
            Files.deleteIfExists(bound);
            Files.deleteIfExists(nest);
        }
        UserPrincipal owner;
        try {
            owner = Files.getOwner(path);
        } catch (IOException | UnsupportedOperationException e) {
            owner = null;
        }
        ControlSocket s = new ControlSocket(path, ch, served, process, verbs, owner, peers);
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
            Optional<UserPrincipal> peer = peers.of(c);
            if (peer.isEmpty() || owner == null) {
                return; // a peer the OS cannot name (Windows) may be anyone: closed unanswered
            }
            String reply;
            if (!owner.equals(peer.get()) && !owner.getName().equals(peer.get().getName())) {
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
        String args = parts.length > 1 ? parts[1].trim() : "";
        try {
            Optional<String> extra = verbs.answer(parts[0], args);
            if (extra.isPresent()) {
                return extra.get();
            }
            Target target = Target.parse(args);
            java.util.List<Served> now = served.get();
            if (now.isEmpty()) {
                return error("this " + process + " syncs no account now (see `oxisync accounts`)");
            }
            java.util.List<Served> chosen = chosen(now, target);
            switch (parts[0]) {
                case "status" -> {
                    return status(now, chosen.get(0)).toString();
                }
                case "sync-now" -> forPair(chosen, target.pair(), (s, p) -> s.syncNow(p));
                case "pause" -> forPair(chosen, target.pair(), (s, p) -> s.pause(p));
                case "resume" -> forPair(chosen, target.pair(), (s, p) -> s.resume(p));
                default -> {
                    return error("unknown request '" + parts[0] + "' (status, sync-now, pause, resume)");
                }
            }
            return StatusJson.JSON.createObjectNode().put("ok", true).toString();
        } catch (IllegalArgumentException e) {
            return error(e.getMessage());
        }
    }

    /** What a built-in request names: an account, a pair, both or neither. */
    record Target(String account, String pair) {
        static Target parse(String args) {
            if (args.isEmpty()) {
                return new Target(null, null);
            }
            if (!args.startsWith("{")) {
                return new Target(null, args); // a bare pair name, as before accounts
            }
            try {
                com.fasterxml.jackson.databind.JsonNode n = StatusJson.JSON.readTree(args);
                return new Target(n.hasNonNull("account") ? n.get("account").asText() : null,
                        n.hasNonNull("pair") ? n.get("pair").asText() : null);
            } catch (IOException e) {
                throw new IllegalArgumentException("the arguments are not JSON");
            }
        }
    }

    private static java.util.List<Served> chosen(java.util.List<Served> served, Target t) {
        if (t.account() == null) {
            return served;
        }
        return java.util.List.of(served.stream().filter(s -> s.name().equals(t.account())).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no account named '" + t.account() + "' is synced"
                        + " here")));
    }

    private static void forPair(java.util.List<Served> chosen, String pair,
                                java.util.function.BiConsumer<SyncService, String> action) {
        if (pair == null) {
            chosen.forEach(s -> action.accept(s.service(), null));
            return;
        }
        java.util.List<Served> having = chosen.stream().filter(s -> s.service().pairs().containsKey(pair)).toList();
        if (having.isEmpty()) {
            action.accept(chosen.get(0).service(), pair); // the service's own "no pair named" answer
        }
        having.forEach(s -> action.accept(s.service(), pair));
    }

    private ObjectNode status(java.util.List<Served> served, Served first) {
        long pid = ProcessHandle.current().pid();
        ObjectNode root = StatusJson.of(first.service(), first.key(), pid).put("process", process)
                .put("account_name", first.name());
        com.fasterxml.jackson.databind.node.ArrayNode all = root.putArray("accounts");
        for (Served s : served) {
            ObjectNode one = StatusJson.of(s.service(), s.key(), pid);
            one.remove("daemon_pid");
            all.add(one.put("name", s.name()));
        }
        return root;
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
