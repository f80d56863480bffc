package org.oxisync.protocol;

import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Every failure the client reports, as a closed set. Messages never contain tokens, passwords or request bodies;
 * server-supplied text is shortened and stripped of control characters.
 */
public abstract sealed class OxiCloudException extends RuntimeException {

    private OxiCloudException(String message, Throwable cause) {
        super(message, cause);
    }

    /** True when the same request may succeed later without any change by the user. */
    public boolean isTransient() {
        return false;
    }

    /** The session is gone (401, refresh token revoked or lost): the user has to log in again. */
    public static final class AuthExpired extends OxiCloudException {
        public AuthExpired(String message) {
            super(message, null);
        }
    }

    /** Login refused: bad credentials, device flow denied or expired, password login disabled, account locked. */
    public static final class LoginFailed extends OxiCloudException {
        private final String reason;

        public LoginFailed(String reason, String message) {
            super(message, null);
            this.reason = reason;
        }

        /** A short machine-readable reason, e.g. {@code access_denied}, {@code expired_token}, {@code 401}. */
        public String reason() {
            return reason;
        }
    }

    /** 403: the account may not do this (e.g. a forced password change is pending). */
    public static final class Forbidden extends OxiCloudException {
        public Forbidden(String message) {
            super(message, null);
        }
    }

    /**
     * 403 from the ACL engine: the caller may see the item but its role lacks the permission, answered as
     * {@code "Missing 'update' permission on File <id>"} (server {@code application/ports/authorization_ports.rs:154-239}).
     * Distinct from {@link AuthExpired} (401), {@link Forbidden} (other 403s) and {@link ServerReadOnly} (the same
     * 403 while the server says {@code X-Server-Status: {"readonly":true}}). Not transient: the same request fails
     * until the role changes, so the engine holds the item back instead of retrying it.
     */
    public static final class ForbiddenByRole extends OxiCloudException {
        private static final java.util.regex.Pattern TEXT = java.util.regex.Pattern.compile(
                "(?:Access Denied: )?Missing '([a-z]+)' permission on ([A-Za-z]+) ([0-9A-Za-z-]{1,64})");
        private final String permission;
        private final String resourceKind;
        private final String resourceId;
        private final String serverMessage;

        public ForbiddenByRole(String message, String permission, String resourceKind, String resourceId,
                               String serverMessage) {
            super(message, null);
            this.permission = permission;
            this.resourceKind = resourceKind;
            this.resourceId = resourceId;
            this.serverMessage = serverMessage;
        }

        /**
         * Recognises the engine's text (also inside a batch failure, where it is prefixed {@code "Access Denied: "});
         * {@code context} starts the exception's message.
         */
        public static Optional<ForbiddenByRole> parse(String context, String serverMessage) {
            if (serverMessage == null) {
                return Optional.empty();
            }
            java.util.regex.Matcher m = TEXT.matcher(serverMessage.trim());
            if (!m.matches()) {
                return Optional.empty();
            }
            return Optional.of(new ForbiddenByRole(context + ": the role on this drive or share does not allow '"
                    + m.group(1) + "' (" + serverMessage.trim() + ")", m.group(1), m.group(2), m.group(3),
                    serverMessage.trim()));
        }

        /** {@code create}, {@code update}, {@code delete}, {@code share}, ... as the server named it. */
        public String permission() {
            return permission;
        }

        /** {@code File} or {@code Folder} (or {@code Drive}). */
        public String resourceKind() {
            return resourceKind;
        }

        public String resourceId() {
            return resourceId;
        }

        /** The server's message as it came (control characters stripped by the parser's pattern). */
        public String serverMessage() {
            return serverMessage;
        }
    }

    /** 404, including permission denials the server hides as 404 and {@code not_available} chunk lists. */
    public static final class NotFound extends OxiCloudException {
        private final String errorCode;
        private final List<String> notAvailable;

        public NotFound(String message, String errorCode, List<String> notAvailable) {
            super(message, null);
            this.errorCode = errorCode;
            this.notAvailable = notAvailable == null ? List.of() : List.copyOf(notAvailable);
        }

        /** The server's error code, e.g. {@code blob_not_owned_by_caller} or {@code manifest_not_owner}. */
        public Optional<String> errorCode() {
            return Optional.ofNullable(errorCode);
        }

        public List<String> notAvailable() {
            return notAvailable;
        }
    }

    /** 409: a name already exists (or another conflict). */
    public static final class Conflict extends OxiCloudException {
        public Conflict(String message) {
            super(message, null);
        }
    }

    /** 409 {@code still_missing} from a delta commit: upload exactly these chunks, then commit again. */
    public static final class StillMissing extends OxiCloudException {
        private final List<String> hashes;

