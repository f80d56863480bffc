package org.oxisync.emulator.http;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An error answered to the client. {@link #rest} builds the server's REST error body
 * {@code {"status":"409 Conflict","error":msg,"message":msg,"error_type":"Conflict"}};
 * {@link #body} any other JSON body (auth middleware {@code {"error": ...}}, {@code still_missing}, ...).
 */
public final class ApiError extends RuntimeException {
    private final int status;
    private final Object body;
    private final Map<String, String> headers = new LinkedHashMap<>();
    private final String contentType;

    private ApiError(int status, Object body, String contentType, String message) {
        super(message, null, false, false);
        this.status = status;
        this.body = body;
        this.contentType = contentType;
    }

    public static ApiError rest(int status, String errorType, String message) {
        return app(status, KIND_NAMES.getOrDefault(errorType, errorType), message);
    }

    /**
     * An {@code AppError} built in a handler ({@code AppError::new} and its shorthands, interfaces/errors.rs:43-114):
     * the error type goes out as written, e.g. {@code AppError::not_found} says "NotFound" without a space.
     */
    public static ApiError app(int status, String errorType, String message) {
        // errors.rs:150-165: a 500's message is replaced by a generic one before it leaves the server (getMessage()
        // keeps the detail, as the server's log and a batch result's "error" do)
        String shown = status == 500 ? "An internal error occurred. Please try again later." : message;
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("status", status + " " + HttpStatus.reason(status));
        m.put("error", shown);
        m.put("message", shown);
        m.put("error_type", errorType);
        return new ApiError(status, m, "application/json", message);
    }

    /**
     * A DomainError reaches the wire through {@code AppError::from} with {@code ErrorKind::as_str}, words with a
     * space (domain/errors.rs:53-70, interfaces/errors.rs:119-141); the emulator's own short names are spelled so.
     */
    private static final Map<String, String> KIND_NAMES = Map.of("NotFound", "Not Found", "InvalidInput",
            "Invalid Input", "AccessDenied", "Access Denied", "AlreadyExists", "Already Exists", "QuotaExceeded",
            "Quota Exceeded", "InternalError", "Internal Error");

    public static ApiError body(int status, Object jsonBody) {
        return new ApiError(status, jsonBody, "application/json", String.valueOf(status));
    }

    /** Plain text body, like axum's extractor rejections (415, 400, 422). */
    public static ApiError text(int status, String text) {
        return new ApiError(status, text, "text/plain; charset=utf-8", text);
    }

    /** A status with an empty body (e.g. 404 for an unknown /api path, 405). */
    public static ApiError empty(int status) {
        return new ApiError(status, null, null, String.valueOf(status));
    }

    /**
     * {@code DomainError::not_found(entity, id)} (domain/errors.rs:108-120) through {@code AppError::from}:
     * "{entity} not found: {id}", error type "Not Found". The authorisation engine answers every id the caller may not
     * read with it too (application/ports/authorization_ports.rs:235-239), so absence and denial look alike.
     */
    public static ApiError notFound(String entity, String id) {
        return rest(404, "NotFound", entity + " not found: " + id);
    }

    /**
     * The {@code Display} of the DomainError behind this answer, "{kind}: {message}" (domain/errors.rs:79-80), as a
     * batch result's failed entry carries it (application/services/batch_operations.rs: {@code e.to_string()});
     * the message alone when the answer is not a DomainError's.
     */
    public String domainDisplay() {
        if (body instanceof Map<?, ?> m && m.get("error_type") instanceof String kind && DOMAIN_KINDS.contains(kind)) {
            return kind + ": " + getMessage();
        }
        return getMessage();
    }

    private static final java.util.Set<String> DOMAIN_KINDS = java.util.Set.of("Not Found", "Already Exists",
            "Invalid Input", "Access Denied", "Timeout", "Internal Error", "Not Implemented", "Unsupported Operation",
            "Database Error", "Quota Exceeded", "Conflict", "Precondition Failed");

    public static ApiError badRequest(String msg) { return rest(400, "InvalidInput", msg); }
    public static ApiError conflict(String msg) { return rest(409, "Conflict", msg); }
    public static ApiError quota() { return rest(507, "QuotaExceeded", "Storage quota exceeded"); }
    public static ApiError unauthorized(String msg) { return body(401, Map.of("error", msg)); }

    public ApiError header(String name, String value) {
        headers.put(name, value);
        return this;
    }

    public int status() { return status; }

    public Response toResponse() {
        Response r;
        if (body == null) {
            r = Response.empty(status);
        } else if (body instanceof String s && !"application/json".equals(contentType)) {
            r = Response.bytes(status, contentType, s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        } else {
            r = Response.json(status, body);
        }
        headers.forEach(r::header);
        return r;
    }
}
