package org.oxisync.core.reason;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Why an item was held back, skipped or failed, or why a run did not finish: a {@link ReasonCode} a UI translates,
 * the values it names ({@code args}: sizes, limits, names, as strings), and the English sentence ({@code detail}) the
 * CLI, {@code --json} and the log show as before.
 */
public record Reason(ReasonCode code, Map<String, String> args, String detail) {
    public Reason {
        Objects.requireNonNull(code, "code");
        args = args == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(args));
        detail = detail == null ? "" : detail;
    }

    public static Reason of(ReasonCode code, String detail) {
        return new Reason(code, Map.of(), detail);
    }

    public static Reason of(ReasonCode code, String detail, String key, Object value) {
        return new Reason(code, Map.of(key, String.valueOf(value)), detail);
    }

    /** The same kind and values with another English sentence (a prefix or a longer explanation). */
    public Reason withDetail(String newDetail) {
        return new Reason(code, args, newDetail);
    }

    /** The same kind and sentence with these values. */
    public Reason withArgs(Map<String, String> newArgs) {
        return new Reason(code, newArgs, detail);
    }

    /** The wire form of the code, as in the sync-once JSON. */
    public String wireCode() {
        return code.name();
    }

    @Override
    public String toString() {
        return code + ": " + detail;
    }
}
