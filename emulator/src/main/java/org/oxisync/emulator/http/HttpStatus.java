package org.oxisync.emulator.http;

/** Reason phrases as the real server (hyper/axum) prints them in {@code "status"}. */
public final class HttpStatus {
    private HttpStatus() {}

    public static String reason(int status) {
        return switch (status) {
            case 200 -> "OK";
            case 201 -> "Created";
            case 204 -> "No Content";
            case 206 -> "Partial Content";
            case 304 -> "Not Modified";
            case 400 -> "Bad Request";
            case 401 -> "Unauthorized";
            case 403 -> "Forbidden";
            case 404 -> "Not Found";
            case 405 -> "Method Not Allowed";
            case 408 -> "Request Timeout";
            case 409 -> "Conflict";
            case 412 -> "Precondition Failed";
            case 413 -> "Payload Too Large";
            case 415 -> "Unsupported Media Type";
            case 416 -> "Range Not Satisfiable";
            case 422 -> "Unprocessable Entity";
            case 429 -> "Too Many Requests";
            case 500 -> "Internal Server Error";
            case 501 -> "Not Implemented";
            case 503 -> "Service Unavailable";
            case 507 -> "Insufficient Storage";
            default -> "Status " + status;
        };
    }
}
