package org.oxisync.protocol.http;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketTimeoutException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLPeerUnverifiedException;
import okhttp3.Response;
import okhttp3.ResponseBody;
import org.oxisync.protocol.ErrorDto;
import org.oxisync.protocol.Names;
import org.oxisync.protocol.OxiCloudException;

/** Turns HTTP statuses, error bodies and I/O failures into {@link OxiCloudException}s without leaking secrets. */
final class ErrorMapper {
    private static final long ERROR_BODY_CAP = 64 * 1024;
    private final Json json;
    private final Clock clock;

    ErrorMapper(Json json, Clock clock) {
        this.json = json;
        this.clock = clock;
    }

    OxiCloudException fromIo(String what, IOException e) {
        if (e instanceof LocalFileChangedIOException) {
            return new OxiCloudException.LocalFileChanged(e.getMessage(), e);
        }
        if (e instanceof SSLPeerUnverifiedException || e instanceof SSLHandshakeException) {
            return new OxiCloudException.UntrustedCertificate(what + ": the server's TLS certificate is not trusted", e);
        }
        if (e instanceof SocketTimeoutException || (e instanceof InterruptedIOException && !Thread.currentThread().isInterrupted())) {
            return new OxiCloudException.NetworkFailure(what + ": timed out", e);
        }
        return new OxiCloudException.NetworkFailure(what + ": " + e.getClass().getSimpleName(), e);
    }

    ErrorDto readError(Response response) {
        ResponseBody body = response.body();
        try {
            byte[] bytes = Json.readCapped(body, ERROR_BODY_CAP);
            if (bytes.length == 0) {
                return empty();
            }
            return json.mapper().readValue(bytes, ErrorDto.class);
        } catch (IOException | RuntimeException e) {
            return empty();
        }
    }

    private static ErrorDto empty() {
        return new ErrorDto(null, null, null, null, null, null, null, null);
    }

    /** Maps a non-success reply; {@code loginCall} turns 401/403 into {@link OxiCloudException.LoginFailed}. */
    OxiCloudException fromStatus(String what, Response response, boolean loginCall, boolean readOnly) {
        int code = response.code();
        ErrorDto err = readError(response);
        String text = describe(err);
        String msg = what + ": HTTP " + code + (text.isEmpty() ? "" : " " + text);
        if (loginCall && (code == 401 || code == 403)) {
            String reason = err.errorType() != null ? err.errorType() : err.error() != null ? err.error() : String.valueOf(code);
            return new OxiCloudException.LoginFailed(Names.printable(reason), msg);
        }
        if (readOnly && (code == 503 || code == 403 || code == 423 || code == 405)) {
            return new OxiCloudException.ServerReadOnly(msg + " (server is read-only)");
        }
        return switch (code) {
            case 401 -> new OxiCloudException.AuthExpired(msg);
            case 403 -> {
                java.util.Optional<OxiCloudException.ForbiddenByRole> byRole =
                        OxiCloudException.ForbiddenByRole.parse(what, err.message() != null ? err.message() : err.error());
                yield byRole.isPresent() ? byRole.get() : new OxiCloudException.Forbidden(msg);
            }
            case 404 -> new OxiCloudException.NotFound(msg, err.error() == null ? null : Names.printable(err.error()),
                    safeHashes(err.notAvailable()));
            case 409 -> err.stillMissing() != null && !err.stillMissing().isEmpty()
                    ? new OxiCloudException.StillMissing(requireHashes(err.stillMissing()))
                    : new OxiCloudException.Conflict(msg);
            case 429 -> new OxiCloudException.RateLimited(retryAfter(response).or(() -> lockoutWait(err))
                    .orElse(Duration.ofSeconds(60)));
            case 507 -> new OxiCloudException.QuotaExceeded(msg);
            default -> code >= 500 ? new OxiCloudException.ServerError(code, msg)
                    : code >= 400 ? new OxiCloudException.RequestRejected(code, msg)
                    : new OxiCloudException.ProtocolViolation(what + ": unexpected HTTP " + code);
        };
    }

    private static String describe(ErrorDto err) {
        String s = err.message() != null ? err.message() : err.error() != null ? err.error() : err.errorDescription();
        return s == null ? "" : Names.printable(s);
    }

    private static List<String> safeHashes(List<String> hashes) {
        return hashes == null ? List.of() : hashes.stream().filter(Names::isHash).toList();
    }

    static List<String> requireHashes(List<String> hashes) {
        for (String h : hashes) {
            if (!Names.isHash(h)) {
                throw new OxiCloudException.ProtocolViolation("server sent a malformed chunk hash " + Names.printable(h));
            }
        }
        return hashes;
    }

    private static final Pattern TRY_AGAIN_IN = Pattern.compile("Try again in (\\d{1,6}) seconds");

    /**
     * A login refused by the account lockout: 429 {@code AccountLocked} without a {@code Retry-After}, its wait only
     * in the message, "... Try again in 900 seconds." (0.8.7 auth_handler.rs:360-377; login_lockout_service.rs:95-104
     * names the whole 900 s). Without this the client would say 60 s, and a retry then would be refused again.
     */
    private static Optional<Duration> lockoutWait(ErrorDto err) {
        if (!"AccountLocked".equals(err.errorType()) || err.message() == null) {
            return Optional.empty();
        }
        Matcher m = TRY_AGAIN_IN.matcher(err.message());
        return m.find() ? Optional.of(Duration.ofSeconds(Math.min(Long.parseLong(m.group(1)), 86_400)))
                : Optional.empty();
    }

    /** {@code Retry-After} as delta-seconds or an HTTP date; absent or unparsable → empty. */
    Optional<Duration> retryAfter(Response response) {
        String v = response.header("Retry-After");
        if (v == null) {
            return Optional.empty();
        }
        v = v.trim();
        try {
            long s = Long.parseLong(v);
            return Optional.of(Duration.ofSeconds(Math.max(0, Math.min(s, 86_400))));
        } catch (NumberFormatException e) {
            try {
                Instant at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
                Duration d = Duration.between(clock.instant(), at);
                return Optional.of(d.isNegative() ? Duration.ZERO : d);
            } catch (RuntimeException ignored) {
                return Optional.empty();
            }
        }
    }

    /** {@code X-Server-Status: {"readonly":true,...}} → true; absent or unparsable → false. */
    boolean readOnly(Response response) {
        String v = response.header("X-Server-Status");
        if (v == null || v.length() > 4096) {
            return false;
        }
        try {
            JsonNode node = json.mapper().readTree(v);
            return node != null && node.path("readonly").asBoolean(false);
        } catch (IOException e) {
            return false;
        }
    }
}
