package org.oxisync.core.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.WebSocket;
import okhttp3.WebSocketListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The client of the server's real-time bus (reference §7.5), used only as a "sync now" hint. Detects the bus
 * through {@code GET /api/config} ({@code features.message_bus}; absent or 404 on 0.8.7 → no bus, checked again
 * hourly), connects to {@code /api/rt/ws} (or the announced {@code message_bus_url}) with the account's
 * {@code Authorization}, subscribes to {@code folder:{uuid}} topics, and reconnects with backoff 1 s … 5 min.
 */
final class RemoteBus implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RemoteBus.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration FIRST_BACKOFF = Duration.ofSeconds(1);
    private static final Duration MAX_BACKOFF = Duration.ofMinutes(5);
    private static final Duration REDETECT = Duration.ofHours(1);
    private static final int SUBSCRIBE_BATCH = 500;

    /** What the bus reports. Called on OkHttp threads. */
    interface Listener {
        void connected();

        void disconnected(String why);

        /** Something changed directly in folder {@code folderId}. */
        void event(String folderId, String event);
    }

    private final URI baseUrl;
    private final Supplier<Optional<String>> authorization;
    private final TaskScheduler scheduler;
    private final Listener listener;
    private final OkHttpClient http;
    private final AtomicLong ids = new AtomicLong();
    private Set<String> wanted = new HashSet<>();
    private Set<String> subscribed = new HashSet<>();
    private WebSocket socket;
    private boolean open;
    /** Replies to the first subscriptions still awaited before the bus counts as connected. */
    private int pendingReplies;
    /** Replies to any request still awaited. */
    private int unanswered;
    private boolean closed;
    private int failures;
    private TaskScheduler.Cancellable timer;

    RemoteBus(URI baseUrl, Supplier<Optional<String>> authorization, TaskScheduler scheduler, Listener listener) {
        this.baseUrl = baseUrl;
        this.authorization = authorization;
        this.scheduler = scheduler;
        this.listener = listener;
        this.http = new OkHttpClient.Builder()
                .connectTimeout(15, TimeUnit.SECONDS)
                .readTimeout(0, TimeUnit.SECONDS)
                .pingInterval(30, TimeUnit.SECONDS)
                .followRedirects(false)
                .build();
    }

    void start() {
        scheduler.background("oxisync-bus", this::detectAndConnect);
    }

    /** Connected and the first subscriptions confirmed. */
    synchronized boolean isConnected() {
        return open && pendingReplies == 0;
    }

    /** Connected and every subscription sent so far confirmed (events of those folders will be heard). */
    synchronized boolean isSettled() {
        return open && pendingReplies == 0 && unanswered == 0;
    }

    /** The folders to hear about; subscribes the new ones and unsubscribes the rest while connected. */
    void watchFolders(Set<String> folderIds) {
        WebSocket ws;
        List<String> add = new ArrayList<>();
        List<String> remove = new ArrayList<>();
        synchronized (this) {
            wanted = new HashSet<>(folderIds);
            ws = open ? socket : null;
            if (ws != null) {
                for (String id : wanted) {
                    if (!subscribed.contains(id)) {
                        add.add(id);
                    }
                }
                for (String id : subscribed) {
                    if (!wanted.contains(id)) {
                        remove.add(id);
                    }
                }
                subscribed = new HashSet<>(wanted);
            }
        }
        if (ws != null) {
            send(ws, "subscribe", add);
            send(ws, "unsubscribe", remove);
        }
    }

    private void send(WebSocket ws, String method, List<String> folderIds) {
        for (int i = 0; i < folderIds.size(); i += SUBSCRIBE_BATCH) {
            ObjectNode req = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", ids.incrementAndGet())
                    .put("method", method);
            ArrayNode topics = req.putObject("params").putArray("topics");
            folderIds.subList(i, Math.min(folderIds.size(), i + SUBSCRIBE_BATCH)).forEach(id -> topics.add("folder:" + id));
            synchronized (this) {
                unanswered++;
            }
            if (!ws.send(req.toString())) {
                synchronized (this) {
                    unanswered--;
                }
            }
        }
    }

    private void detectAndConnect() {
        synchronized (this) {
            if (closed) {
                return;
            }
        }
        Optional<URI> url;
        try {
            url = detect();
        } catch (IOException e) {
            LOG.debug("could not ask the server for its features: {}", e.toString());
            retryLater("the server's features could not be read");
            return;
        }
        if (url.isEmpty()) {
            LOG.info("the server has no real-time bus; polling only");
            synchronized (this) {
                if (!closed) {
                    timer = scheduler.schedule(REDETECT, () -> scheduler.background("oxisync-bus", this::detectAndConnect));
                }
            }
            return;
        }
        connect(url.get());
    }

    /** The bus URL, or empty when the server does not offer one. */
    Optional<URI> detect() throws IOException {
        Request req = new Request.Builder().url(baseUrl.resolve("/api/config").toString()).get().build();
        try (Response r = http.newCall(req).execute()) {
            if (r.code() != 200) {
                return Optional.empty();
            }
            JsonNode cfg = JSON.readTree(r.body().byteStream());
            if (!cfg.path("features").path("message_bus").asBoolean(false)) {
                return Optional.empty();
            }
            String announced = cfg.path("message_bus_url").asText("");
            if (!announced.isEmpty()) {
                URI u = URI.create(announced);
                if (!u.getHost().equals(baseUrl.getHost())) {
                    LOG.warn("ignoring a bus URL on another host than the server");
                } else {
                    return Optional.of(u);
                }
            }
            String scheme = "https".equals(baseUrl.getScheme()) ? "wss" : "ws";
            return Optional.of(URI.create(scheme + "://" + baseUrl.getRawAuthority() + "/api/rt/ws"));
        } catch (RuntimeException e) {
            throw new IOException("unreadable /api/config: " + e.getClass().getSimpleName(), e);
        }
    }

    private void connect(URI url) {
        Optional<String> auth = authorization.get();
        if (auth.isEmpty()) {
            retryLater("not logged in");
            return;
        }
        // OkHttp takes http(s) URLs for WebSockets
        String httpUrl = url.toString().replaceFirst("^ws", "http");
        Request req = new Request.Builder().url(httpUrl).header("Authorization", auth.get()).build();
        synchronized (this) {
            if (closed) {
                return;
            }
            socket = http.newWebSocket(req, new Handler());
        }
    }

    private void retryLater(String why) {
        Duration wait;
        synchronized (this) {
            if (closed) {
                return;
            }
            wait = FIRST_BACKOFF.multipliedBy(1L << Math.min(failures, 20));
            if (wait.compareTo(MAX_BACKOFF) > 0) {
                wait = MAX_BACKOFF;
            }
            failures++;
            timer = scheduler.schedule(wait, () -> scheduler.background("oxisync-bus", this::detectAndConnect));
        }
        LOG.debug("bus: {}; next try in {} ms", why, wait.toMillis());
    }

    private void lost(WebSocket ws, String why) {
        boolean wasOpen;
        synchronized (this) {
            if (ws != socket) {
                return;
            }
            wasOpen = open && pendingReplies == 0;
            open = false;
            pendingReplies = 0;
            unanswered = 0;
            socket = null;
            subscribed = new HashSet<>();
        }
        if (wasOpen) {
            listener.disconnected(why);
        }
        retryLater(why);
    }

    @Override
    public void close() {
        WebSocket ws;
        synchronized (this) {
            closed = true;
            ws = socket;
            socket = null;
            open = false;
            if (timer != null) {
                timer.cancel();
            }
        }
        if (ws != null) {
            ws.close(1000, "client stopping");
        }
        http.dispatcher().executorService().shutdown();
        http.connectionPool().evictAll();
    }

    private final class Handler extends WebSocketListener {
        @Override
        public void onOpen(WebSocket ws, Response response) {
            List<String> all;
            synchronized (RemoteBus.this) {
                if (ws != socket) {
                    ws.cancel();
                    return;
                }
                open = true;
                failures = 0;
                subscribed = new HashSet<>(wanted);
                all = new ArrayList<>(wanted);
                pendingReplies = (all.size() + SUBSCRIBE_BATCH - 1) / SUBSCRIBE_BATCH;
                unanswered = 0;
            }
            LOG.info("real-time bus connected; subscribing to {} folder(s)", all.size());
            send(ws, "subscribe", all);
            if (all.isEmpty()) {
                listener.connected();
            }
        }

        @Override
        public void onMessage(WebSocket ws, String text) {
            try {
                JsonNode n = JSON.readTree(text);
                if ("event".equals(n.path("method").asText())) {
                    JsonNode p = n.path("params");
                    String folder = p.path("folder_id").asText("");
                    if (folder.isEmpty()) {
                        String topic = p.path("topic").asText("");
                        folder = topic.startsWith("folder:") ? topic.substring(7) : "";
                    }
                    listener.event(folder, p.path("event").asText(""));
                } else if (n.has("result") || n.has("error")) {
                    if (n.has("error")) {
                        LOG.debug("bus call failed: {}", n.path("error").path("message").asText());
                    }
                    boolean nowReady;
                    synchronized (RemoteBus.this) {
                        nowReady = pendingReplies == 1 && open && ws == socket;
                        if (pendingReplies > 0) {
                            pendingReplies--;
                        }
                        if (unanswered > 0) {
                            unanswered--;
                        }
                    }
                    if (nowReady) {
                        listener.connected();
                    }
                }
            } catch (IOException | RuntimeException e) {
                LOG.debug("unreadable bus message ignored");
            }
        }

        @Override
        public void onClosing(WebSocket ws, int code, String reason) {
            ws.close(1000, null);
        }

        @Override
        public void onClosed(WebSocket ws, int code, String reason) {
            lost(ws, "closed by the server (" + code + ")");
        }

        @Override
        public void onFailure(WebSocket ws, Throwable t, Response response) {
            String why = response != null ? "HTTP " + response.code() : t.getClass().getSimpleName();
            lost(ws, why);
        }
    }
}
