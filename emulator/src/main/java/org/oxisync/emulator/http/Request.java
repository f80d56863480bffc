package org.oxisync.emulator.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** One request as a handler sees it; the caller's user id is set by the auth step. */
public final class Request {
    private static final int MAX_JSON_BYTES = 64 * 1024 * 1024;

    private final String method;
    private final String path;
    private final Map<String, String> pathParams;
    private final Map<String, String> query;
    private final Map<String, List<String>> headers;
    private final InputStream body;
    private final String baseUrl;
    private String userId;
    private String clientIp = "127.0.0.1";

    public Request(String method, String path, String rawQuery, Map<String, String> pathParams,
                   Map<String, List<String>> headers, InputStream body, String baseUrl) {
        this.method = method;
        this.path = path;
        this.pathParams = pathParams;
        this.query = parseQuery(rawQuery);
        this.headers = headers;
        this.body = body;
        this.baseUrl = baseUrl;
    }

    private static Map<String, String> parseQuery(String raw) {
        Map<String, String> q = new LinkedHashMap<>();
        if (raw == null || raw.isEmpty()) {
            return q;
        }
        for (String pair : raw.split("&")) {
            if (pair.isEmpty()) {
                continue;
            }
            int eq = pair.indexOf('=');
            String k = eq < 0 ? pair : pair.substring(0, eq);
            String v = eq < 0 ? "" : pair.substring(eq + 1);
            q.putIfAbsent(URLDecoder.decode(k, StandardCharsets.UTF_8), URLDecoder.decode(v, StandardCharsets.UTF_8));
        }
        return q;
    }

    public String method() { return method; }
    public String path() { return path; }
    public String baseUrl() { return baseUrl; }
    /** The TCP peer address (the real server trusts no proxy header by default). */
    public String clientIp() { return clientIp; }
    public Request clientIp(String ip) { if (ip != null) { clientIp = ip; } return this; }
    public String param(String name) { return pathParams.get(name); }
    public String query(String name) { return query.get(name); }
    public InputStream body() { return body; }

    public String header(String name) {
        for (Map.Entry<String, List<String>> e : headers.entrySet()) {
            if (e.getKey() != null && e.getKey().equalsIgnoreCase(name) && !e.getValue().isEmpty()) {
                return e.getValue().get(0);
            }
        }
        return null;
    }

    public String userId() {
        if (userId == null) {
            throw new IllegalStateException("unauthenticated request reached an authenticated handler");
        }
        return userId;
    }

    public void authenticate(String id) { this.userId = id; }

    /**
     * Reads a JSON object body the way axum's {@code Json} extractor does: 415 without a JSON
     * content type, 400 on a syntax error, 422 when the body is not an object.
     */
    public ObjectNode json() {
        String ct = header("Content-Type");
        String mime = ct == null ? "" : ct.split(";")[0].trim().toLowerCase(java.util.Locale.ROOT);
        if (!(mime.equals("application/json") || (mime.startsWith("application/") && mime.endsWith("+json")))) {
            throw ApiError.text(415, "Expected request with `Content-Type: application/json`");
        }
        byte[] data;
        try {
            data = body.readNBytes(MAX_JSON_BYTES + 1);
        } catch (IOException e) {
            throw ApiError.text(400, "Failed to buffer the request body");
        }
        if (data.length > MAX_JSON_BYTES) {
            throw ApiError.text(413, "Failed to buffer the request body: length limit exceeded");
        }
        JsonNode node;
        try {
            node = Json.MAPPER.readTree(data);
        } catch (JsonProcessingException e) {
            throw ApiError.text(400, "Failed to parse the request body as JSON");
        } catch (IOException e) {
            throw ApiError.text(400, "Failed to buffer the request body");
        }
        if (node == null || !node.isObject()) {
            throw ApiError.text(422, "Failed to deserialize the JSON body into the target type");
        }
        return (ObjectNode) node;
    }

    /** A required string field (422 when absent or not a string, as serde would reject it). */
    public static String requireString(ObjectNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || !v.isTextual()) {
            throw ApiError.text(422, "Failed to deserialize the JSON body into the target type: missing or invalid field `" + field + "`");
        }
        return v.asText();
    }

    /** An optional string field: null when absent or JSON null, 422 when of another type. */
    public static String optString(ObjectNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return null;
        }
        if (!v.isTextual()) {
            throw ApiError.text(422, "Failed to deserialize the JSON body into the target type: invalid field `" + field + "`");
        }
        return v.asText();
    }

    /** A required array field. */
    public static com.fasterxml.jackson.databind.node.ArrayNode requireArray(ObjectNode node, String field) {
        JsonNode v = node.get(field);
        if (v == null || !v.isArray()) {
            throw ApiError.text(422, "Failed to deserialize the JSON body into the target type: missing or invalid field `" + field + "`");
        }
        return (com.fasterxml.jackson.databind.node.ArrayNode) v;
    }
}
