package org.oxisync.protocol;

import java.time.Clock;

/** The client's upload and download limits (bytes/s, 0 = unlimited), changeable while running. */
public record Bandwidth(Throttle upload, Throttle download) {
    public static Bandwidth unlimited(Clock clock, Sleeper sleeper) {
        return new Bandwidth(Throttle.unlimited(clock, sleeper), Throttle.unlimited(clock, sleeper));
    }
}
