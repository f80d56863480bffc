package org.oxisync.protocol.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import org.oxisync.protocol.ApiListener;
import org.oxisync.protocol.AuthResponseDto;
import org.oxisync.protocol.CredentialStore;
import org.oxisync.protocol.Credentials;
import org.oxisync.protocol.OxiCloudException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The account's credentials and the refresh rules of §3.3:
 * <ul>
 *   <li>the access token is refreshed {@code margin} before it expires (by the injected clock) and after a 401;</li>
 *   <li>refresh is single-flight: callers that saw the same stale token wait for one refresh and share its result;</li>
 *   <li>the rotated pair is saved to the {@link CredentialStore} before anyone uses it;</li>
 *   <li>a refresh token is sent at most once. If the reply is lost after the request may have reached the server, the
 *       session is declared expired and the stored entry deleted: re-sending the old token would revoke the whole
 *       login family on the server, so the only clean way forward is a new login.</li>
 * </ul>
 */
final class AuthSession {
    private static final Logger LOG = LoggerFactory.getLogger(AuthSession.class);

    /** The Authorization header value to send, and the access token it carries (null for Basic). */
    record Header(String value, String accessToken) {
        @Override
        public String toString() {
            return "Header[<redacted>]";
        }
    }

    /** Performs {@code POST /api/auth/refresh} once, never retrying. */
    interface Refresher {
        AuthResponseDto refresh(String refreshToken);
    }

    /** Thrown by a {@link Refresher} when the request certainly never left the client (nothing was written). */
    static final class NotSent extends RuntimeException {
        final OxiCloudException cause;

        NotSent(OxiCloudException cause) {
            super(cause.getMessage(), cause, false, false);
            this.cause = cause;
        }
    }

    private final String account;
    private final CredentialStore store;
    private final Clock clock;
    private final Duration margin;
    private final ObjectMapper mapper;
    private final ApiListener listener;
    private final Object lock = new Object();
    private final Set<String> sentRefreshTokens = new HashSet<>();
    private Refresher refresher;
    private volatile Credentials current;
    private volatile Credentials.TokenPair unsaved;

    AuthSession(String account, CredentialStore store, Clock clock, Duration margin, ObjectMapper mapper,
            ApiListener listener) {
        this.account = account;
        this.store = store;
        this.clock = clock;
        this.margin = margin;
        this.mapper = mapper;
        this.listener = listener;
        this.current = load();
    }

    void setRefresher(Refresher refresher) {
        this.refresher = refresher;
    }

    private Credentials load() {
        try {
            return store.load(account).orElse(null);
        } catch (RuntimeException e) {
            LOG.warn("cannot read stored credentials for account {}: {}", account, e.getClass().getSimpleName());
            return null;
        }
    }

    boolean isLoggedIn() {
        return current != null || unsaved != null;
    }

    Optional<Credentials> credentials() {
        return Optional.ofNullable(current);
    }

    /** The header for the next request, refreshing first when the access token is (nearly) expired. */
    Header header() {
        persistPending();
        Credentials c = current;
        if (c == null) {
            throw new OxiCloudException.AuthExpired("not logged in; log in again");
        }
        if (c instanceof Credentials.AppPassword app) {
            return new Header(basic(app.username(), app.password()), null);
        }
        Credentials.TokenPair pair = (Credentials.TokenPair) c;
        if (!clock.instant().isBefore(pair.accessExpiresAt().minus(margin))) {
            pair = refresh(pair.accessToken());
        }
        return new Header("Bearer " + pair.accessToken(), pair.accessToken());
    }

