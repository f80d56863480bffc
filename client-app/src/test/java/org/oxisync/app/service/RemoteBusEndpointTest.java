package org.oxisync.app.service;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The real-time bus keeps the scheme, host and port the client signed in to, whatever the server announces. */
class RemoteBusEndpointTest {

    /** What {@code detect()} finds when the server's /api/config announces {@code announced}. */
    private static Optional<URI> detected(String announcedTemplate) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        int port = server.getAddress().getPort();
        String body = "{\"features\":{\"message_bus\":true},\"message_bus_url\":\""
                + announcedTemplate.replace("PORT", String.valueOf(port)) + "\"}";
        server.createContext("/api/config", ex -> {
            byte[] b = body.getBytes(StandardCharsets.UTF_8);
            ex.sendResponseHeaders(200, b.length);
            ex.getResponseBody().write(b);
            ex.close();
        });
        server.start();
        try {
            return new RemoteBus(URI.create("http://127.0.0.1:" + port), Optional::empty, null, null).detect()
                    .map(u -> URI.create(u.toString().replace(":" + port, ":PORT")));
        } finally {
            server.stop(0);
        }
    }

    @Test
    void aBusUrlOnTheSignedInEndpointIsTaken() throws Exception {
        assertEquals(Optional.of(URI.create("ws://127.0.0.1:PORT/rt/other")), detected("ws://127.0.0.1:PORT/rt/other"));
    }

    @Test
    void aBusUrlMovedToAnotherPortIsIgnored() throws Exception {
        assertEquals(Optional.of(URI.create("ws://127.0.0.1:PORT/api/rt/ws")), detected("ws://127.0.0.1:1/evil"));
    }

    @Test
    void aBusUrlWithAnotherSchemeIsIgnored() throws Exception {
        assertEquals(Optional.of(URI.create("ws://127.0.0.1:PORT/api/rt/ws")), detected("wss://127.0.0.1:PORT/x"));
    }

    @Test
    void aBusUrlThatDropsWssToWsIsNeverTaken() {
        assertEquals(Optional.empty(), RemoteBus.sameEndpoint(URI.create("https://cloud.example.org"),
                "ws://cloud.example.org/api/rt/ws"));
        assertEquals(Optional.empty(), RemoteBus.sameEndpoint(URI.create("https://cloud.example.org"),
                "wss://cloud.example.org:8443/api/rt/ws"));
        assertEquals(Optional.of(URI.create("wss://cloud.example.org:443/api/rt/ws")), RemoteBus.sameEndpoint(
                URI.create("https://cloud.example.org"), "wss://cloud.example.org:443/api/rt/ws"));
    }
}
