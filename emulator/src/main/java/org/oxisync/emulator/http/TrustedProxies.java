package org.oxisync.emulator.http;

import java.net.InetAddress;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code OXICLOUD_TRUST_PROXY_CIDR} (src/interfaces/middleware/trusted_proxy.rs:27-60, :229-260): the peers whose
 * {@code X-Forwarded-For} (its leftmost entry), else {@code X-Real-Ip}, names the client for the limiters and the
 * login lockout. None by default, as on 0.8.7: then both headers are ignored. A malformed entry is dropped.
 */
public final class TrustedProxies {
    private record Cidr(byte[] net, int prefix) {}

    private final List<Cidr> cidrs;

    private TrustedProxies(List<Cidr> cidrs) {
        this.cidrs = List.copyOf(cidrs);
    }

    /** A comma-separated list of {@code ADDRESS/PREFIX} as the server's variable takes it. */
    public static TrustedProxies parse(List<String> entries) {
        List<Cidr> out = new ArrayList<>();
        for (String list : entries) {
            for (String s : list.split(",")) {
                String e = s.trim();
                int slash = e.indexOf('/');
                if (slash <= 0) {
                    continue;
                }
                try {
                    byte[] net = InetAddress.ofLiteral(e.substring(0, slash)).getAddress();
                    int prefix = Integer.parseInt(e.substring(slash + 1));
                    if (prefix >= 0 && prefix <= net.length * 8) {
                        out.add(new Cidr(net, prefix));
                    }
                } catch (IllegalArgumentException ignored) {
                    // parse_cidr drops what it cannot read (trusted_proxy.rs:52-60)
                }
            }
        }
        return new TrustedProxies(out);
    }

    /** The client's address: the peer's, unless the peer is a trusted proxy that names the client. */
    public String clientIp(InetAddress peer, String forwardedFor, String realIp) {
        if (trusted(peer)) {
            if (forwardedFor != null) {
                String first = forwardedFor.split(",", -1)[0].trim();
                if (!first.isEmpty()) {
                    return first;
                }
            }
            if (realIp != null && !realIp.trim().isEmpty()) {
                return realIp.trim();
            }
        }
        return peer.getHostAddress();
    }

    private boolean trusted(InetAddress peer) {
        byte[] a = peer.getAddress();
        for (Cidr c : cidrs) {
            if (c.net().length != a.length) {
                continue;
            }
            int full = c.prefix() / 8;
            int rest = c.prefix() % 8;
            boolean match = true;
            for (int i = 0; i < full && match; i++) {
                match = a[i] == c.net()[i];
            }
            if (match && rest > 0) {
                int mask = (0xff << (8 - rest)) & 0xff;
                match = (a[full] & mask) == (c.net()[full] & mask);
            }
            if (match) {
                return true;
            }
        }
        return false;
    }
}
