package org.oxisync.emulator.http;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Matches a method and path against route templates; the most literal template wins. */
public final class Router {
    /** A match: the route (null when none) and whether another method would have matched the path. */
    public record Match(Route route, Map<String, String> params, boolean pathKnown) {}

    private final List<Route> routes = new ArrayList<>();

    public Router add(String method, String template, boolean authenticated, Route.Handler handler) {
        routes.add(new Route(method, template, authenticated, handler));
        return this;
    }

    public Match match(String method, String path) {
        String[] parts = path.length() <= 1 ? new String[] {""} : path.substring(1).split("/", -1);
        Route best = null;
        Map<String, String> bestParams = null;
        int bestParamCount = Integer.MAX_VALUE;
        boolean pathKnown = false;
        for (Route r : routes) {
            String[] t = r.segments();
            if (t.length != parts.length) {
                continue;
            }
            Map<String, String> params = new HashMap<>();
            boolean ok = true;
            for (int i = 0; i < t.length && ok; i++) {
                if (t[i].startsWith("{") && t[i].endsWith("}")) {
                    if (parts[i].isEmpty()) {
                        ok = false;
                    } else {
                        params.put(t[i].substring(1, t[i].length() - 1), java.net.URLDecoder.decode(
                                parts[i].replace("+", "%2B"), java.nio.charset.StandardCharsets.UTF_8));
                    }
                } else if (!t[i].equals(parts[i])) {
                    ok = false;
                }
            }
            if (!ok) {
                continue;
            }
            pathKnown = true;
            if (r.method().equals(method) && params.size() < bestParamCount) {
                best = r;
                bestParams = params;
                bestParamCount = params.size();
            }
        }
        return new Match(best, bestParams == null ? Map.of() : bestParams, pathKnown);
    }
}
