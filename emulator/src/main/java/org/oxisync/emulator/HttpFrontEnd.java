package org.oxisync.emulator;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import java.io.FilterInputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import org.oxisync.emulator.http.ApiError;
import org.oxisync.emulator.http.Request;
import org.oxisync.emulator.http.Response;
import org.oxisync.emulator.http.Router;
import org.oxisync.emulator.http.TrustedProxies;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The one {@link HttpHandler}: routing, authentication, fault injection, readonly mode, counters and
 * response writing. Handlers return a {@link Response}; errors are thrown as {@link ApiError}.
 */
final class HttpFrontEnd implements HttpHandler {
    private static final Logger LOG = LoggerFactory.getLogger(HttpFrontEnd.class);
    private static final String CONTROL_PREFIX = "/_emulator/";

    private final Router router;
    private final Function<Request, String> authenticator;
    private final Faults faults;
    private final Stats stats;
    private final AtomicBoolean readonly;
    private final TrustedProxies proxies;
    private final CountDownLatch closed;
    private volatile String baseUrl = "";

    HttpFrontEnd(Router router, Function<Request, String> authenticator, Faults faults, Stats stats,
                 AtomicBoolean readonly, CountDownLatch closed, TrustedProxies proxies) {
        this.proxies = proxies;
        this.router = router;
        this.authenticator = authenticator;
        this.faults = faults;
        this.stats = stats;
        this.readonly = readonly;
        this.closed = closed;
    }

    void baseUrl(String url) {
        this.baseUrl = url;
    }

    /** Thrown to make the JDK server drop the connection without a (complete) response. */
    private static final class AbortConnection extends IOException {
        AbortConnection() {
            super("connection dropped by fault injection", null);
        }
    }

    @Override
    public void handle(HttpExchange ex) throws IOException {
        String method = ex.getRequestMethod();
        String path = ex.getRequestURI().getRawPath();
        String decodedPath = ex.getRequestURI().getPath();
        CountingInput in = new CountingInput(ex.getRequestBody());
        boolean control = decodedPath.startsWith(CONTROL_PREFIX);
        Router.Match match = router.match(method, path);
        String statsKey = match.route() != null ? match.route().statsKey() : method + " <unmatched>";
        Optional<Fault> fault = control ? Optional.empty() : faults.take(method, decodedPath);
        long sent = 0;
        int status = 0;
        boolean recorded = false;
        try {
            if (fault.isPresent()) {
                Fault f = fault.get();
                if (f instanceof Fault.Hang h) {
                    awaitClose(h);
                    throw new AbortConnection();
                }
                if (f instanceof Fault.CloseMidRequest) {
                    long len = contentLength(ex);
                    long half = len > 0 ? Math.min(len / 2, 64 * 1024) : 0;
                    in.readNBytes((int) half);
                    throw new AbortConnection();
                }
            }
            Response response;
            if (fault.isPresent() && fault.get() instanceof Fault.Fail fail) {
                response = failResponse(fail);
            } else {
                response = dispatch(ex, match, in, method, decodedPath);
            }
            status = response.status();
            if (!drain(in)) {
                response.header("Connection", "close");
            }
            // Count before the response leaves, so a client that reads the stats right after its
            // response sees its own request. Truncated or unknown-length bodies are counted after.
            long planned = plannedBodyBytes(ex, response);
            boolean exact = planned >= 0 && !(fault.orElse(null) instanceof Fault.CloseMidResponse);
            if (exact) {
                recordStats(control, statsKey, in.count, planned, status);
                recorded = true;
            }
            sent = send(ex, response, fault.orElse(null));
        } catch (IOException e) {
            if (!(e instanceof AbortConnection)) {
                LOG.debug("I/O error on {} {}: {}", method, decodedPath, e.toString());
            }
            if (!recorded) {
                recordStats(control, statsKey, in.count, sent, status);
            }
            throw e;
        } finally {
            ex.close();
        }
        if (!recorded) {
            recordStats(control, statsKey, in.count, sent, status);
        }
    }

