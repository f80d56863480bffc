package org.oxisync.protocol.http;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.oxisync.protocol.ApiConfig;
import org.oxisync.protocol.DeltaBudget;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.RetryPolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs one logical call: authentication, the shared delta budget, bounded retries with backoff and jitter (network
 * failures and 5xx for idempotent calls; 503 and a 429 with a short Retry-After for any call but logins), one
 * refresh-and-retry on 401, and error mapping.
 * Logs method and path only: never headers, bodies or query strings.
 */
final class Transport {
    private static final Logger LOG = LoggerFactory.getLogger(Transport.class);

    /** How a call may be handled. */
    record Spec(String method, HttpUrl url, RequestBody body, Headers headers, boolean authenticated, boolean idempotent,
            boolean delta, boolean callTimeout, boolean retryHandlerFailures, boolean loginCall, boolean passErrors,
            Duration readTimeout) {

        Spec(String method, HttpUrl url, RequestBody body, Headers headers, boolean authenticated, boolean idempotent,
                boolean delta, boolean callTimeout, boolean retryHandlerFailures, boolean loginCall, boolean passErrors) {
            this(method, url, body, headers, authenticated, idempotent, delta, callTimeout, retryHandlerFailures,
                    loginCall, passErrors, null);
        }

        static Spec of(String method, HttpUrl url, RequestBody body) {
            return new Spec(method, url, body, Headers.of(), true, method.equals("GET"), false, true, true, false, false);
        }

        /** No whole-call limit and this socket read timeout (a long server-side computation before the reply). */
        Spec slowReply(Duration read) {
            return new Spec(method, url, body, headers, authenticated, idempotent, delta, false, retryHandlerFailures,
                    loginCall, passErrors, read);
        }

        Spec idempotent(boolean v) {
            return new Spec(method, url, body, headers, authenticated, v, delta, callTimeout, retryHandlerFailures, loginCall, passErrors, readTimeout);
        }

        Spec anonymous() {
            return new Spec(method, url, body, headers, false, idempotent, delta, callTimeout, retryHandlerFailures, loginCall, passErrors, readTimeout);
        }

        Spec asDelta() {
            return new Spec(method, url, body, headers, authenticated, idempotent, true, callTimeout, retryHandlerFailures, loginCall, passErrors, readTimeout);
        }

        Spec streaming(boolean retryHandler) {
            return new Spec(method, url, body, headers, authenticated, idempotent, delta, false, retryHandler, loginCall, passErrors, readTimeout);
        }

        Spec login() {
            return new Spec(method, url, body, headers, false, false, delta, callTimeout, retryHandlerFailures, true, passErrors, readTimeout);
        }

        /** The handler also sees 4xx replies (not 401 or 429): for endpoints whose error bodies carry results. */
        Spec passingErrors() {
            return new Spec(method, url, body, headers, authenticated, idempotent, delta, callTimeout, retryHandlerFailures, loginCall, true, readTimeout);
        }

        Spec header(String name, String value) {
            return new Spec(method, url, body, headers.newBuilder().add(name, value).build(), authenticated, idempotent,
                    delta, callTimeout, retryHandlerFailures, loginCall, passErrors, readTimeout);
        }

        String what() {
            return method + " " + url.encodedPath();
        }
    }

    /** Reads a successful (2xx/304) reply; runs before the response is closed. */
    @FunctionalInterface
    interface Handler<T> {
        T handle(Response response) throws IOException;
    }

    private final OkHttpClient client;
    private final OkHttpClient noReplayClient;
    private final ApiConfig config;
    private final AuthSession auth;
    private final ErrorMapper errors;
    private final DeltaBudget budget;
    private volatile boolean readOnly;

    Transport(OkHttpClient client, ApiConfig config, AuthSession auth, ErrorMapper errors) {
        this.client = client;
        // Non-idempotent calls must never be replayed by OkHttp itself after a connection failure.
        this.noReplayClient = client.newBuilder().retryOnConnectionFailure(false).build();
        this.config = config;
        this.auth = auth;
        this.errors = errors;
        this.budget = config.deltaBudget();
    }

    boolean readOnly() {
        return readOnly;
    }

    ErrorMapper errors() {
        return errors;
    }

    DeltaBudget budget() {
        return budget;
    }

    java.time.Clock clock() {
        return config.clock();
    }

    private OkHttpClient clientFor(Spec spec) {
        OkHttpClient c = spec.idempotent() ? client : noReplayClient;
        if (spec.readTimeout() != null) {
            c = c.newBuilder().readTimeout(spec.readTimeout()).build();
        }
        return c;
    }

