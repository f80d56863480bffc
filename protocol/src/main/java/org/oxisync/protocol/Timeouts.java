package org.oxisync.protocol;

import java.time.Duration;

/**
 * Network timeouts. {@code read}/{@code write} bound the silence on a socket; {@code jsonCall} bounds a whole JSON
 * call so a slow-drip server cannot hold it forever. Streaming transfers have no whole-call limit.
 */
public record Timeouts(Duration connect, Duration read, Duration write, Duration jsonCall) {
    public static final Timeouts DEFAULT =
            new Timeouts(Duration.ofSeconds(15), Duration.ofSeconds(60), Duration.ofSeconds(60), Duration.ofSeconds(120));
}
