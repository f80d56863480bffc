package org.oxisync.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.oxisync.emulator.config.EmulatorConfig;

/** With the server suite's OXICLOUD_TRUST_PROXY_CIDR=0.0.0.0/0 the lockout is keyed by X-Forwarded-For. */
class TrustedProxyLockoutTest extends EmulatorTestBase {
    @Override
    EmulatorConfig.Builder config() {
        return super.config().trustProxyCidr("0.0.0.0/0");
    }

    static int login(String base, String password, String forwardedFor) throws Exception {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + "/api/auth/login"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"username\":\"bob\",\"password\":\"" + password + "\"}"));
        if (forwardedFor != null) {
            b.header("X-Forwarded-For", forwardedFor);
        }
        return HttpClient.newHttpClient().send(b.build(), HttpResponse.BodyHandlers.discarding()).statusCode();
    }

    @Test
    void aLockoutFromAForwardedAddressLeavesTheRealPeerFree() throws Exception {
        for (int i = 0; i < 5; i++) {
            assertEquals(403, login(emu.baseUrl(), "bad", "203.0.113.7"));
        }
        assertEquals(429, login(emu.baseUrl(), "hunter2", "203.0.113.7"), "that (name, address) is locked");
        assertEquals(200, login(emu.baseUrl(), "hunter2", null), "trusted_proxy.rs:229-260: another client");
    }
}
