package org.oxisync.protocol.http;

import java.util.Locale;
import org.oxisync.protocol.HealthDto;
import org.oxisync.protocol.Names;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.ServerVersion;
import org.oxisync.protocol.VersionDto;

/** {@code /api/version}, {@code /health}, {@code /ready} (server {@code routes.rs:16-46}). */
final class ServerCalls {
    private final Calls c;

    ServerCalls(Calls c) {
        this.c = c;
    }

    VersionDto version() {
        return c.transport.call(Transport.Spec.of("GET", c.url("api/version").build(), null).anonymous(),
                r -> c.json.read(r.body(), VersionDto.class));
    }

    ServerVersion checkServer() {
        VersionDto v;
        try {
            v = version();
        } catch (OxiCloudException.ProtocolViolation | OxiCloudException.NotFound | OxiCloudException.RequestRejected
                | OxiCloudException.Forbidden | OxiCloudException.AuthExpired e) {
            throw new OxiCloudException.UnsupportedServer("not an OxiCloud server (GET /api/version: "
                    + e.getClass().getSimpleName() + ")");
        }
        if (v.name() == null || !v.name().toLowerCase(Locale.ROOT).equals("oxicloud")) {
            throw new OxiCloudException.UnsupportedServer("not an OxiCloud server: it calls itself " + Names.printable(v.name()));
        }
        ServerVersion parsed;
        try {
            parsed = ServerVersion.parse(v.version());
        } catch (IllegalArgumentException e) {
            throw new OxiCloudException.UnsupportedServer("OxiCloud reports an unreadable version " + Names.printable(v.version()));
        }
        if (!parsed.isSupported()) {
            throw new OxiCloudException.UnsupportedServer("OxiCloud " + parsed + " is too old: OxiSync needs "
                    + ServerVersion.MINIMUM + " or newer (folder listings and delta sync changed in 0.8.7)", true);
        }
        return parsed;
    }

    HealthDto health() {
        return c.transport.call(Transport.Spec.of("GET", c.url("health").build(), null).anonymous(),
                r -> c.json.read(r.body(), HealthDto.class));
    }

    HealthDto ready() {
        return c.transport.call(Transport.Spec.of("GET", c.url("ready").build(), null).anonymous(),
                r -> c.json.read(r.body(), HealthDto.class));
    }
}
