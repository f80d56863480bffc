package org.oxisync.app.service;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Base64;
import java.util.Optional;
import java.util.function.Supplier;
import org.oxisync.app.AppContext;
import org.oxisync.protocol.Credentials;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code Authorization} value for the real-time bus's upgrade request, from the credential store the API client
 * keeps current: a bearer token (refreshed first through the API when it expires within a minute) or an app
 * password as Basic. Empty when the account has no credentials (the bus then stays off and polling carries on).
 */
final class BusAuthorization implements Supplier<Optional<String>> {
    private static final Logger LOG = LoggerFactory.getLogger(BusAuthorization.class);
    private final AppContext ctx;
    private final Clock clock;

    BusAuthorization(AppContext ctx, Clock clock) {
        this.ctx = ctx;
        this.clock = clock;
    }

    @Override
    public Optional<String> get() {
        try {
            String account = ctx.config().accountKey();
            var creds = ctx.credentials().load(account);
            if (creds.isPresent() && creds.get() instanceof Credentials.TokenPair t
                    && !clock.instant().isBefore(t.accessExpiresAt().minusSeconds(60))) {
                ctx.api().me(); // refreshes the token pair (and saves it) before we read it again
                creds = ctx.credentials().load(account);
            }
            return creds.map(c -> {
                if (c instanceof Credentials.TokenPair t) {
                    return "Bearer " + t.accessToken();
                }
                var a = (Credentials.AppPassword) c;
                return "Basic " + Base64.getEncoder().encodeToString(
                        (a.username() + ":" + a.password()).getBytes(StandardCharsets.UTF_8));
            });
        } catch (RuntimeException e) {
            LOG.debug("no credentials for the bus: {}", e.getClass().getSimpleName());
            return Optional.empty();
        }
    }
}
