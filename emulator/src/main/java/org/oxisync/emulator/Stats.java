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
    }

    private final ConcurrentHashMap<String, Counter> counters = new ConcurrentHashMap<>();

    void record(String key, long received, long sent) {
        Counter c = counters.computeIfAbsent(key, k -> new Counter());
        c.requests.increment();
        c.received.add(received);
        c.sent.add(sent);
    }

    Map<String, EndpointStats> snapshot() {
        Map<String, EndpointStats> m = new TreeMap<>();
        counters.forEach((k, c) -> m.put(k, new EndpointStats(c.requests.sum(), c.received.sum(), c.sent.sum())));
        return m;
    }

    void reset() {
        counters.clear();
    }
}
