package org.oxisync.emulator;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Fault injection: the next {@code times} requests whose method equals {@code method} ({@code "*"} = any)
 * and whose path (without query) fully matches {@code pathRegex} get the fault. Rules are consulted in
 * the order they were added; each match uses up one of its rule's times. Emulator-control paths
 * ({@code /_emulator/...}) are never faulted.
 */
public final class Faults {
    private static final class Rule {
        final String method;
        final Pattern path;
        int remaining;
        final Fault fault;

        Rule(String method, Pattern path, int remaining, Fault fault) {
            this.method = method;
            this.path = path;
            this.remaining = remaining;
            this.fault = fault;
        }
    }

    private final List<Rule> rules = new ArrayList<>();

    public synchronized Faults add(String method, String pathRegex, int times, Fault fault) {
        if (times <= 0) {
            throw new IllegalArgumentException("times must be positive");
        }
        rules.add(new Rule(method == null ? "*" : method, Pattern.compile(pathRegex), times, fault));
        return this;
    }

    public Faults failNext(int times, String method, String pathRegex, int status) {
        return add(method, pathRegex, times, new Fault.Fail(status, null));
    }

    public Faults failNext(int times, String method, String pathRegex, int status, String body) {
        return add(method, pathRegex, times, new Fault.Fail(status, body));
    }

    /** Hangs matching requests for the duration, or until the emulator closes when {@code duration} is null. */
    public Faults hangNext(int times, String method, String pathRegex, Duration duration) {
        return add(method, pathRegex, times, new Fault.Hang(duration));
    }

    public Faults closeMidRequestNext(int times, String method, String pathRegex) {
        return add(method, pathRegex, times, new Fault.CloseMidRequest());
    }

    public Faults closeMidResponseNext(int times, String method, String pathRegex) {
        return add(method, pathRegex, times, new Fault.CloseMidResponse());
    }

    public Faults slowNext(int times, String method, String pathRegex, long bytesPerSecond) {
        return add(method, pathRegex, times, new Fault.Slow(bytesPerSecond));
    }

    public synchronized void clear() {
        rules.clear();
    }

    /** Number of fault applications still armed. */
    public synchronized int pending() {
        return rules.stream().mapToInt(r -> r.remaining).sum();
    }

    synchronized Optional<Fault> take(String method, String path) {
        for (Iterator<Rule> it = rules.iterator(); it.hasNext(); ) {
            Rule r = it.next();
            if ((r.method.equals("*") || r.method.equalsIgnoreCase(method)) && r.path.matcher(path).matches()) {
                if (--r.remaining == 0) {
                    it.remove();
                }
                return Optional.of(r.fault);
            }
        }
        return Optional.empty();
    }
}
