package org.oxisync.protocol.http;

import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import okhttp3.Call;
import okhttp3.EventListener;
import okhttp3.HttpUrl;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.oxisync.protocol.AuthResponseDto;
import org.oxisync.protocol.Credentials;
import org.oxisync.protocol.DeviceAuthorizationDto;
import org.oxisync.protocol.DeviceAuthorizeDto;
import org.oxisync.protocol.DeviceTokenDto;
import org.oxisync.protocol.DeviceTokenRequestDto;
import org.oxisync.protocol.ErrorDto;
import org.oxisync.protocol.LoginDto;
import org.oxisync.protocol.Names;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.protocol.RefreshTokenDto;
import org.oxisync.protocol.UserDto;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code /api/auth/*}: login, app passwords, device flow, refresh, logout, me (server {@code auth_handler.rs},
 * {@code device_auth_handler.rs}). Login and refresh 429s are never retried: each try extends the server's
 * per-IP lockout (10 and 20 per 60 s).
 */
final class AuthCalls {
    private static final Logger LOG = LoggerFactory.getLogger(AuthCalls.class);
    private final Calls c;
    private final OkHttpClient refreshClient;

    AuthCalls(Calls c) {
        this.c = c;
        // Refresh must never be replayed by OkHttp itself, and we need to know whether it left the client.
        this.refreshClient = c.client.newBuilder().retryOnConnectionFailure(false)
                .eventListenerFactory(AuthCalls::sentTracker).build();
    }

    AuthResponseDto login(String username, String password) {
        AuthResponseDto reply = c.transport.call(
                Transport.Spec.of("POST", c.url("api/auth/login").build(), c.json.body(new LoginDto(username, password))).login(),
                r -> c.json.read(r.body(), AuthResponseDto.class));
        c.auth.install(reply.accessToken(), reply.refreshToken(), reply.expiresIn());
        return reply;
    }

    UserDto loginWithAppPassword(String username, String appPassword) {
        Credentials.AppPassword app = new Credentials.AppPassword(username, appPassword);
        Optional<Credentials> before = c.auth.credentials();
        c.auth.useUnstored(app);
        UserDto user;
        try {
            user = c.transport.call(Transport.Spec.of("GET", c.url("api/auth/me").build(), null),
                    r -> c.json.read(r.body(), UserDto.class));
        } catch (OxiCloudException.AuthExpired e) {
            before.ifPresentOrElse(c.auth::useUnstored, () -> c.auth.useUnstored(null));
            throw new OxiCloudException.LoginFailed("401", "the app password was rejected");
        } catch (RuntimeException e) {
            before.ifPresentOrElse(c.auth::useUnstored, () -> c.auth.useUnstored(null));
            throw e;
        }
        c.auth.installAppPassword(app);
        return user;
    }

    org.oxisync.protocol.AppPasswordDto createAppPassword(String label) {
        return c.sendJson("POST", c.url("api/auth/app-passwords").build(),
                new org.oxisync.protocol.AppPasswordRequestDto(label, null, null), org.oxisync.protocol.AppPasswordDto.class, false);
    }

    DeviceAuthorizationDto startDeviceLogin(String clientName) {
        DeviceAuthorizationDto d = c.transport.call(Transport.Spec.of("POST", c.url("api/auth/device/authorize").build(),
                c.json.body(new DeviceAuthorizeDto(clientName, null))).anonymous(),
                r -> c.json.read(r.body(), DeviceAuthorizationDto.class));
        if (d.deviceCode() == null || d.deviceCode().isEmpty() || d.userCode() == null) {
            throw new OxiCloudException.ProtocolViolation("device authorization without codes");
        }
        return d;
    }

