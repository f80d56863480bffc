package org.oxisync.emulator.api;

import java.time.Clock;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import org.oxisync.emulator.http.ApiError;

/** Sliding one-minute window per user (the delta endpoints' 240 requests/min); 0 = off. */
final class RateLimiter {
    private final int perMinute;
    private final Clock clock;
    private final Map<String, Deque<Long>> windows = new HashMap<>();

    RateLimiter(int perMinute, Clock clock) {
        this.perMinute = perMinute;
        this.clock = clock;
    }

    synchronized void check(String userId) {
        if (perMinute == 0) {
            return;
        }
        long now = clock.millis();
        Deque<Long> d = windows.computeIfAbsent(userId, k -> new ArrayDeque<>());
        while (!d.isEmpty() && now - d.peekFirst() >= 60_000) {
            d.pollFirst();
        }
        if (d.size() >= perMinute) {
            long retry = Math.max(1, (d.peekFirst() + 60_000 - now + 999) / 1000);
            throw ApiError.rest(429, "RateLimited", "Too many delta requests; retry later")
                    .header("Retry-After", String.valueOf(retry));
        }
        d.addLast(now);
    }
}
