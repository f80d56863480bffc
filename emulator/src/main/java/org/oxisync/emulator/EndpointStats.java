package org.oxisync.emulator;

/** Counters of one endpoint: requests, request body bytes received, response body bytes sent. */
public record EndpointStats(long requests, long bytesReceived, long bytesSent) {}
