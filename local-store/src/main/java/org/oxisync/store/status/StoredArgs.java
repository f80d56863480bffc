package org.oxisync.store.status;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * The values of a reason or an activity line ({@code size}, {@code copy}, …) in one TEXT column:
 * {@code key=value&key=value}, each part URL-encoded, keys sorted. Null and empty mean no values.
 */
public final class StoredArgs {
    private StoredArgs() {}

    public static String encode(Map<String, String> args) {
        if (args == null || args.isEmpty()) {
            return null;
        }
        StringBuilder b = new StringBuilder();
        new TreeMap<>(args).forEach((k, v) -> {
            if (b.length() > 0) {
                b.append('&');
            }
            b.append(URLEncoder.encode(k, StandardCharsets.UTF_8)).append('=')
                    .append(URLEncoder.encode(v == null ? "" : v, StandardCharsets.UTF_8));
        });
        return b.toString();
    }

    public static Map<String, String> decode(String text) {
        Map<String, String> out = new TreeMap<>();
        if (text == null || text.isEmpty()) {
            return Map.of();
        }
        for (String part : text.split("&")) {
            int eq = part.indexOf('=');
            if (eq > 0) {
                out.put(URLDecoder.decode(part.substring(0, eq), StandardCharsets.UTF_8),
                        URLDecoder.decode(part.substring(eq + 1), StandardCharsets.UTF_8));
            }
        }
        return java.util.Collections.unmodifiableMap(out);
    }
}
