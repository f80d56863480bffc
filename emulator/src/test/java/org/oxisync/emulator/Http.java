package org.oxisync.emulator;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

/** A tiny JSON-over-HTTP test client for the emulator (java.net.http, loopback only). */
final class Http {
    static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final String base;
    private String auth;

    Http(String base) {
        this.base = base;
    }

    /** A response: status, headers, body bytes. */
    record Res(int status, java.net.http.HttpHeaders headers, byte[] body) {
        JsonNode json() {
            try {
                return JSON.readTree(body);
            } catch (IOException e) {
                throw new AssertionError("not JSON (" + status + "): " + text(), e);
            }
        }

        String text() {
            return new String(body, StandardCharsets.UTF_8);
        }

        String header(String name) {
            return headers.firstValue(name).orElse(null);
        }
    }

    Http bearer(String token) {
        this.auth = "Bearer " + token;
        return this;
    }

    Http basic(String user, String password) {
        this.auth = "Basic " + java.util.Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
        return this;
    }

    Http noAuth() {
        this.auth = null;
        return this;
    }

    /** Logs in with a password and keeps the access token; returns the login response. */
    JsonNode login(String user, String password) {
        Res r = post("/api/auth/login", Map.of("username", user, "password", password));
        if (r.status() != 200) {
            throw new AssertionError("login failed: " + r.status() + " " + r.text());
        }
        bearer(r.json().get("access_token").asText());
        return r.json();
    }

    HttpRequest.Builder req(String path) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).timeout(Duration.ofSeconds(30));
        if (auth != null) {
            b.header("Authorization", auth);
        }
        return b;
    }

    Res send(HttpRequest.Builder b) {
        try {
            HttpResponse<byte[]> r = client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
            return new Res(r.statusCode(), r.headers(), r.body());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    Res get(String path, String... headers) {
        HttpRequest.Builder b = req(path).GET();
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return send(b);
    }

    Res delete(String path) {
        return send(req(path).DELETE());
    }

    Res post(String path, Object body) {
        return send(req(path).header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(bytes(body))));
    }

    Res put(String path, Object body) {
        return send(req(path).header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofByteArray(bytes(body))));
    }

    Res patch(String path, Object body) {
        return send(req(path).header("Content-Type", "application/json")
                .method("PATCH", HttpRequest.BodyPublishers.ofByteArray(bytes(body))));
    }

    Res putBytes(String path, byte[] body) {
        return send(req(path).header("Content-Type", "application/octet-stream").PUT(HttpRequest.BodyPublishers.ofByteArray(body)));
    }

    static byte[] bytes(Object body) {
        try {
            return body instanceof String s ? s.getBytes(StandardCharsets.UTF_8) : JSON.writeValueAsBytes(body);
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /** Multipart upload with the parts in the given order: folder_id (when not null) then file. */
    Res upload(String folderId, String filename, byte[] data, boolean folderFirst) {
        String boundary = "----oxisync-test-boundary-7d93";
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        Runnable folderPart = () -> {
            if (folderId != null) {
                out.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"folder_id\"\r\n\r\n"
                        + folderId + "\r\n").getBytes(StandardCharsets.UTF_8));
            }
        };
        Runnable filePart = () -> {
            if (filename != null) {
                out.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\""
                        + filename + "\"\r\nContent-Type: application/octet-stream\r\n\r\n").getBytes(StandardCharsets.UTF_8));
                out.writeBytes(data);
                out.writeBytes("\r\n".getBytes(StandardCharsets.UTF_8));
            }
        };
        if (folderFirst) {
            folderPart.run();
            filePart.run();
        } else {
            filePart.run();
            folderPart.run();
        }
        out.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.UTF_8));
        return send(req("/api/files/upload").header("Content-Type", "multipart/form-data; boundary=" + boundary)
                .POST(HttpRequest.BodyPublishers.ofByteArray(out.toByteArray())));
    }

    Res upload(String folderId, String filename, byte[] data) {
        return upload(folderId, filename, data, true);
    }
}