    static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /**
     * Single-flight refresh. If another thread already replaced {@code staleAccessToken}, returns its result without
     * a request.
     */
    Credentials.TokenPair refresh(String staleAccessToken) {
        synchronized (lock) {
            persistPending();
            Credentials c = current;
            if (!(c instanceof Credentials.TokenPair pair)) {
                if (c instanceof Credentials.AppPassword) {
                    throw new OxiCloudException.AuthExpired("the app password was rejected; enter a new one");
                }
                throw new OxiCloudException.AuthExpired("not logged in; log in again");
            }
            if (staleAccessToken != null && !pair.accessToken().equals(staleAccessToken)) {
                return pair;
            }
            if (!sentRefreshTokens.add(pair.refreshToken())) {
                // Never re-send a refresh token: the server revokes the whole family on reuse.
                expire();
                throw new OxiCloudException.AuthExpired("session lost; log in again");
            }
            AuthResponseDto reply;
            try {
                reply = refresher.refresh(pair.refreshToken());
            } catch (NotSent e) {
                sentRefreshTokens.remove(pair.refreshToken());
                throw e.cause;
            } catch (OxiCloudException.RateLimited e) {
                // The rate limiter answers before the handler runs: the token was not consumed.
                sentRefreshTokens.remove(pair.refreshToken());
                throw e;
            } catch (OxiCloudException e) {
                expire();
                LOG.info("token refresh failed ({}); a new login is required", e.getClass().getSimpleName());
                throw new OxiCloudException.AuthExpired("the session could not be refreshed; log in again");
            }
            Credentials.TokenPair next = pairFrom(reply.accessToken(), reply.refreshToken(), reply.expiresIn());
            save(next);
            listener.tokenRefreshed();
            return next;
        }
    }

    /** Installs new tokens (login, device flow, refresh): saved first, used after. */
    Credentials.TokenPair install(String accessToken, String refreshToken, Long accessExpiresIn) {
        synchronized (lock) {
            Credentials.TokenPair pair = pairFrom(accessToken, refreshToken, accessExpiresIn);
            save(pair);
            return pair;
        }
    }

    void installAppPassword(Credentials.AppPassword app) {
        synchronized (lock) {
            saveOrThrow(app);
            unsaved = null;
            current = app;
        }
    }

    /** For checking an app password before storing it. */
    void useUnstored(Credentials c) {
        synchronized (lock) {
            unsaved = null;
            current = c;
        }
    }

    private Credentials.TokenPair pairFrom(String access, String refresh, Long expiresIn) {
        if (access == null || access.isEmpty() || refresh == null || refresh.isEmpty()) {
            throw new OxiCloudException.ProtocolViolation("server sent no tokens");
        }
        Instant now = clock.instant();
        Instant expiry = Jwt.expiry(access, mapper)
                .orElse(expiresIn != null && expiresIn > 0 ? now.plusSeconds(expiresIn) : now);
        return new Credentials.TokenPair(access, refresh, expiry);
    }

    private void save(Credentials.TokenPair pair) {
        unsaved = pair;
        current = null;
        persistPending();
    }

    private void persistPending() {
        Credentials.TokenPair pending = unsaved;
        if (pending == null) {
            return;
        }
        synchronized (lock) {
            if (unsaved == null) {
                return;
            }
            saveOrThrow(unsaved);
            current = unsaved;
            unsaved = null;
        }
    }

    private void saveOrThrow(Credentials c) {
        try {
            store.save(account, c);
        } catch (OxiCloudException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new OxiCloudException.CredentialStoreFailure(
                    "cannot save credentials for account " + account + " (" + e.getClass().getSimpleName() + ")", e);
        }
    }

    /** The session is unusable: forget it here and in the store, so nothing replays the old token. */
    void expire() {
        synchronized (lock) {
            current = null;
            unsaved = null;
            try {
                store.delete(account);
            } catch (RuntimeException e) {
                LOG.warn("cannot delete stored credentials for account {}: {}", account, e.getClass().getSimpleName());
            }
        }
    }

    /** Marks a refresh token as spent (logout sends it). */
    void markSent(String refreshToken) {
        synchronized (lock) {
            sentRefreshTokens.add(refreshToken);
        }
    }
}
