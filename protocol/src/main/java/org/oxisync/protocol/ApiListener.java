package org.oxisync.protocol;

import java.time.Duration;

/**
 * Observes the client's traffic for progress displays and benchmarks; all methods default to no-ops. Called on the
 * calling or OkHttp threads; implementations must be quick and thread-safe. Never receives secrets.
 */
public interface ApiListener {
    ApiListener NONE = new ApiListener() {};

    /** A request is about to be sent ({@code path} has no query string). */
    default void requestStarted(String method, String path) {}

    /** A response arrived with {@code status}; {@code elapsed} is until the headers were read. */
    default void requestFinished(String method, String path, int status, Duration elapsed) {}

    /** The request failed without a usable response. */
    default void requestFailed(String method, String path, OxiCloudException error) {}

    /** A retry of {@code method path} will happen after {@code delay}. */
    default void retryScheduled(String method, String path, int attempt, Duration delay) {}

    /** Request body bytes written to the network. */
    default void bytesSent(long bytes) {}

    /** Response body bytes read from the network. */
    default void bytesReceived(long bytes) {}

    /** The access token was refreshed (single-flight). */
    default void tokenRefreshed() {}
}
