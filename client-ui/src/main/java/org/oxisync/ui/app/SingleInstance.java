package org.oxisync.ui.app;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;

/**
 * One window per app home: the first instance holds {@code ui.lock} and listens on a loopback port written to
 * {@code ui.port} together with a random token; a second launch finds the lock taken, sends the token and
 * "show", and exits, and the first instance brings its window forward. Only a process that can read the
 * app home (the same user) knows the token.
 */
public final class SingleInstance implements AutoCloseable {
    private static final String SHOW = "show";
    private static final String OK = "ok";

    private final FileChannel channel;
    private final FileLock lock;
    private final ServerSocket server;
    private final Thread listener;

    private SingleInstance(FileChannel channel, FileLock lock, ServerSocket server, Thread listener) {
        this.channel = channel;
        this.lock = lock;
        this.server = server;
        this.listener = listener;
    }

    /**
     * Becomes the primary instance, calling {@code onShow} (from a listener thread) for each later launch; or,
     * when another instance is running, asks it to show its window and returns empty.
     */
    public static Optional<SingleInstance> claim(Path appHome, Runnable onShow) throws IOException {
        return tryClaim(appHome, onShow).instance();
    }

    /**
     * What a launch found: it became the instance, or another one runs and was asked to show its window
     * ({@code signalled}: it answered), so the second launch can say so instead of exiting silently.
     */
    public record Claim(Optional<SingleInstance> instance, boolean signalled) {}

    /** As {@link #claim}, telling a second launch whether the running instance answered. */
    public static Claim tryClaim(Path appHome, Runnable onShow) throws IOException {
        org.oxisync.store.io.OwnerOnly.createDirectories(appHome);
        Path portFile = appHome.resolve("ui.port");
        FileChannel ch = org.oxisync.store.io.OwnerOnly.open(appHome.resolve("ui.lock"), StandardOpenOption.CREATE,
                StandardOpenOption.WRITE);
        FileLock l;
        try {
            l = ch.tryLock();
        } catch (OverlappingFileLockException e) {
            l = null;
        }
        if (l == null) {
            ch.close();
            return new Claim(Optional.empty(), signal(portFile));
        }
        byte[] raw = new byte[16];
        new SecureRandom().nextBytes(raw);
        String token = HexFormat.of().formatHex(raw);
        ServerSocket ss = new ServerSocket();
        ss.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Path tmp = portFile.resolveSibling("ui.port.tmp");
        Files.deleteIfExists(tmp); // made afresh, 0600: the token in it lets a caller show the window
        org.oxisync.store.io.OwnerOnly.createFile(tmp);
        Files.writeString(tmp, ss.getLocalPort() + " " + token, StandardCharsets.UTF_8);
        Files.move(tmp, portFile, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        Thread t = new Thread(() -> listen(ss, token, onShow), "oxisync-single-instance");
        t.setDaemon(true);
        t.start();
        return new Claim(Optional.of(new SingleInstance(ch, l, ss, t)), false);
    }

    private static void listen(ServerSocket ss, String token, Runnable onShow) {
        while (!ss.isClosed()) {
            try (Socket s = ss.accept()) {
                s.setSoTimeout(2000);
                String msg = read(s.getInputStream());
                if (msg.equals(token + " " + SHOW)) {
                    onShow.run();
                    s.getOutputStream().write(OK.getBytes(StandardCharsets.UTF_8)); // "I heard you"
                    s.getOutputStream().flush();
                }
            } catch (IOException e) {
                // closed, or a client that went away: keep listening while open
            }
        }
    }

    private static String read(InputStream in) throws IOException {
        byte[] buf = in.readNBytes(256);
        return new String(buf, StandardCharsets.UTF_8).trim();
    }

    /** Asks the running instance to show its window; false when it cannot be reached. */
    static boolean signal(Path portFile) {
        try {
            String[] parts = Files.readString(portFile, StandardCharsets.UTF_8).trim().split(" ");
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), Integer.parseInt(parts[0])), 2000);
                OutputStream out = s.getOutputStream();
                out.write((parts[1] + " " + SHOW).getBytes(StandardCharsets.UTF_8));
                out.flush();
                s.shutdownOutput();
                s.setSoTimeout(3000);
                return read(s.getInputStream()).equals(OK);
            }
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    @Override
    public void close() {
        try {
            server.close();
            listener.interrupt();
            lock.release();
            channel.close();
        } catch (IOException e) {
            // exiting anyway
        }
    }
}
