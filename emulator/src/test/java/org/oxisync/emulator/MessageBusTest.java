package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The real-time bus (reference §7.5) through the JDK's own WebSocket client. */
class MessageBusTest extends EmulatorTestBase {

    private final BlockingQueue<JsonNode> received = new LinkedBlockingQueue<>();

    private WebSocket connect(String url, String authorization) throws Exception {
        WebSocket.Builder b = HttpClient.newHttpClient().newWebSocketBuilder();
        if (authorization != null) {
            b.header("Authorization", authorization);
        }
        return b.buildAsync(URI.create(url), new WebSocket.Listener() {
            private final StringBuilder text = new StringBuilder();

            @Override
            public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
                text.append(data);
                if (last) {
                    try {
                        received.add(Http.JSON.readTree(text.toString()));
                    } catch (java.io.IOException e) {
                        throw new AssertionError(e);
                    }
                    text.setLength(0);
                }
                ws.request(1);
                return null;
            }
        }).get(5, TimeUnit.SECONDS);
    }

    private String bearer() {
        return "Bearer " + http.login("alice", "secret").get("access_token").asText();
    }

    private JsonNode next() throws InterruptedException {
        JsonNode n = received.poll(5, TimeUnit.SECONDS);
        assertNotNull(n, "no message within 5 s");
        return n;
    }

    @Test
    void configAnnouncesTheBusOnlyWhileItRuns() {
        assertEquals(404, http.get("/api/config").status(), "authenticated: 404 (catch-all)");
        assertEquals(401, new Http(emu.baseUrl()).get("/api/config").status(), "unauthenticated: 401");
        String url = emu.startMessageBus();
        JsonNode cfg = http.get("/api/config").json();
        assertTrue(cfg.path("features").path("message_bus").asBoolean());
        assertEquals(url, cfg.path("message_bus_url").asText());
        emu.stopMessageBus();
        assertEquals(404, http.get("/api/config").status());
    }

    @Test
    void subscribedClientHearsFileCreatedInThatFolderAndNothingFromOtherFolders() throws Exception {
        String url = emu.startMessageBus();
        String docs = mkdir(root, "docs");
        WebSocket ws = connect(url, bearer());
        ws.sendText("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"rt.subscribe\",\"params\":{\"topic\":\"folder:" + docs
                + "\"}}", true).get(5, TimeUnit.SECONDS);
        JsonNode reply = next();
        assertEquals(1, reply.get("id").asInt());
        assertEquals("folder:" + docs, reply.path("result").path("subscribed").asText());
        ws.sendText("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"rt.subscribe\",\"params\":{\"topic\":\"folder:not-a-folder\"}}",
                true).get(5, TimeUnit.SECONDS);
        JsonNode refused = next();
        assertEquals(2, refused.get("id").asInt());
        assertTrue(refused.has("error"), "a refused topic is an error, never a result");
        ws.sendText("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"subscribe\",\"params\":{\"topics\":[\"folder:" + docs
                + "\"]}}", true).get(5, TimeUnit.SECONDS);
        assertEquals(-32601, next().path("error").path("code").asInt(), "the old made-up dialect is gone");

        upload(root, "elsewhere.txt", "x".getBytes());
        JsonNode created = upload(docs, "a.txt", "hello".getBytes());
        JsonNode ev = next();
        assertEquals("rt.event", ev.get("method").asText());
        assertEquals(created.get("id").asText(), ev.path("params").path("data").path("resource_id").asText());
        assertEquals("file_created", ev.path("params").path("event").asText());
        assertEquals(created.get("id").asText(), ev.path("params").path("resource_id").asText());
        assertEquals("folder:" + docs, ev.path("params").path("topic").asText());
        assertNull(received.poll(200, TimeUnit.MILLISECONDS), "the root folder's change must not reach a docs subscriber");

        emu.remote("alice").move("/docs/a.txt", "/b.txt");
        assertEquals("file_moved", next().path("params").path("event").asText());
        ws.abort();
    }

    @Test
    void anotherUsersFolderCannotBeSubscribed() throws Exception {
        String url = emu.startMessageBus();
        WebSocket ws = connect(url, bearer());
        String bobRoot = emu.rootFolderId("bob");
        ws.sendText("{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"rt.subscribe\",\"params\":{\"topic\":\"folder:" + bobRoot
                + "\"}}", true).get(5, TimeUnit.SECONDS);
        JsonNode reply = next();
        assertTrue(reply.has("error"));
        assertTrue(reply.path("result").isMissingNode());
        ws.abort();
    }

    @Test
    void upgradeWithoutValidCredentialsIsRefused() {
        String url = emu.startMessageBus();
        ExecutionException noAuth = assertThrows(ExecutionException.class, () -> connect(url, null));
        assertEquals(401, ((java.net.http.WebSocketHandshakeException) noAuth.getCause()).getResponse().statusCode());
        ExecutionException bad = assertThrows(ExecutionException.class, () -> connect(url, "Bearer not-a-token"));
        assertEquals(401, ((java.net.http.WebSocketHandshakeException) bad.getCause()).getResponse().statusCode());
    }

    @Test
    void unknownMethodGetsAJsonRpcError() throws Exception {
        String url = emu.startMessageBus();
        WebSocket ws = connect(url, bearer());
        ws.sendText("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"nope\"}", true).get(5, TimeUnit.SECONDS);
        assertEquals(-32601, next().path("error").path("code").asInt());
        ws.sendText("{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\"}", true).get(5, TimeUnit.SECONDS);
        assertEquals("pong", next().path("result").asText());
        ws.abort();
    }

    @Test
    void disconnectAllDropsClients() throws Exception {
        emu.startMessageBus();
        connect(emu.messageBus().url(), bearer());
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (emu.messageBus().connectionCount() != 1 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(1, emu.messageBus().connectionCount());
        emu.messageBus().disconnectAll();
        while (emu.messageBus().connectionCount() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(10);
        }
        assertEquals(0, emu.messageBus().connectionCount());
    }
}