    void completeDeviceLogin(DeviceAuthorizationDto authorization) {
        Instant deadline = c.config.clock().instant().plusSeconds(Math.max(1, authorization.expiresIn()));
        long interval = authorization.interval() > 0 ? authorization.interval() : 5;
        HttpUrl tokenUrl = c.url("api/auth/device/token").build();
        while (true) {
            c.sleep(Duration.ofSeconds(interval));
            if (c.config.clock().instant().isAfter(deadline)) {
                throw new OxiCloudException.LoginFailed("expired_token", "the device code expired before approval");
            }
            DeviceTokenRequestDto body = new DeviceTokenRequestDto(authorization.deviceCode(), DeviceTokenRequestDto.GRANT_TYPE);
            Object outcome;
            try {
                outcome = c.transport.call(Transport.Spec.of("POST", tokenUrl, c.json.body(body)).anonymous().passingErrors(), r -> {
                    if (r.code() == 200) {
                        return c.json.read(r.body(), DeviceTokenDto.class);
                    }
                    ErrorDto err = c.transport.errors().readError(r);
                    return err.error() == null ? "http_" + r.code() : err.error();
                });
            } catch (OxiCloudException.NetworkFailure | OxiCloudException.ServerError e) {
                LOG.debug("device token poll failed ({}); polling on", e.getClass().getSimpleName());
                continue;
            }
            if (outcome instanceof DeviceTokenDto token) {
                // expires_in here is the refresh lifetime (§3.4): rely on the JWT exp, else refresh at first use.
                c.auth.install(token.accessToken(), token.refreshToken(), null);
                return;
            }
            String error = (String) outcome;
            switch (error) {
                case "authorization_pending" -> { }
                case "slow_down" -> interval += 5;
                default -> throw new OxiCloudException.LoginFailed(Names.printable(error),
                        "device login ended: " + Names.printable(error));
            }
        }
    }

        /** Marks a call's request as sent as soon as OkHttp starts writing its headers. */
    private static EventListener sentTracker(Call call) {
        SentFlag flag = call.request().tag(SentFlag.class);
        if (flag == null) {
            return EventListener.NONE;
        }
        return new EventListener() {
                    public void requestHeadersStart(Call c) {
                flag.sent = true;
            }
        };
    }

    private static final class SentFlag {
        volatile boolean sent;
    }

    AuthResponseDto refreshCall(String refreshToken) {
        SentFlag flag = new SentFlag();
        Request request = new Request.Builder().url(c.url("api/auth/refresh").build())
                .header("User-Agent", c.config.userAgent())
                .post(c.json.body(new RefreshTokenDto(refreshToken))).tag(SentFlag.class, flag).build();
        Call call = refreshClient.newCall(request);
        call.timeout().timeout(c.config.timeouts().jsonCall().toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        String what = "POST /api/auth/refresh";
        c.config.listener().requestStarted("POST", "/api/auth/refresh");
        try (Response r = call.execute()) {
            if (r.code() == 200) {
                AuthResponseDto reply = c.json.read(r.body(), AuthResponseDto.class);
                c.config.listener().requestFinished("POST", "/api/auth/refresh", 200, Duration.ZERO);
                return reply;
            }
            throw c.transport.errors().fromStatus(what, r, true, false);
        } catch (IOException e) {
            OxiCloudException failure = c.transport.errors().fromIo(what, e);
            c.config.listener().requestFailed("POST", "/api/auth/refresh", failure);
            if (!flag.sent) {
                throw new AuthSession.NotSent(failure);
            }
            throw failure;
        }
    }

    void refreshNow() {
        Credentials cred = c.auth.credentials().orElseThrow(() -> new OxiCloudException.AuthExpired("not logged in"));
        if (cred instanceof Credentials.TokenPair pair) {
            c.auth.refresh(pair.accessToken());
        }
    }

    /**
     * {@code POST /api/auth/logout} needs a valid Bearer token ({@code auth_handler.rs:1013-1054}): refresh first when
     * the access token has expired, then send the logout with the (possibly new) refresh token. The local
     * credentials are forgotten whatever happens.
     */
    void logout() {
        try {
            if (c.auth.credentials().isPresent() && c.auth.credentials().get() instanceof Credentials.TokenPair) {
                c.auth.header(); // refreshes now if the access token is (nearly) expired
                if (c.auth.credentials().orElse(null) instanceof Credentials.TokenPair pair) {
                    c.auth.markSent(pair.refreshToken());
                    c.transport.call(Transport.Spec.of("POST", c.url("api/auth/logout").build(),
                            c.json.body(new RefreshTokenDto(pair.refreshToken()))).idempotent(false), r -> null);
                }
            }
        } catch (OxiCloudException e) {
            LOG.info("server-side logout failed ({}); forgetting the credentials anyway", e.getClass().getSimpleName());
        } finally {
            c.auth.expire();
        }
    }

    boolean isLoggedIn() {
        return c.auth.isLoggedIn();
    }

    UserDto me() {
        return c.getJson(c.url("api/auth/me").build(), UserDto.class);
    }
}