        public StillMissing(List<String> hashes) {
            super("commit refused: " + hashes.size() + " chunk(s) still missing on the server", null);
            this.hashes = List.copyOf(hashes);
        }

        public List<String> hashes() {
            return hashes;
        }
    }

    /** 507: the user's or the drive's quota is exhausted. */
    public static final class QuotaExceeded extends OxiCloudException {
        public QuotaExceeded(String message) {
            super(message, null);
        }
    }

    /** 429 after the bounded retries, or with a {@code Retry-After} longer than the client waits by itself. */
    public static final class RateLimited extends OxiCloudException {
        private final Duration retryAfter;

        public RateLimited(Duration retryAfter) {
            super("rate limited by the server; retry after " + retryAfter.toSeconds() + " s", null);
            this.retryAfter = retryAfter;
        }

        public Duration retryAfter() {
            return retryAfter;
        }

        @Override
        public boolean isTransient() {
            return true;
        }
    }

    /** The server announced read-only mode ({@code X-Server-Status: {"readonly":true}}) and refused a write. */
    public static final class ServerReadOnly extends OxiCloudException {
        public ServerReadOnly(String message) {
            super(message, null);
        }

        @Override
        public boolean isTransient() {
            return true;
        }
    }

    /** 5xx (after the bounded retries for idempotent calls). */
    public static final class ServerError extends OxiCloudException {
        private final int status;

        public ServerError(int status, String message) {
            super(message, null);
            this.status = status;
        }

        public int status() {
            return status;
        }

        @Override
        public boolean isTransient() {
            return true;
        }
    }

    /** Any other 4xx (400, 412, 416, ...): the request itself was refused. */
    public static final class RequestRejected extends OxiCloudException {
        private final int status;

        public RequestRejected(int status, String message) {
            super(message, null);
            this.status = status;
        }

        public int status() {
            return status;
        }
    }

    /** Connection refused, reset, closed mid-request or mid-response, TLS failure, timeout. */
    public static final class NetworkFailure extends OxiCloudException {
        public NetworkFailure(String message, Throwable cause) {
            super(message, cause);
        }

        @Override
        public boolean isTransient() {
            return true;
        }
    }

    /**
     * The server's TLS certificate is not trusted by the system and not the pinned one: show
     * {@link Certificates#presented} to the user and pin it only if they accept.
     */
    public static final class UntrustedCertificate extends OxiCloudException {
        public UntrustedCertificate(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The server's reply is broken or hostile: invalid JSON, oversized body, unsafe name, truncated frame. */
    public static final class ProtocolViolation extends OxiCloudException {
        public ProtocolViolation(String message) {
            super(message, null);
        }

        public ProtocolViolation(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Received bytes do not hash to what was expected (a delta frame, a whole download, a received-chunk echo). */
    public static final class IntegrityMismatch extends OxiCloudException {
        private final String expected;
        private final String actual;

        public IntegrityMismatch(String what, String expected, String actual) {
            super(what + ": expected BLAKE3 " + expected + " but got " + actual, null);
            this.expected = expected;
            this.actual = actual;
        }

        public String expected() {
            return expected;
        }

        public String actual() {
            return actual;
        }
    }

    /** A local file could not be read as promised (it shrank or vanished while being uploaded). */
    public static final class LocalFileChanged extends OxiCloudException {
        public LocalFileChanged(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** Not an OxiCloud server, or one older than {@link ServerVersion#MINIMUM}. */
    public static final class UnsupportedServer extends OxiCloudException {
        private final boolean tooOld;

        public UnsupportedServer(String message) {
            this(message, false);
        }

        /** @param tooOld an OxiCloud server, older than {@link ServerVersion#MINIMUM} (not another kind of server) */
        public UnsupportedServer(String message, boolean tooOld) {
            super(message, null);
            this.tooOld = tooOld;
        }

        public boolean tooOld() {
            return tooOld;
        }
    }

    /**
     * The server cannot store this name through the requested call (checked before anything is sent): e.g. leading
     * or trailing whitespace for a file rename or a delta create (the server trims it), or CR/LF together with such
     * whitespace for an upload. Not transient; the caller may pick another route (multipart keeps whitespace).
     */
    public static final class NameNotRepresentable extends OxiCloudException {
        private final String name;

        public NameNotRepresentable(String name, String message) {
            super(message, null);
            this.name = name;
        }

        /** The name as the caller asked for it. */
        public String name() {
            return name;
        }
    }

    /** The credential store could not save or read a secret. */
    public static final class CredentialStoreFailure extends OxiCloudException {
        public CredentialStoreFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }
}
