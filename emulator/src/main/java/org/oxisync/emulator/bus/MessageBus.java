package org.oxisync.emulator.bus;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.BiPredicate;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The real-time bus of newer OxiCloud servers (reference §7.5): JSON-RPC 2.0 over a WebSocket at
 * {@code /api/rt/ws}, Bearer (or Basic) auth on the upgrade, topics {@code folder:{uuid}}, best effort, no replay.
 *
 * <p>The JDK {@code HttpServer} of the REST side cannot hand over its socket after a 101 (its exchange streams
 * frame or close the body), so the bus listens on a second loopback port with this small RFC 6455 server; the URL
 * is announced in {@code /api/config} as {@code message_bus_url}. Methods: {@code subscribe} /
 * {@code unsubscribe} with {@code {"topics": ["folder:ID", ...]}} → {@code {"subscribed": [...], "rejected": [...]}}
 * (only the caller's own folders), {@code ping} → {@code "pong"}. Events are notifications
 * {@code {"jsonrpc":"2.0","method":"event","params":{"topic","event","resource_id","folder_id"}}}, sent only to
 * the folder whose direct content changed (the emulator's stricter reading; the real server's fan-out is not
 * documented). A client whose queue of 1,000 unsent events is full loses events, like the real bus.
 */
public final class MessageBus implements TreeListener, AutoCloseable {
    /** Subscriptions per connection (newer upstream's limit, audit #11). */
    public static final int MAX_TOPICS = 128;

    private static final Logger LOG = LoggerFactory.getLogger(MessageBus.class);
    public static final String PATH = "/api/rt/ws";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int QUEUE = 1000;

    private final Function<String, String> authenticate;
    private final BiPredicate<String, String> ownsFolder;
    private final Set<Connection> connections = ConcurrentHashMap.newKeySet();
    private final ServerSocket server;
    private volatile boolean closed;

    /**
     * @param authenticate the {@code Authorization} header → the user id; throws when it is not valid
     * @param ownsFolder whether (user id, folder id) is a live folder of that user
     */
    public MessageBus(Function<String, String> authenticate, BiPredicate<String, String> ownsFolder) throws IOException {
        this.authenticate = authenticate;
        this.ownsFolder = ownsFolder;
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 64);
        Thread t = new Thread(this::acceptLoop, "emulator-bus-accept");
        t.setDaemon(true);
        t.start();
    }

    /** {@code ws://127.0.0.1:PORT/api/rt/ws}. */
    public String url() {
        return "ws://127.0.0.1:" + server.getLocalPort() + PATH;
    }

    /** Open connections (for tests). */
    public int connectionCount() {
        return connections.size();
    }

    /** Drops every connection, as a server restart or a network cut would (tests of reconnecting). */
    public void disconnectAll() {
        for (Connection c : connections) {
            c.close();
        }
    }

    @Override
    public void changed(TreeEvent e) {
        if (connections.isEmpty()) {
            return;
        }
        for (String folderId : e.folderIds()) {
            String topic = "folder:" + folderId;
            byte[] frame = null;
            for (Connection c : connections) {
                if (c.userId.equals(e.userId()) && c.topics.contains(topic)) {
                    if (frame == null) {
                        // newer upstream dialect (audit #11, rt_ws.rs @7918fff4:10-17): rt.event {topic, event, data}
                        ObjectNode params = JSON.createObjectNode().put("topic", topic).put("event", e.event())
                                .put("resource_id", e.resourceId()).put("folder_id", folderId);
                        params.set("data", JSON.createObjectNode().put("resource_id", e.resourceId())
                                .put("folder_id", folderId));
                        ObjectNode n = JSON.createObjectNode().put("jsonrpc", "2.0").put("method", "rt.event");
                        n.set("params", params);
                        frame = n.toString().getBytes(StandardCharsets.UTF_8);
                    }
                    c.offer(frame);
                }
            }
        }
    }

    private void acceptLoop() {
        while (!closed) {
            try {
                Socket s = server.accept();
                Thread t = new Thread(() -> serve(s), "emulator-bus-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                if (!closed) {
                    LOG.warn("bus accept failed: {}", e.toString());
                }
            }
        }
    }

    private void serve(Socket s) {
        Connection c = null;
        try {
            s.setTcpNoDelay(true);
            InputStream in = new BufferedInputStream(s.getInputStream());
            OutputStream out = s.getOutputStream();
            Map<String, String> headers = new LinkedHashMap<>();
            String requestLine = readHead(in, headers);
            String[] parts = requestLine.split(" ");
            String path = parts.length >= 2 ? parts[1].split("\\?", 2)[0] : "";
            if (parts.length < 3 || !parts[0].equals("GET") || !path.equals(PATH)) {
                reject(out, 404, "Not Found");
                return;
            }
            String key = headers.get("sec-websocket-key");
            if (key == null || !headers.getOrDefault("upgrade", "").toLowerCase(Locale.ROOT).contains("websocket")
                    || !"13".equals(headers.getOrDefault("sec-websocket-version", "").trim())) {
                reject(out, 400, "Bad Request");
                return;
            }
            String userId;
            try {
                String auth = headers.get("authorization");
                if (auth == null) {
                    throw new IllegalArgumentException("no Authorization header");
                }
                userId = authenticate.apply(auth);
            } catch (RuntimeException e) {
                reject(out, 401, "Unauthorized");
                return;
            }
            out.write(("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    + "Sec-WebSocket-Accept: " + WebSocketFrames.accept(key) + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            c = new Connection(s, out, userId);
            connections.add(c);
            c.startWriter();
            while (!closed) {
                WebSocketFrames.Message m = WebSocketFrames.read(in);
                switch (m.opcode()) {
                    case WebSocketFrames.CLOSE -> {
                        c.sendNow(WebSocketFrames.CLOSE, m.payload().length >= 2
                                ? new byte[] {m.payload()[0], m.payload()[1]} : new byte[0]);
                        return;
                    }
                    case WebSocketFrames.PING -> c.sendNow(WebSocketFrames.PONG, m.payload());
                    case WebSocketFrames.TEXT -> {
                        byte[] reply = handle(c, m.text());
                        if (reply != null) {
                            c.offer(reply);
                        }
                    }
                    default -> { /* pong, binary: ignored */ }
                }
            }
        } catch (SocketException | java.io.EOFException e) {
            // the client went away
        } catch (IOException | RuntimeException e) {
            LOG.debug("bus connection ended: {}", e.toString());
        } finally {
            if (c != null) {
                connections.remove(c);
                c.close();
            } else {
                try {
                    s.close();
                } catch (IOException ignored) {
                    // closing
                }
            }
        }
    }

    private byte[] handle(Connection c, String text) {
        JsonNode req;
        try {
            req = JSON.readTree(text);
        } catch (IOException e) {
            return error(null, -32700, "parse error");
        }
        JsonNode id = req.get("id");
        String method = req.path("method").asText("");
        ObjectNode result = JSON.createObjectNode();
        switch (method) {
            case "rt.subscribe", "rt.unsubscribe" -> {
                // one topic per request, at most MAX_TOPICS per connection, result {"subscribed": topic}
                JsonNode topic = req.path("params").path("topic");
                if (!topic.isTextual()) {
                    return error(id, -32602, "params.topic must be a string \"folder:{uuid}\"");
                }
                String t = topic.asText();
                if (method.equals("rt.unsubscribe")) {
                    c.topics.remove(t);
                    result.put("unsubscribed", t);
                } else if (!t.startsWith("folder:") || !ownsFolder.test(c.userId, t.substring(7))) {
                    return error(id, -32602, "topic not allowed: " + t);
                } else if (!c.topics.contains(t) && c.topics.size() >= MAX_TOPICS) {
                    return error(id, -32602, "too many subscriptions (max " + MAX_TOPICS + ")");
                } else {
                    c.topics.add(t);
                    result.put("subscribed", t);
                }
            }
            case "ping", "rt.ping" -> {
                return id == null ? null : reply(id, JSON.getNodeFactory().textNode("pong"));
            }
            default -> {
                return error(id, -32601, "method not found");
            }
        }
        return id == null ? null : reply(id, result);
    }

    private static byte[] reply(JsonNode id, JsonNode result) {
        ObjectNode n = JSON.createObjectNode().put("jsonrpc", "2.0");
        n.set("id", id);
        n.set("result", result);
        return n.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] error(JsonNode id, int code, String message) {
        ObjectNode n = JSON.createObjectNode().put("jsonrpc", "2.0");
        n.set("id", id == null ? JSON.nullNode() : id);
        n.putObject("error").put("code", code).put("message", message);
        return n.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static String readHead(InputStream in, Map<String, String> headers) throws IOException {
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        int state = 0;
        while (state < 4) {
            int b = in.read();
            if (b < 0) {
                throw new java.io.EOFException("closed during the handshake");
            }
            buf.write(b);
            if (buf.size() > 16_384) {
                throw new IOException("handshake too large");
            }
            state = (b == '\r' && (state == 0 || state == 2)) || (b == '\n' && (state == 1 || state == 3))
                    ? state + 1 : (b == '\r' ? 1 : 0);
        }
        String[] lines = buf.toString(StandardCharsets.ISO_8859_1).split("\r\n");
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.put(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim());
            }
        }
        return lines.length > 0 ? lines[0] : "";
    }

    private static void reject(OutputStream out, int status, String reason) throws IOException {
        out.write(("HTTP/1.1 " + status + " " + reason + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII));
        out.flush();
    }

    @Override
    public void close() {
        closed = true;
        try {
            server.close();
        } catch (IOException ignored) {
            // closing
        }
        disconnectAll();
    }

    /** One client: its topics, and a writer thread draining a bounded queue so publishing never blocks. */
    private static final class Connection {
        final Socket socket;
        final OutputStream out;
        final String userId;
        final Set<String> topics = ConcurrentHashMap.newKeySet();
        final BlockingQueue<byte[]> outbox = new ArrayBlockingQueue<>(QUEUE);
        volatile boolean open = true;

        Connection(Socket socket, OutputStream out, String userId) {
            this.socket = socket;
            this.out = out;
            this.userId = userId;
        }

        void startWriter() {
            Thread t = new Thread(() -> {
                try {
                    while (open) {
                        byte[] m = outbox.poll(1, TimeUnit.SECONDS);
                        if (m != null) {
                            sendNow(WebSocketFrames.TEXT, m);
                        }
                    }
                } catch (InterruptedException | IOException e) {
                    close();
                }
            }, "emulator-bus-writer");
            t.setDaemon(true);
            t.start();
        }

        void offer(byte[] message) {
            if (open) {
                outbox.offer(message); // best effort: a full queue drops the event
            }
        }

        synchronized void sendNow(int opcode, byte[] payload) throws IOException {
            WebSocketFrames.write(out, opcode, payload);
        }

        void close() {
            open = false;
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing
            }
        }
    }
}