    /**
     * Runs {@code spec}. Retries: network failures and 5xx only for idempotent calls; 503 for any call; 429 only
     * when it carries a short {@code Retry-After} and is not a login. A delta 429 (OxiCloud's limiter sends no
     * {@code Retry-After}, and every request, refused ones included, extends its lockout) is not retried: it pauses
     * the {@link DeltaBudget} ({@link DeltaBudget#refused}) and throws {@code RateLimited}; the caller takes a plain
     * endpoint, and no delta request leaves this account until the pause is over.
     */
    <T> T call(Spec spec, Handler<T> handler) {
        RetryPolicy policy = config.retryPolicy();
        boolean refreshed = false;
        int attempt = 0;
        while (true) {
            attempt++;
            if (spec.delta()) {
                budget.acquire(config.clock(), config.sleeper(), spec.what()); // RateLimited at once while paused
            }
            boolean released = false;
            try {
                Request.Builder rb = new Request.Builder().url(spec.url()).headers(spec.headers())
                        .header("User-Agent", config.userAgent()).method(spec.method(), spec.body());
                String usedAccess = null;
                if (spec.authenticated()) {
                    AuthSession.Header h = auth.header();
                    rb.header("Authorization", h.value());
                    usedAccess = h.accessToken();
                }
                Call call = clientFor(spec).newCall(rb.build());
                if (spec.callTimeout()) {
                    call.timeout().timeout(config.timeouts().jsonCall().toMillis(), TimeUnit.MILLISECONDS);
                }
                String path = spec.url().encodedPath();
                config.listener().requestStarted(spec.method(), path);
                Instant start = config.clock().instant();
                Response response;
                try {
                    response = call.execute();
                } catch (IOException e) {
                    OxiCloudException failure = errors.fromIo(spec.what(), e);
                    config.listener().requestFailed(spec.method(), path, failure);
                    if (failure instanceof OxiCloudException.NetworkFailure && spec.idempotent() && attempt < policy.maxAttempts()) {
                        backoff(spec, attempt, null);
                        continue;
                    }
                    throw failure;
                }
                try (response) {
                    config.listener().requestFinished(spec.method(), path, response.code(),
                            Duration.between(start, config.clock().instant()));
                    readOnly = errors.readOnly(response);
                    int code = response.code();
                    if (code == 401 && spec.authenticated()) {
                        if (!refreshed && usedAccess != null) {
                            refreshed = true;
                            attempt--;
                            auth.refresh(usedAccess);
                            continue;
                        }
                        if (usedAccess != null) {
                            auth.expire();
                            throw new OxiCloudException.AuthExpired(spec.what() + ": the server rejected the session; log in again");
                        }
                        throw new OxiCloudException.AuthExpired(spec.what() + ": the app password was rejected");
                    }
                    if ((code >= 200 && code < 300) || code == 304 || spec.passErrors() && code >= 400 && code < 500 && code != 429) {
                        try {
                            return handler.handle(response);
                        } catch (IOException e) {
                            OxiCloudException failure = errors.fromIo(spec.what(), e);
                            if (failure instanceof OxiCloudException.NetworkFailure && spec.idempotent()
                                    && spec.retryHandlerFailures() && attempt < policy.maxAttempts()) {
                                backoff(spec, attempt, null);
                                continue;
                            }
                            throw failure;
                        }
                    }
                    Optional<Duration> retryAfter = errors.retryAfter(response);
                    if (code == 429 && spec.delta()) {
                        budget.release(config.clock()); // its end is the last request; then the pause
                        budget.refused(config.clock());
                        Duration pause = budget.pausedUntil(config.clock())
                                .map(t -> Duration.between(config.clock().instant(), t)).orElse(budget.quietGap());
                        LOG.info("{} refused by the server's delta rate limit (other devices of this user share it);"
                                + " plain endpoints only for {} s", spec.what(), pause.toSeconds());
                        released = true;
                        throw new OxiCloudException.RateLimited(pause);
                    }
                    boolean retryable = code == 503
                            || (code == 429 && retryAfter.isPresent() && !spec.loginCall())
                            || (spec.idempotent() && code >= 500 && code != 501 && code != 507);
                    if (retryable && attempt < policy.maxAttempts()
                            && retryAfter.map(d -> d.compareTo(policy.maxRetryAfter()) <= 0).orElse(true)) {
                        backoff(spec, attempt, retryAfter.orElse(null));
                        continue;
                    }
                    throw errors.fromStatus(spec.what(), response, spec.loginCall(), readOnly);
                }
            } finally {
                if (spec.delta() && !released) {
                    budget.release(config.clock());
                }
            }
        }
    }

    private void backoff(Spec spec, int attempt, Duration retryAfter) {
        Duration delay = config.retryPolicy().backoff(attempt, config.jitter().getAsDouble());
        if (retryAfter != null && retryAfter.compareTo(delay) > 0) {
            delay = retryAfter;
        }
        LOG.debug("retrying {} (attempt {}) in {} ms", spec.what(), attempt + 1, delay.toMillis());
        config.listener().retryScheduled(spec.method(), spec.url().encodedPath(), attempt + 1, delay);
        try {
            config.sleeper().sleep(delay);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new OxiCloudException.NetworkFailure(spec.what() + ": interrupted while waiting to retry", e);
        }
    }
}
