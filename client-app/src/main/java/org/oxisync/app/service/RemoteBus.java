package org.oxisync.app.service;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
 * through {@code GET /api/config} ({@code features.message_bus}; OxiCloud 0.8.7 has no such route and answers 401
 * or 404 → no bus, polling only, checked again hourly), connects to {@code /api/rt/ws} (or the announced
 * {@code message_bus_url}) with the account's {@code Authorization}, and reconnects with backoff 1 s … 5 min.
 *
 * <p>The dialect is the one of the newer upstream servers ({@code rt_ws.rs}, audit finding #11): JSON-RPC 2.0
 * requests {@code rt.subscribe {topic}} with ONE topic each, at most {@value #MAX_TOPICS} topics per connection,
 * answered by {@code result.subscribed}; pushes are {@code rt.event {topic, event, data}}. Only a reply whose
 * {@code result.subscribed} is true counts: an error reply leaves that folder to polling. The bus counts as
 * connected (and the pair's poll interval long) only when every folder of the account is confirmed; with more
 * folders than a connection may hold, the first {@value #MAX_TOPICS} still give early hints and polling stays.
 */
final class RemoteBus implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(RemoteBus.class);
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration FIRST_BACKOFF = Duration.ofSeconds(1);
    private static final Duration MAX_BACKOFF = Duration.ofMinutes(5);
    private static final Duration REDETECT = Duration.ofHours(1);
    static final int MAX_TOPICS = 128;

    /** What the bus reports. Called on OkHttp threads. */
    interface Listener {
        void connected();

        void disconnected(String why);

        /** Something changed directly in folder {@code folderId}. */
        void event(String folderId, String event);
    }

    private final URI baseUrl;
    private final URI trusted;
    private final Supplier<Optional<String>> authorization;
    private final TaskScheduler scheduler;
    private final Listener listener;
    private final OkHttpClient http;
    private final AtomicLong ids = new AtomicLong();
    private Set<String> wanted = new HashSet<>();
    /** Folders with a subscribe request sent on this connection (at most {@link #MAX_TOPICS}). */
    private Set<String> subscribed = new HashSet<>();
    /** Folders whose subscription the server confirmed with {@code result.subscribed}. */
    private Set<String> confirmed = new HashSet<>();
    /** Requests awaiting a reply: id → folder; a subscribe's folder, or null for an unsubscribe. */
    private final java.util.Map<Long, String> awaiting = new java.util.HashMap<>();
    private WebSocket socket;
    private boolean open;
    /** Whether {@link Listener#connected} was called for this connection. */
    private boolean announced;
    private boolean closed;
    private int failures;
    private TaskScheduler.Cancellable timer;

    RemoteBus(URI baseUrl, Supplier<Optional<String>> authorization, TaskScheduler scheduler, Listener listener) {
        this(baseUrl, null, authorization, scheduler, listener);
    }

    /** @param trusted a bus URL the caller vouches for, used when the server offers a bus; null: its own endpoint */
    RemoteBus(URI baseUrl, URI trusted, Supplier<Optional<String>> authorization, TaskScheduler scheduler,
              Listener listener) {
        this.baseUrl = baseUrl;
        this.trusted = trusted;
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

    /** Connected, and the server confirmed a subscription for every folder of the account. */
    synchronized boolean isConnected() {
        return open && confirmed.containsAll(wanted);
    }

    /** Connected, every folder confirmed and no request unanswered (events of all folders will be heard). */
    synchronized boolean isSettled() {
        return isConnected() && awaiting.isEmpty();
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
                for (String id : subscribed) {
                    if (!wanted.contains(id)) {
                        remove.add(id);
                    }
                }
                subscribed.removeAll(remove);
                confirmed.removeAll(remove);
                add.addAll(toSubscribe());
            }
        }
        if (ws != null) {
            remove.forEach(id -> send(ws, "rt.unsubscribe", id));
            add.forEach(id -> send(ws, "rt.subscribe", id));
            announceIfCovered();
        }
    }

    /** Wanted folders not yet subscribed, within the connection's room; marks them subscribed. Holds the lock. */
    private List<String> toSubscribe() {
        List<String> add = new ArrayList<>();
        for (String id : new java.util.TreeSet<>(wanted)) {
            if (subscribed.size() >= MAX_TOPICS) {
                break;
            }
            if (subscribed.add(id)) {
                add.add(id);
            }
        }
        return add;
    }

    private void send(WebSocket ws, String method, String folderId) {
        long id = ids.incrementAndGet();
        ObjectNode req = JSON.createObjectNode().put("jsonrpc", "2.0").put("id", id).put("method", method);
        req.putObject("params").put("topic", "folder:" + folderId);
        synchronized (this) {
            awaiting.put(id, method.equals("rt.subscribe") ? folderId : null);
        }
        if (!ws.send(req.toString())) {
            synchronized (this) {
                awaiting.remove(id);
            }
        }
    }

    /** Tells the listener once per connection when every wanted folder is confirmed. */
    private void announceIfCovered() {
        boolean now;
        synchronized (this) {
            now = !announced && isConnected();
            if (now) {
                announced = true;
            }
        }
        if (now) {
            listener.connected();
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
            if (trusted != null) {
                return Optional.of(trusted);
            }
            String announced = cfg.path("message_bus_url").asText("");
            if (!announced.isEmpty()) {
                Optional<URI> kept = sameEndpoint(baseUrl, announced);
                if (kept.isPresent()) {
                    return kept;
                }
                LOG.warn("ignoring a bus URL that is not on the scheme, host and port the client signed in to");
            }
            return Optional.of(URI.create(busScheme(baseUrl) + "://" + baseUrl.getRawAuthority() + "/api/rt/ws"));
        } catch (RuntimeException e) {
            throw new IOException("unreadable /api/config: " + e.getClass().getSimpleName(), e);
        }
    }

    /**
     * The announced bus URL when it keeps what the client signed in to: wss for https (ws only for http), the same
     * host and the same port, no user part. The account's Authorization goes to it, so a server (or whoever
     * changed its answer) must not move it to plain ws or to another service on the host.
     */
    static Optional<URI> sameEndpoint(URI base, String announced) {
        URI u;
        try {
            u = new URI(announced);
        } catch (java.net.URISyntaxException e) {
            return Optional.empty();
        }
        if (!busScheme(base).equalsIgnoreCase(u.getScheme()) || u.getHost() == null
                || !u.getHost().equalsIgnoreCase(base.getHost()) || u.getRawUserInfo() != null
                || port(u) != port(base)) {
            return Optional.empty();
        }
        return Optional.of(u);
    }

    private static String busScheme(URI base) {
        return "https".equalsIgnoreCase(base.getScheme()) ? "wss" : "ws";
    }

    private static int port(URI u) {
        if (u.getPort() > 0) {
            return u.getPort();
        }
        String s = u.getScheme() == null ? "" : u.getScheme().toLowerCase(java.util.Locale.ROOT);
        return s.equals("https") || s.equals("wss") ? 443 : 80;
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
            wasOpen = open && announced;
            open = false;
            announced = false;
            awaiting.clear();
            socket = null;
            subscribed = new HashSet<>();
            confirmed = new HashSet<>();
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
                announced = false;
                subscribed = new HashSet<>();
                confirmed = new HashSet<>();
                awaiting.clear();
                all = toSubscribe();
            }
            LOG.info("real-time bus connected; subscribing to {} of {} folder(s)", all.size(), wanted.size());
            all.forEach(id -> send(ws, "rt.subscribe", id));
            announceIfCovered();
        }

        @Override
        public void onMessage(WebSocket ws, String text) {
            try {
                JsonNode n = JSON.readTree(text);
                if ("rt.event".equals(n.path("method").asText())) {
                    String topic = n.path("params").path("topic").asText("");
                    if (topic.startsWith("folder:")) {
                        listener.event(topic.substring(7), n.path("params").path("event").asText(""));
                    }
                } else if (n.has("id") && (n.has("result") || n.has("error"))) {
                    reply(ws, n);
                }
            } catch (IOException | RuntimeException e) {
                LOG.debug("unreadable bus message ignored");
            }
        }

        /** {@code subscribed: true}, or the topic itself echoed back. */
        private boolean subscribed(JsonNode v, String folder) {
            return v.isBoolean() ? v.booleanValue() : v.isTextual() && v.asText().equals("folder:" + folder);
        }

        /** A reply: only {@code result.subscribed == true} confirms a subscription; an error leaves it to polling. */
        private void reply(WebSocket ws, JsonNode n) {
            long id = n.path("id").asLong(-1);
            synchronized (RemoteBus.this) {
                if (ws != socket || !awaiting.containsKey(id)) {
                    return;
                }
                String folder = awaiting.remove(id);
                if (folder != null && subscribed(n.path("result").path("subscribed"), folder)
                        && subscribed.contains(folder)) {
                    confirmed.add(folder);
                }
            }
            if (n.has("error")) {
                LOG.debug("bus call failed: {}", n.path("error").path("message").asText());
            }
            announceIfCovered();
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
