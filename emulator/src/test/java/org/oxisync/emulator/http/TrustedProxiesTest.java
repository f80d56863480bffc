package org.oxisync.emulator.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetAddress;
import java.util.List;
import org.junit.jupiter.api.Test;

/** OXICLOUD_TRUST_PROXY_CIDR as trusted_proxy.rs reads it. */
class TrustedProxiesTest {
    private static InetAddress ip(String s) {
        return InetAddress.ofLiteral(s);
    }

    @Test
    void withoutTrustedProxiesTheForwardedHeadersAreIgnored() {
        TrustedProxies none = TrustedProxies.parse(List.of());
        assertEquals("127.0.0.1", none.clientIp(ip("127.0.0.1"), "203.0.113.9", "198.51.100.1"));
    }

    @Test
    void aTrustedPeerNamesTheClientByTheLeftmostForwardedForThenTheRealIp() {
        TrustedProxies all = TrustedProxies.parse(List.of("0.0.0.0/0"));
        assertEquals("203.0.113.9", all.clientIp(ip("127.0.0.1"), " 203.0.113.9 , 10.0.0.1", null));
        assertEquals("198.51.100.1", all.clientIp(ip("127.0.0.1"), " ", "198.51.100.1"));
        assertEquals("127.0.0.1", all.clientIp(ip("127.0.0.1"), null, null));
    }

    @Test
    void onlyPeersInsideAPrefixAreTrustedAndMalformedEntriesAreDropped() {
        TrustedProxies p = TrustedProxies.parse(List.of("10.1.0.0/16, nonsense, 192.168.0.0/40"));
        assertEquals("203.0.113.9", p.clientIp(ip("10.1.200.3"), "203.0.113.9", null));
        assertEquals("10.2.0.1", p.clientIp(ip("10.2.0.1"), "203.0.113.9", null));
        assertEquals("192.168.0.1", p.clientIp(ip("192.168.0.1"), "203.0.113.9", null), "a /40 is no IPv4 range");
        assertEquals("::1", TrustedProxies.parse(List.of("0.0.0.0/0")).clientIp(ip("::1"), "203.0.113.9", null)
                .replace("0:0:0:0:0:0:0:1", "::1"), "an IPv4 range does not cover an IPv6 peer");
    }
}
