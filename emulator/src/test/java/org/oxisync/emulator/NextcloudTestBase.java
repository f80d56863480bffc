package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;

/** alice with an app password, and a raw HTTP client for the Nextcloud-compatible layer's WebDAV methods. */
abstract class NextcloudTestBase extends EmulatorTestBase {
    final HttpClient client = HttpClient.newHttpClient();
    String basic;
    /** alice's WebDAV files root, ending in '/'. */
    String dav;

    @BeforeEach
    void appPassword() {
        Http.Res r = http.post("/api/auth/app-passwords", Map.of("label", "nc"));
        assertEquals(200, r.status(), r.text());
        basic = "Basic " + Base64.getEncoder().encodeToString(("alice:" + r.json().get("password").asText())
                .getBytes(StandardCharsets.UTF_8));
        dav = emu.baseUrl() + "/remote.php/dav/files/alice/";
    }

    /** {@code headers} as name, value pairs. */
    HttpResponse<byte[]> send(String method, String url, byte[] body, String... headers) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(url)).header("Authorization", basic)
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofByteArray(body));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return client.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    }

    static String text(HttpResponse<byte[]> r) {
        return new String(r.body(), StandardCharsets.UTF_8);
    }

    static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    /** The ETag header of a response, quotes included. */
    static String etag(HttpResponse<byte[]> r) {
        return r.headers().firstValue("ETag").orElseThrow(() -> new AssertionError("no ETag in " + r));
    }
}
