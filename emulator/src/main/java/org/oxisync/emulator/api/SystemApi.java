package org.oxisync.emulator.api;

import java.util.LinkedHashMap;
import java.util.Map;
import org.oxisync.emulator.http.Response;
import org.oxisync.emulator.http.Router;

/** {@code /api/version}, {@code /health}, {@code /ready} (reference §2). */
public final class SystemApi {
    public static final String VERSION = "0.8.7";

    public void register(Router r) {
        r.add("GET", "/api/version", false, req -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", "OxiCloud");
            m.put("version", VERSION);
            return Response.json(200, m);
        });
        r.add("GET", "/health", false, req -> Response.json(200, Map.of("status", "ok")));
        r.add("GET", "/ready", false, req -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("status", "ok");
            m.put("db", "ok");
            return Response.json(200, m);
        });
    }
}
