package org.oxisync.emulator;

import java.time.Duration;

/** What an injected fault does to a matching request. */
public sealed interface Fault {
    /** Answer with this status (and body; null = the REST error body for the status). */
    record Fail(int status, String body) implements Fault {}

    /** Never answer: block for the duration (null = until the emulator closes), then drop the connection. */
    record Hang(Duration duration) implements Fault {}

    /** Read about half of the request body (at most 64 KiB), then drop the connection without answering. */
    record CloseMidRequest() implements Fault {}

    /** Run the request, send the headers and about half of the response body, then drop the connection. */
    record CloseMidResponse() implements Fault {}

    /** Run the request normally, but write the response body at this many bytes per second. */
    record Slow(long bytesPerSecond) implements Fault {
        public Slow {
            if (bytesPerSecond <= 0) {
                throw new IllegalArgumentException("bytesPerSecond must be positive");
            }
        }
    }
}
