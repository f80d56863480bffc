package org.oxisync.emulator;

import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/** Per-endpoint counters keyed by {@code "METHOD /route/template"}. */
final class Stats {
    private static final class Counter {
        final LongAdder requests = new LongAdder();
        final LongAdder received = new LongAdder();
        final LongAdder sent = new LongAdder();
        final LongAdder refused = new LongAdder();
    }

    private final ConcurrentHashMap<String, Counter> counters = new ConcurrentHashMap<>();

    /** One request; {@code status} is the answer's (429: refused by a rate limiter). */
    void record(String key, long received, long sent, int status) {
        Counter c = counters.computeIfAbsent(key, k -> new Counter());
        c.requests.increment();
        c.received.add(received);
        c.sent.add(sent);
        if (status == 429) {
            c.refused.increment();
        }
    }

    Map<String, EndpointStats> snapshot() {
        Map<String, EndpointStats> m = new TreeMap<>();
        counters.forEach((k, c) -> m.put(k, new EndpointStats(c.requests.sum(), c.received.sum(), c.sent.sum(),
                c.refused.sum())));
        return m;
    }

    void reset() {
        counters.clear();
    }
}
