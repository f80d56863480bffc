package org.oxisync.emulator.http;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Matches a method and path against route templates; the most literal template wins. */
public final class Router {
    /** A match: the route (null when none) and whether another method would have matched the path. */
    public record Match(Route route, Map<String, String> params, boolean pathKnown) {}

    /**
     * A route with its template cut into segments once (a parameter segment's name, or null for a literal). A last
     * segment {@code {*name}} (axum's wildcard) takes one or more remaining segments, decoded and joined by '/'.
     */
    private record Compiled(Route route, String[] segments, String[] paramNames, boolean wildcard, int literals) {
        static Compiled of(Route r) {
            String[] t = r.template().substring(1).split("/", -1);
            String[] names = new String[t.length];
            int literals = 0;
            for (int i = 0; i < t.length; i++) {
                if (t[i].startsWith("{") && t[i].endsWith("}")) {
                    names[i] = t[i].substring(1, t[i].length() - 1);
                } else {
                    literals++;
                }
            }
            boolean wildcard = names.length > 0 && names[names.length - 1] != null
                    && names[names.length - 1].startsWith("*");
            if (wildcard) {
                names[names.length - 1] = names[names.length - 1].substring(1);
            }
            return new Compiled(r, t, names, wildcard, literals);
        }

        /** Literal segments equal and parameter segments non-empty. */
        boolean fits(String[] parts) {
            if (wildcard ? parts.length < segments.length : segments.length != parts.length) {
                return false;
            }
            if (wildcard && String.join("/", java.util.Arrays.copyOfRange(parts, segments.length - 1, parts.length))
                    .isEmpty()) {
                return false;
            }
            for (int i = 0; i < (wildcard ? segments.length - 1 : segments.length); i++) {
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
                    String raw = wildcard && i == segments.length - 1
                            ? String.join("/", java.util.Arrays.copyOfRange(parts, i, parts.length)) : parts[i];
                    params.put(paramNames[i], java.net.URLDecoder.decode(raw.replace("+", "%2B"),
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
        int bestLiterals = -1;
        boolean pathKnown = false;
        for (Compiled c : routes) {
            if (!c.fits(parts)) {
                continue;
            }
            Route r = c.route();
            Map<String, String> params = c.params(parts);
            pathKnown = true;
            // more literal segments first (a wildcard route yields to a longer literal prefix), then fewer parameters
            if (r.method().equals(method) && (c.literals() > bestLiterals
                    || c.literals() == bestLiterals && params.size() < bestParamCount)) {
                best = r;
                bestParams = params;
                bestParamCount = params.size();
                bestLiterals = c.literals();
            }
        }
        return new Match(best, bestParams == null ? Map.of() : bestParams, pathKnown);
    }
}
