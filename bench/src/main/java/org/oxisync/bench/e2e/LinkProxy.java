package org.oxisync.bench.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A simulated network link between the benchmark's clients and the emulator, so the peer benchmark can say what a
 * workload costs on a real link instead of loopback, where bytes cost nothing: a TCP proxy on 127.0.0.1
 * whose two directions are each a serial link of RATE megabits a second with a one-way delay of DELAY_MS, shared
 * by every connection (a home uplink is one pipe, whichever client or connection uses it).
 *
 * <p>Model: bytes read from one side take their turn on the direction's link ({@link Link#reserve}: the link is busy
 * for {@code n * 8 / rate} seconds per {@code n} bytes, after the bytes before them), then arrive {@code DELAY_MS}
 * later. A reader does not wait for its bytes' arrival before reading more (the link holds a bandwidth-delay product
 * in flight); each direction of a connection buffers at most {@value #QUEUED_READS} reads, so a sender is held back
 * by TCP as on a real link. No loss, no reordering. JDK only (compiled by e2e-lib.sh's {@code e2e_init}).
 *
 * <p>usage: {@code LinkProxy TARGET_PORT MBIT DELAY_MS} (target on 127.0.0.1); prints
 * {@code link proxy ready at http://127.0.0.1:PORT} and runs until killed.
 */
public final class LinkProxy {
    private static final int READ_BYTES = 16 * 1024;
    private static final int QUEUED_READS = 64;

    private final int targetPort;
    private final Link up;
    private final Link down;
    private final ServerSocket server;

    private LinkProxy(int targetPort, double mbit, long delayMs) throws IOException {
        if (mbit <= 0 || delayMs < 0) {
            throw new IllegalArgumentException("the rate must be positive and the delay not negative");
        }
        this.targetPort = targetPort;
        long bytesPerSecond = (long) (mbit * 1_000_000 / 8);
        this.up = new Link(bytesPerSecond, TimeUnit.MILLISECONDS.toNanos(delayMs));
        this.down = new Link(bytesPerSecond, TimeUnit.MILLISECONDS.toNanos(delayMs));
        this.server = new ServerSocket(0, 128, InetAddress.getLoopbackAddress());
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 3) {
            System.err.println("usage: LinkProxy TARGET_PORT MBIT DELAY_MS");
            System.exit(2);
        }
        LinkProxy proxy = new LinkProxy(Integer.parseInt(args[0]), Double.parseDouble(args[1]),
                Long.parseLong(args[2]));
        System.out.println("link proxy ready at http://127.0.0.1:" + proxy.port());
        System.out.flush();
        proxy.acceptUntilClosed();
    }

    /** A proxy in front of 127.0.0.1:{@code targetPort}, accepting on a thread of its own until {@link #close}. */
    static LinkProxy start(int targetPort, double mbit, long delayMs) throws IOException {
        LinkProxy proxy = new LinkProxy(targetPort, mbit, delayMs);
        Thread accept = new Thread(proxy::acceptUntilClosed, "link-accept");
        accept.setDaemon(true);
        accept.start();
        return proxy;
    }

    int port() {
        return server.getLocalPort();
    }

    void close() throws IOException {
        server.close();
    }

    private void acceptUntilClosed() {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        while (!server.isClosed()) {
            Socket client;
            try {
                client = server.accept();
            } catch (IOException e) {
                return; // closed
            }
            Socket target = new Socket();
            try {
                target.connect(new InetSocketAddress(loopback, targetPort));
                client.setTcpNoDelay(true);
                target.setTcpNoDelay(true);
            } catch (IOException e) {
                closeQuietly(client, target);
                continue;
            }
            AtomicInteger ended = new AtomicInteger();
            Runnable directionEnded = () -> {
                if (ended.incrementAndGet() == 2) {
                    closeQuietly(client, target);
                }
            };
            pump(client, target, up, "up", directionEnded);
            pump(target, client, down, "down", directionEnded);
        }
    }

    /** Starts the reader and the writer of one direction of one connection. */
    private static void pump(Socket from, Socket to, Link link, String name, Runnable ended) {
        BlockingQueue<Packet> queue = new ArrayBlockingQueue<>(QUEUED_READS);
        Thread reader = new Thread(() -> read(from, to, link, queue), "link-" + name + "-read");
        Thread writer = new Thread(() -> write(from, to, queue, ended), "link-" + name + "-write");
        reader.setDaemon(true);
        writer.setDaemon(true);
        reader.start();
        writer.start();
    }

    private static void read(Socket from, Socket to, Link link, BlockingQueue<Packet> queue) {
        byte[] buf = new byte[READ_BYTES];
        try {
            InputStream in = from.getInputStream(); // not closed here: that would close the socket both ways
            int n;
            while ((n = in.read(buf)) > 0) {
                byte[] copy = Arrays.copyOf(buf, n);
                queue.put(new Packet(copy, link.reserve(n)));
            }
            queue.put(new Packet(null, link.reserve(0)));
        } catch (IOException e) {
            closeQuietly(from, to);
            queue.offer(new Packet(null, 0));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void write(Socket from, Socket to, BlockingQueue<Packet> queue, Runnable ended) {
        try {
            OutputStream out = to.getOutputStream();
            while (true) {
                Packet p = queue.take();
                long wait = p.arrivesAt - System.nanoTime();
                if (wait > 0) {
                    TimeUnit.NANOSECONDS.sleep(wait);
                }
                if (p.bytes == null) {
                    if (!to.isClosed()) {
                        to.shutdownOutput(); // the sender's end of stream, after everything it sent
                    }
                    ended.run();
                    return;
                }
                out.write(p.bytes);
            }
        } catch (IOException e) {
            closeQuietly(from, to);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(Socket a, Socket b) {
        try {
            a.close();
        } catch (IOException ignored) {
            // closing: nothing to do
        }
        try {
            b.close();
        } catch (IOException ignored) {
            // closing: nothing to do
        }
    }

    private record Packet(byte[] bytes, long arrivesAt) {
    }

    /** One direction of the link: serial, {@code bytesPerSecond}, then {@code delayNanos} of propagation. */
    static final class Link {
        private final long bytesPerSecond;
        private final long delayNanos;
        private long freeAt;

        Link(long bytesPerSecond, long delayNanos) {
            this.bytesPerSecond = bytesPerSecond;
            this.delayNanos = delayNanos;
            this.freeAt = System.nanoTime();
        }

        /** Puts {@code n} bytes on the link now; returns when their last byte arrives at the far end. */
        synchronized long reserve(int n) {
            long now = System.nanoTime();
            long start = Math.max(now, freeAt);
            freeAt = start + n * 1_000_000_000L / bytesPerSecond;
            return freeAt + delayNanos;
        }
    }
}
