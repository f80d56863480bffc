package org.oxisync.core.reason;

import java.io.IOException;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import org.oxisync.protocol.OxiCloudException;
import org.oxisync.store.io.DiskFull;

/**
 * An exception as a {@link Reason}: its kind from the exception's type (never from its English message), its
 * sentence one line a user can act on (no stack traces, no secrets: the messages are ours). Pure functions.
 */
public final class Reasons {
    private Reasons() {}

    /** The reason {@code e} stands for. */
    public static Reason of(Throwable e) {
        return new Reason(code(e), java.util.Map.of(), describe(e)).withArgs(args(e));
    }

    /** The English sentence for {@code e} (the CLI's and the log's words). */
    public static String describe(Throwable e) {
        if (e instanceof AccessDeniedException a) {
            return "permission denied: " + a.getFile();
        }
        if (e instanceof NoSuchFileException n) {
            return "no longer exists: " + n.getFile();
        }
        if (DiskFull.causedBy(e)) {
            return diskFull(e);
        }
        if (e instanceof OxiCloudException o) {
            String said = serverSaid(o);
            if (said != null) {
                return said;
            }
        }
        String m = e.getMessage();
        if (m == null || m.isBlank()) {
            return e.getClass().getSimpleName();
        }
        return m;
    }

    /**
     * The user's words for the server's answers that a user meets and can act on; the request, the status code and
     * the exception's type stay in the log. Null for the others, whose own message is already a sentence.
     */
    private static String serverSaid(OxiCloudException o) {
        if (o instanceof OxiCloudException.LoginFailed) {
            return "the server refused the user name or password";
        }
        if (o instanceof OxiCloudException.AuthExpired) {
            return "the server no longer accepts the saved sign-in; sign in again with `oxisync login`";
        }
        if (o instanceof OxiCloudException.QuotaExceeded) {
            return "your storage on the server is full";
        }
        if (o instanceof OxiCloudException.ServerReadOnly) {
            return "the server is read-only for now (maintenance); retried later";
        }
        if (o instanceof OxiCloudException.ServerError) {
            return "the server had an internal error; retried next run";
        }
        if (o instanceof OxiCloudException.NetworkFailure) {
            Throwable c = o.getCause();
            String why = c == null || c.getMessage() == null || c.getMessage().isBlank() ? "" : ": " + c.getMessage();
            return "the server cannot be reached" + why;
        }
        return null;
    }

    static ReasonCode code(Throwable e) {
        if (DiskFull.causedBy(e)) {
            return ReasonCode.DISK_FULL;
        }
        if (e instanceof OxiCloudException o) {
            return server(o);
        }
        if (e instanceof CodedFailure c) {
            return c.reasonCode();
        }
        if (e instanceof AccessDeniedException) {
            return ReasonCode.PERMISSION_DENIED;
        }
        if (e instanceof NoSuchFileException) {
            return ReasonCode.GONE_LOCALLY;
        }
        if (e instanceof ConnectException || e instanceof UnknownHostException || e instanceof SocketTimeoutException
                || e instanceof java.net.NoRouteToHostException || e instanceof java.net.http.HttpTimeoutException) {
            return ReasonCode.NETWORK;
        }
        if (e instanceof FileSystemException) {
            return ReasonCode.LOCKED_OR_UNREADABLE;
        }
        if (e instanceof IOException && e.getCause() != null && e.getCause() != e) {
            return code(e.getCause());
        }
        return ReasonCode.UNEXPECTED;
    }

    private static ReasonCode server(OxiCloudException o) {
        if (o instanceof OxiCloudException.AuthExpired || o instanceof OxiCloudException.LoginFailed) {
            return ReasonCode.SIGN_IN_REFUSED;
        }
        if (o instanceof OxiCloudException.Forbidden || o instanceof OxiCloudException.ForbiddenByRole) {
            return ReasonCode.FORBIDDEN_BY_ROLE;
        }
        if (o instanceof OxiCloudException.NotFound) {
            return ReasonCode.NOT_FOUND_ON_SERVER;
        }
        if (o instanceof OxiCloudException.Conflict) {
            return ReasonCode.CONFLICT;
        }
        if (o instanceof OxiCloudException.StillMissing) {
            return ReasonCode.UPLOAD_INCOMPLETE;
        }
        if (o instanceof OxiCloudException.QuotaExceeded) {
            return ReasonCode.QUOTA;
        }
        if (o instanceof OxiCloudException.RateLimited) {
            return ReasonCode.RATE_LIMITED;
        }
        if (o instanceof OxiCloudException.ServerReadOnly) {
            return ReasonCode.SERVER_READ_ONLY;
        }
        if (o instanceof OxiCloudException.ServerError) {
            return ReasonCode.SERVER_ERROR;
        }
        if (o instanceof OxiCloudException.RequestRejected) {
            return ReasonCode.REQUEST_REJECTED;
        }
        if (o instanceof OxiCloudException.NetworkFailure) {
            return ReasonCode.NETWORK;
        }
        if (o instanceof OxiCloudException.UntrustedCertificate) {
            return ReasonCode.UNTRUSTED_CERTIFICATE;
        }
        if (o instanceof OxiCloudException.ProtocolViolation) {
            return ReasonCode.PROTOCOL_VIOLATION;
        }
        if (o instanceof OxiCloudException.IntegrityMismatch) {
            return ReasonCode.HASH_MISMATCH;
        }
        if (o instanceof OxiCloudException.LocalFileChanged) {
            return ReasonCode.CHANGED_WHILE_UPLOADING;
        }
        if (o instanceof OxiCloudException.UnsupportedServer) {
            return ReasonCode.UNSUPPORTED_SERVER;
        }
        if (o instanceof OxiCloudException.NameNotRepresentable) {
            return ReasonCode.NAME_NOT_ALLOWED_HERE;
        }
        if (o instanceof OxiCloudException.CredentialStoreFailure) {
            return ReasonCode.CREDENTIAL_STORE;
        }
        return ReasonCode.UNEXPECTED;
    }

    private static java.util.Map<String, String> args(Throwable e) {
        if (e instanceof OxiCloudException.RateLimited r) {
            return java.util.Map.of("seconds", String.valueOf(r.retryAfter().toSeconds()));
        }
        if (e instanceof OxiCloudException.ServerError s) {
            return java.util.Map.of("status", String.valueOf(s.status()));
        }
        if (e instanceof OxiCloudException.RequestRejected r) {
            return java.util.Map.of("status", String.valueOf(r.status()));
        }
        if (e instanceof OxiCloudException.ForbiddenByRole f && f.permission() != null) {
            return java.util.Map.of("permission", f.permission());
        }
        if (e instanceof OxiCloudException.NameNotRepresentable n && n.name() != null) {
            return java.util.Map.of("name", n.name());
        }
        return java.util.Map.of();
    }

    /**
     * "disk full: " and what could not be written (the item is the error's path): the outermost message, which names
     * the write, or the file the OS named. The messages that already start so are kept as they are.
     */
    private static String diskFull(Throwable e) {
        String m = e.getMessage();
        if (e instanceof FileSystemException f && f.getFile() != null) {
            m = "cannot write " + f.getFile() + (f.getReason() == null ? "" : ": " + f.getReason());
        }
        if (m == null || m.isBlank()) {
            m = "no space left on the device";
        }
        return m.startsWith("disk full") ? m : "disk full: " + m;
    }
}
