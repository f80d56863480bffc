package org.oxisync.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The peer benchmark's simulated link: bytes go through intact and in order both ways, an end of stream reaches the
 * far side, and a transfer takes at least what its size and the link's rate and delay allow (a lower bound only: a
 * loaded machine makes it slower, never faster).
 */
@Timeout(60)
class LinkProxyTest {

    @Test
    void echoThroughTheLinkReturnsEveryByteInOrderAndPassesTheEndOfStream() throws Exception {
        byte[] payload = new byte[300_000];
        new Random(7).nextBytes(payload);
        try (ServerSocket echo = echoServer()) {
            LinkProxy proxy = LinkProxy.start(echo.getLocalPort(), 1000, 1);
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), proxy.port())) {
                Thread sender = new Thread(() -> {
                    try {
                        OutputStream out = s.getOutputStream();
                        out.write(payload);
                        s.shutdownOutput();
                    } catch (IOException e) {
                        throw new IllegalStateException(e);
                    }
                });
                sender.start();
                byte[] back = s.getInputStream().readAllBytes(); // ends only when the echo saw the end and closed
                sender.join();
                assertArrayEquals(payload, back);
            } finally {
                proxy.close();
            }
        }
    }

    @Test
    void aTransferTakesAtLeastItsSizeOverTheRatePlusTheDelay() throws Exception {
        int bytes = 250_000; // 2 Mbit: 0.2 s at 10 Mbit/s, plus 50 ms one way
        try (ServerSocket sink = new ServerSocket(0, 8, InetAddress.getLoopbackAddress())) {
            Thread reader = new Thread(() -> {
                try (Socket c = sink.accept(); InputStream in = c.getInputStream()) {
                    in.readAllBytes();
                    c.getOutputStream().write(1); // the acknowledgement travels the other direction
                } catch (IOException e) {
                    throw new IllegalStateException(e);
                }
            });
            reader.start();
            LinkProxy proxy = LinkProxy.start(sink.getLocalPort(), 10, 50);
            try (Socket s = new Socket(InetAddress.getLoopbackAddress(), proxy.port())) {
                long t0 = System.nanoTime();
                s.getOutputStream().write(new byte[bytes]);
                s.shutdownOutput();
                int ack = s.getInputStream().read();
                long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - t0);
                assertTrue(ack == 1, "the acknowledgement came back");
                assertTrue(elapsedMs >= 200 + 2 * 50 - 5,
                        "250,000 bytes at 10 Mbit/s and back with 50 ms each way took only " + elapsedMs + " ms");
            } finally {
                proxy.close();
                reader.join();
            }
        }
    }

    private static ServerSocket echoServer() throws IOException {
        ServerSocket server = new ServerSocket(0, 8, InetAddress.getLoopbackAddress());
        Thread t = new Thread(() -> {
            try (Socket c = server.accept()) {
                InputStream in = c.getInputStream();
                OutputStream out = c.getOutputStream();
                ByteArrayOutputStream all = new ByteArrayOutputStream();
                in.transferTo(all);
                out.write(all.toByteArray());
                c.shutdownOutput();
            } catch (IOException e) {
                // the test fails on the client side if the echo did not happen
            }
        });
        t.setDaemon(true);
        t.start();
        return server;
    }
}
