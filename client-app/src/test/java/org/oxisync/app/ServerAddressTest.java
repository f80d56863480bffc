package org.oxisync.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ServerAddressTest {

    @Test
    void withoutSchemeHttpsIsTriedFirstThenHttp() throws Exception {
        assertEquals(List.of("https://127.0.0.1:18087", "http://127.0.0.1:18087"),
                ServerAddress.candidates("127.0.0.1:18087"));
        assertEquals(List.of("https://cloud.example.org"), ServerAddress.candidates(" https://cloud.example.org/ "));
        List<URI> tried = new ArrayList<>();
        ServerAddress.Resolved r = ServerAddress.resolve("cloud.example.org:8086", (u, c, a) -> {
            tried.add(u);
            return u.getScheme().equals("https") ? ServerAddress.Answer.NOT_TLS : ServerAddress.Answer.ANSWERED;
        });
        assertEquals("http://cloud.example.org:8086", r.baseUrl());
        assertTrue(r.note().contains("does not speak https"), r.note());
        assertTrue(r.plainHttp());
        assertTrue(r.warning().orElseThrow().contains("unencrypted"));
        assertEquals(2, tried.size());
    }

    @Test
    void anExplicitHttpsIsNotDowngradedButTheErrorSaysHttpAnswers() {
        ServerAddress.Unusable e = assertThrows(ServerAddress.Unusable.class, () -> ServerAddress.resolve(
                "https://cloud.example.org", (u, c, a) -> u.getScheme().equals("https")
                        ? ServerAddress.Answer.NOT_TLS : ServerAddress.Answer.ANSWERED));
        assertTrue(e.getMessage().contains("http://cloud.example.org answers"), e.getMessage());
    }

    @Test
    void aSelfSignedHttpsServerIsKeptForPinning() throws Exception {
        ServerAddress.Resolved r = ServerAddress.resolve("cloud.example.org",
                (u, c, a) -> ServerAddress.Answer.UNTRUSTED_CERTIFICATE);
        assertEquals("https://cloud.example.org", r.baseUrl());
        assertTrue(r.untrustedCertificate());
        assertTrue(r.warning().isEmpty());
    }

    @Test
    void unusableAddressesAreSaidInWords() {
        assertThrows(ServerAddress.Unusable.class, () -> ServerAddress.candidates(""));
        assertThrows(ServerAddress.Unusable.class, () -> ServerAddress.candidates("ftp://x"));
        assertThrows(ServerAddress.Unusable.class, () -> ServerAddress.candidates("a b"));
    }

    @Test
    void loopbackHttpNeedsNoWarning() {
        assertTrue(ServerAddress.plainHttpWarning("http://127.0.0.1:8086").isEmpty());
        assertTrue(ServerAddress.plainHttpWarning("http://localhost").isEmpty());
        assertTrue(ServerAddress.plainHttpWarning("http://192.168.1.5").isPresent());
        assertTrue(ServerAddress.plainHttpWarning("https://192.168.1.5").isEmpty());
    }

    @Test
    void theRealProbeOfAnHttpOnlyServerOverHttpsEndsInSeconds() throws Exception {
        HttpServer http = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        http.createContext("/", ex -> {
            ex.sendResponseHeaders(200, -1);
            ex.close();
        });
        http.start();
        try {
            String hostPort = "127.0.0.1:" + http.getAddress().getPort();
            long start = System.nanoTime();
            ServerAddress.Answer a = ServerAddress.httpProbe(URI.create("https://" + hostPort + "/api/version"),
                    Duration.ofSeconds(3), Duration.ofSeconds(3));
            assertTrue(a == ServerAddress.Answer.NOT_TLS, a.toString());
            assertTrue(System.nanoTime() - start < 8_000_000_000L);
            ServerAddress.Resolved r = ServerAddress.resolve(hostPort);
            assertEquals("http://" + hostPort, r.baseUrl());
        } finally {
            http.stop(0);
        }
    }

    @Test
    void thePlainHttpWarningIsDecidedByTheResolvedAddressNotTheNamesPrefix() {
        assertTrue(ServerAddress.plainHttpWarning("http://127.attacker.example").isPresent(),
                "a name that merely begins with 127. is not this computer");
        assertTrue(ServerAddress.plainHttpWarning("http://127.0.0.1.attacker.example:8086").isPresent());
        assertTrue(ServerAddress.plainHttpWarning("http://127.0.0.2:8086").isEmpty(), "all of 127/8 is loopback");
        assertTrue(ServerAddress.plainHttpWarning("http://[::1]:8086").isEmpty());
        assertTrue(ServerAddress.plainHttpWarning("http://localhost:8086").isEmpty());
    }

    @Test
    void anAddressHoldingAUserOrPasswordIsRefusedWithoutShowingIt() {
        for (String typed : List.of("https://bob:hunter2@cloud.example.org", "bob:hunter2@cloud.example.org",
                "http://bob:hunter2@127.0.0.1:8086/", "https://bob@cloud.example.org")) {
            ServerAddress.Unusable e = assertThrows(ServerAddress.Unusable.class, () -> ServerAddress.candidates(typed));
            assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
            assertFalse(e.getMessage().contains("bob"), e.getMessage());
        }
        assertFalse(ServerAddress.holdsCredentials("https://cloud.example.org/path@x"), "an @ after the host");
    }

    @Test
    void aSchemeLessAddressEndingOnPlainHttpSaysItFellBack() throws Exception {
        ServerAddress.Resolved fell = ServerAddress.resolve("cloud.example.org", (u, c, a) ->
                u.getScheme().equals("https") ? ServerAddress.Answer.NO_ANSWER : ServerAddress.Answer.ANSWERED);
        assertTrue(fell.fellBackToHttp());
        ServerAddress.Resolved asked = ServerAddress.resolve("http://cloud.example.org",
                (u, c, a) -> ServerAddress.Answer.ANSWERED);
        assertFalse(asked.fellBackToHttp(), "typed with http://: the user's choice");
        assertFalse(ServerAddress.resolve("cloud.example.org", (u, c, a) -> ServerAddress.Answer.ANSWERED)
                .fellBackToHttp());
    }
}
