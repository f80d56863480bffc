package org.oxisync.emulator.http;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A response produced by a handler: status, headers and a body written later by the front end. */
public final class Response {
    /** Writes the body; it must write exactly {@link #length()} bytes when the length is known. */
    @FunctionalInterface
    public interface BodyWriter {
        void writeTo(OutputStream out) throws IOException;
    }

    private final int status;
    private final List<Map.Entry<String, String>> headers = new ArrayList<>();
    private final long length; // -1 = no body, -2 = unknown length (chunked)
    private final BodyWriter body;

    private Response(int status, long length, BodyWriter body) {
        this.status = status;
        this.length = length;
        this.body = body;
    }

    public static Response empty(int status) {
        return new Response(status, -1, null);
    }

    public static Response json(int status, Object value) {
        byte[] b = Json.bytes(value);
        return bytes(status, "application/json", b);
    }

    public static Response bytes(int status, String contentType, byte[] data) {
        Response r = new Response(status, data.length, out -> out.write(data));
        r.header("Content-Type", contentType);
        return r;
    }

    public static Response stream(int status, String contentType, long length, BodyWriter writer) {
        Response r = new Response(status, length, writer);
        if (contentType != null) {
            r.header("Content-Type", contentType);
        }
        return r;
    }

    public Response header(String name, String value) {
        headers.add(Map.entry(name, value));
        return this;
    }

    public int status() { return status; }
    public long length() { return length; }
    public BodyWriter body() { return body; }
    public List<Map.Entry<String, String>> headers() { return headers; }
}
