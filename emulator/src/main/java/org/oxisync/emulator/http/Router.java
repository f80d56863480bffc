package org.oxisync.emulator.http;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Matches a method and path against route templates; the most literal template wins. */
public final class Router {
    /** A match: the route (null when none) and whether another method would have matched the path. */
    public record Match(Route route, Map<String, String> params, boolean pathKnown) {}

    /** A route with its template cut into segments once (a parameter segment's name, or null for a literal). */
    private record Compiled(Route route, String[] segments, String[] paramNames) {
        static Compiled of(Route r) {
            String[] t = r.template().substring(1).split("/", -1);
            String[] names = new String[t.length];
            for (int i = 0; i < t.length; i++) {
                if (t[i].startsWith("{") && t[i].endsWith("}")) {
                    names[i] = t[i].substring(1, t[i].length() - 1);
                }
            }
            return new Compiled(r, t, names);
        }

        /** Literal segments equal and parameter segments non-empty. */
        boolean fits(String[] parts) {
            if (segments.length != parts.length) {
                return false;
            }
            for (int i = 0; i < segments.length; i++) {
                if (paramNames[i] == null ? !segments[i].equals(parts[i]) : parts[i].isEmpty()) {
                    return false;
                }
            }
            return true;
        }

        Map<String, String> params(String[] parts) {
            Map<String, String> params = new HashMap<>();
            for (int i = 0; i < segments.length; i++) {
                if (paramNames[i] != null) {
                    params.put(paramNames[i], java.net.URLDecoder.decode(parts[i].replace("+", "%2B"),
                            java.nio.charset.StandardCharsets.UTF_8));
                }
            }
            return params;
        }
    }

    private final List<Compiled> routes = new ArrayList<>();

    public Router add(String method, String template, boolean authenticated, Route.Handler handler) {
        routes.add(Compiled.of(new Route(method, template, authenticated, handler)));
        return this;
    }

    public Match match(String method, String path) {
        String[] parts = path.length() <= 1 ? new String[] {""} : path.substring(1).split("/", -1);
        Route best = null;
        Map<String, String> bestParams = null;
        int bestParamCount = Integer.MAX_VALUE;
        boolean pathKnown = false;
        for (Compiled c : routes) {
            if (!c.fits(parts)) {
                continue;
            }
            Route r = c.route();
            Map<String, String> params = c.params(parts);
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
