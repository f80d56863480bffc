package org.oxisync.emulator.http;

/** A route: method, template such as {@code /api/files/{id}}, whether it needs a caller, and its handler. */
public record Route(String method, String template, boolean authenticated, Handler handler) {
    @FunctionalInterface
    public interface Handler {
        Response handle(Request request) throws java.io.IOException;
    }

    /** The key of this route in the per-endpoint statistics, e.g. {@code PUT /api/files/delta/chunks}. */
    public String statsKey() {
        return method + " " + template;
    }
}
