package org.oxisync.protocol;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import org.apache.commons.codec.digest.Blake3;

/** Shared test data: JSON bodies in the reference's shapes, JWTs, hashes, API configs on fake time. */
final class Fixtures {
    private Fixtures() {
    }

    static final String FOLDER_ID = "11111111-1111-4111-8111-111111111111";
    static final String FILE_ID = "22222222-2222-4222-8222-222222222222";

    static ApiConfig.Builder config(MockWebServer server, FakeTime time) {
        return ApiConfig.builder(server.url("/").uri(), "alice@test").clock(time).sleeper(time).jitter(() -> 0.5)
                .timeouts(new Timeouts(Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(5)));
    }

    static String blake3(byte[] data) {
        byte[] out = new byte[32];
        Blake3.initHash().update(data).doFinalize(out);
        return HexFormat.of().formatHex(out);
    }

    static String jwt(Instant exp, String nonce) {
        Base64.Encoder e = Base64.getUrlEncoder().withoutPadding();
        String header = e.encodeToString("{\"alg\":\"HS256\",\"typ\":\"JWT\"}".getBytes(StandardCharsets.UTF_8));
        String payload = e.encodeToString(("{\"sub\":\"u1\",\"exp\":" + exp.getEpochSecond() + ",\"jti\":\"" + nonce + "\"}")
                .getBytes(StandardCharsets.UTF_8));
        return header + "." + payload + ".c2ln";
    }

    static String authJson(String access, String refresh, long expiresIn) {
        return "{\"user\":{\"id\":\"u1\",\"username\":\"alice\",\"email\":\"a@x\",\"role\":\"user\","
                + "\"storage_quota_bytes\":1073741824,\"storage_used_bytes\":0,\"created_at\":\"2026-01-01T00:00:00Z\","
                + "\"updated_at\":\"2026-01-01T00:00:00Z\",\"active\":true},\"access_token\":\"" + access
                + "\",\"refresh_token\":\"" + refresh + "\",\"token_type\":\"Bearer\",\"expires_in\":" + expiresIn
                + ",\"force_password_change\":false}";
    }

    static String fileJson(String id, String name) {
        return "{\"id\":\"" + id + "\",\"name\":" + quoteJson(name) + ",\"path\":\"\",\"size\":5,\"mime_type\":\"text/plain\","
                + "\"folder_id\":\"" + FOLDER_ID + "\",\"created_at\":1767225600,\"modified_at\":1767225601,"
                + "\"content_hash\":\"" + "a".repeat(64) + "\",\"etag\":\"aaaaaaaaaaaaaaaa-1767225601\","
                + "\"icon_class\":\"fa-file\",\"icon_special_class\":\"\",\"category\":\"doc\",\"size_formatted\":\"5 B\","
                + "\"is_favorite\":false,\"is_shared\":false,\"future_field\":{\"x\":1}}";
    }

    static String folderJson(String id, String name) {
        return "{\"id\":\"" + id + "\",\"name\":" + quoteJson(name) + ",\"path\":\"/Personal/" + "x" + "\",\"parent_id\":\""
                + FOLDER_ID + "\",\"drive_id\":\"33333333-3333-4333-8333-333333333333\",\"created_at\":1767225600,"
                + "\"modified_at\":1767225600,\"is_root\":false,\"etag\":\"" + id.substring(0, 16) + "-1767225600\","
                + "\"is_favorite\":false,\"is_shared\":false}";
    }

    static String quoteJson(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    static MockResponse json(int code, String body) {
        return new MockResponse.Builder().code(code).addHeader("Content-Type", "application/json").body(body).build();
    }

    static MockResponse json(String body) {
        return json(200, body);
    }
}