    private static long plannedBodyBytes(HttpExchange ex, Response r) {
        if (ex.getRequestMethod().equals("HEAD") || r.status() == 204 || r.status() == 304 || r.length() == -1) {
            return 0;
        }
        return r.length() >= 0 ? r.length() : -1;
    }

    private void recordStats(boolean control, String key, long received, long sent, int status) {
        if (!control) {
            stats.record(key, received, sent, status);
        }
    }

    private void awaitClose(Fault.Hang h) {
        try {
            if (h.duration() == null) {
                closed.await();
            } else {
                closed.await(h.duration().toMillis(), TimeUnit.MILLISECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static long contentLength(HttpExchange ex) {
        String v = ex.getRequestHeaders().getFirst("Content-Length");
        try {
            return v == null ? -1 : Long.parseLong(v.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static Response failResponse(Fault.Fail fail) {
        if (fail.body() != null) {
            return Response.bytes(fail.status(), "application/json",
                    fail.body().getBytes(java.nio.charset.StandardCharsets.UTF_8));
        }
        return ApiError.rest(fail.status(), "InjectedFault", "Injected fault").toResponse();
    }

    private Response dispatch(HttpExchange ex, Router.Match match, InputStream in, String method, String path) {
        try {
            if (match.route() == null) {
                if (!match.pathKnown() && path.startsWith("/api/")) {
                    // the /api nest is behind the auth middleware, so an unknown /api path is 401 without
                    // credentials (routes.rs:688, main.rs:1038-1041, middleware/auth.rs:373-391), 404 with them
                    authenticator.apply(new Request(method, path, null, Map.of(), ex.getRequestHeaders(), in, baseUrl));
                }
                throw ApiError.empty(match.pathKnown() ? 405 : 404);
            }
            Request req = new Request(method, path, ex.getRequestURI().getRawQuery(), match.params(),
                    ex.getRequestHeaders(), in, baseUrl);
            if (ex.getRemoteAddress() != null && ex.getRemoteAddress().getAddress() != null) {
                req.clientIp(proxies.clientIp(ex.getRemoteAddress().getAddress(),
                        ex.getRequestHeaders().getFirst("X-Forwarded-For"), ex.getRequestHeaders().getFirst("X-Real-Ip")));
            }
            if (match.route().authenticated()) {
                req.authenticate(authenticator.apply(req));
            }
            if (readonly.get() && isWrite(method) && refusedWhenReadonly(path)) {
                // pg_acl_engine.rs:1479-1508: in migration read-only mode authZ refuses every mutating permission;
                // authorization_ports.rs:181-239 makes that a 403 AccessDenied (the caller can see the item)
                throw ApiError.rest(403, "AccessDenied", "Missing 'write' permission: the server is read-only");
            }
            return match.route().handler().handle(req);
        } catch (ApiError e) {
            return e.toResponse();
        } catch (IOException | RuntimeException e) {
            LOG.warn("internal error on {} {}", method, path, e);
            return ApiError.rest(500, "InternalError", "Internal server error").toResponse();
        }
    }

    /**
     * Mutations that go through authZ. Not refused: auth routes, and the delta steps that touch no file or folder
     * (negotiate, chunk upload, chunk download) and the read-only POSTs (batch get, dedup checks).
     */
    private static boolean refusedWhenReadonly(String path) {
        return path.startsWith("/api/") && !path.startsWith("/api/auth/")
                && !path.equals("/api/files/delta/negotiate") && !path.equals("/api/files/delta/chunks")
                && !path.equals("/api/files/delta/download") && !path.equals("/api/batch/folders/get")
                && !path.startsWith("/api/dedup/");
    }

    private static boolean isWrite(String method) {
        return method.equals("POST") || method.equals("PUT") || method.equals("PATCH") || method.equals("DELETE");
    }

    private long send(HttpExchange ex, Response r, Fault fault) throws IOException {
        var h = ex.getResponseHeaders();
        for (Map.Entry<String, String> e : r.headers()) {
            h.add(e.getKey(), e.getValue());
        }
        String reqId = ex.getRequestHeaders().getFirst("X-Request-Id");
        h.set("X-Request-Id", reqId != null ? reqId : UUID.randomUUID().toString());
        h.set("X-Content-Type-Options", "nosniff");
        h.set("X-Frame-Options", "DENY");
        if (readonly.get()) {
            h.set("X-Server-Status", "{\"readonly\":true}");
        }
        boolean head = ex.getRequestMethod().equals("HEAD");
        long length = r.length();
        if (head && length != -2 && r.status() != 204 && r.status() != 304 && !h.containsKey("Content-Length")) {
            // axum sets Content-Length from the body's exact size before it strips a HEAD response's body, and an
            // empty body is exactly 0 (axum routing/route.rs set_content_length); the JDK sends none on HEAD
            h.set("Content-Length", Long.toString(Math.max(length, 0)));
        }
        if (length < 0 && length != -2 || head || r.status() == 204 || r.status() == 304) {
            ex.sendResponseHeaders(r.status(), -1);
            return 0;
        }
        ex.sendResponseHeaders(r.status(), length == -2 ? 0 : length);
        CountingOutput counting = new CountingOutput(ex.getResponseBody());
        OutputStream out = counting;
        if (fault instanceof Fault.Slow slow) {
            out = new ThrottledOutput(counting, slow.bytesPerSecond());
        } else if (fault instanceof Fault.CloseMidResponse) {
            long limit = length > 0 ? length / 2 : 0;
            out = new TruncatingOutput(counting, limit);
        }
        try {
            r.body().writeTo(out);
            out.flush();
        } catch (AbortConnection e) {
            throw e;
        }
        if (fault instanceof Fault.CloseMidResponse) {
            counting.flush();
            throw new AbortConnection();
        }
        return counting.count;
    }

    /** Reads what the handler left of the request body, up to 1 MiB; false when more remains. */
    private static boolean drain(InputStream in) throws IOException {
        byte[] buf = new byte[64 * 1024];
        // Read what a rejected request still sends (up to 16 MiB) before answering: closing on a client that is
        // still writing makes it see a reset instead of the 400/413 (a flaky DeltaTest showed exactly that).
        long budget = 16L << 20;
        while (budget > 0) {
            int n = in.read(buf, 0, (int) Math.min(buf.length, budget));
            if (n < 0) {
                return true;
            }
            budget -= n;
        }
        return in.read() < 0;
    }

    private static final class CountingInput extends FilterInputStream {
        long count;

        CountingInput(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count++;
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count += n;
            }
            return n;
        }
    }

    private static final class CountingOutput extends FilterOutputStream {
        long count;

        CountingOutput(OutputStream out) {
            super(out);
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            count++;
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
            count += len;
        }
    }

    /** Writes at most {@code limit} bytes, then aborts the connection. */
    private static final class TruncatingOutput extends FilterOutputStream {
        private long remaining;

        TruncatingOutput(OutputStream out, long limit) {
            super(out);
            this.remaining = limit;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            int n = (int) Math.min(len, remaining);
            if (n > 0) {
                out.write(b, off, n);
                remaining -= n;
            }
            if (n < len) {
                out.flush();
                throw new AbortConnection();
            }
        }
    }

    /** Writes in small slices, sleeping so the average rate stays at or below the limit. */
    private static final class ThrottledOutput extends FilterOutputStream {
        private final long bytesPerSecond;
        private final long start = System.nanoTime();
        private long written;

        ThrottledOutput(OutputStream out, long bytesPerSecond) {
            super(out);
            this.bytesPerSecond = bytesPerSecond;
        }

        @Override
        public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) throws IOException {
            int slice = (int) Math.max(1, Math.min(8192, bytesPerSecond / 10));
            while (len > 0) {
                int n = Math.min(slice, len);
                // wait first, so that each slice arrives no earlier than the rate allows (the last one included)
                written += n;
                long dueNanos = written * 1_000_000_000L / bytesPerSecond;
                long sleep = (dueNanos - (System.nanoTime() - start)) / 1_000_000L;
                if (sleep > 0) {
                    try {
                        Thread.sleep(sleep);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        throw new IOException("interrupted");
                    }
                }
                out.write(b, off, n);
                out.flush();
                off += n;
                len -= n;
            }
        }
    }
}
