package org.oxisync.emulator;

/**
 * Counters of one endpoint: requests, request body bytes received, response body bytes sent, and how many of the
 * requests were answered 429 (a rate limiter refused them; they are counted in {@code requests} too).
 */
public record EndpointStats(long requests, long bytesReceived, long bytesSent, long refused) {
    public EndpointStats(long requests, long bytesReceived, long bytesSent) {
        this(requests, bytesReceived, bytesSent, 0);
    }
}
