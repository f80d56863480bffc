package org.oxisync.bench.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.channels.FileChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/**
 * The reference of the large-file upload benchmark: the same file's bytes sent over a plain TCP connection on
 * loopback to a receiver that reads and discards them. Sender and receiver are two threads of this one JVM (the
 * kernel's loopback path is the same as between processes); the clock starts before {@code connect} and stops
 * when the receiver has read the last byte, so JVM start is not included. Two senders:
 * <ul>
 *   <li>{@code stream}: {@code FileInputStream} → socket {@code OutputStream} with a 64 KiB buffer (the
 *       "plain socket copy"; the script's reference);</li>
 *   <li>{@code sendfile}: {@code FileChannel.transferTo} a {@code SocketChannel} (zero-copy, for information).</li>
 * </ul>
 * Usage: {@code SocketCopy FILE [RUNS=3]}. Prints one line per mode: {@code RESULT MODE BEST_SECONDS BYTES}, then
 * a human line. The file should be in the page cache (the script reads it first), as it is for the client.
 */
public final class SocketCopy {
    private static final int BUFFER = 64 * 1024;

    private SocketCopy() {}

    public static void main(String[] args) throws Exception {
        if (args.length < 1 || args.length > 2) {
            System.err.println("usage: SocketCopy FILE [RUNS]");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        int runs = args.length == 2 ? Integer.parseInt(args[1]) : 3;
        long size = Files.size(file);
        for (String mode : new String[] {"stream", "sendfile"}) {
            double[] secs = new double[runs];
            for (int r = 0; r < runs; r++) {
                secs[r] = copyOnce(file, size, mode.equals("sendfile"));
            }
            double best = Arrays.stream(secs).min().orElseThrow();
            System.out.printf("RESULT %s %.4f %d%n", mode, best, size);
            System.out.printf("socket copy (%s): best %.3f s of %s = %.0f MiB/s%n", mode, best,
                    Arrays.toString(Arrays.stream(secs).map(s -> Math.round(s * 1000) / 1000.0).toArray()),
                    size / best / (1 << 20));
        }
    }

    /** One transfer; returns the seconds from connect to the receiver's last byte. */
    static double copyOnce(Path file, long size, boolean sendfile) throws IOException, InterruptedException {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            CompletableFuture<Long> received = CompletableFuture.supplyAsync(() -> drain(server));
            long t0 = System.nanoTime();
            if (sendfile) {
                try (SocketChannel ch = SocketChannel.open(new InetSocketAddress(InetAddress.getLoopbackAddress(),
                        server.getLocalPort())); FileChannel in = FileChannel.open(file, StandardOpenOption.READ)) {
                    for (long pos = 0; pos < size; ) {
                        pos += in.transferTo(pos, size - pos, ch);
                    }
                    ch.shutdownOutput();
                    waitFor(received, size);
                }
            } else {
                try (Socket s = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
                     InputStream in = Files.newInputStream(file)) {
                    OutputStream out = s.getOutputStream();
                    byte[] buf = new byte[BUFFER];
                    for (int n; (n = in.read(buf)) > 0; ) {
                        out.write(buf, 0, n);
                    }
                    out.flush();
                    s.shutdownOutput();
                    waitFor(received, size);
                }
            }
            return (System.nanoTime() - t0) / 1e9;
        }
    }

    private static void waitFor(CompletableFuture<Long> received, long size) throws InterruptedException, IOException {
        long got;
        try {
            got = received.get();
        } catch (ExecutionException e) {
            throw new IOException("receiver failed", e.getCause());
        }
        if (got != size) {
            throw new IOException("receiver got " + got + " bytes, expected " + size);
        }
    }

    private static long drain(ServerSocket server) {
        try (Socket s = server.accept(); InputStream in = s.getInputStream()) {
            byte[] buf = new byte[BUFFER];
            long total = 0;
            for (int n; (n = in.read(buf)) > 0; ) {
                total += n;
            }
            return total;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
