package org.oxisync.protocol.http;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import okhttp3.MediaType;
import okhttp3.RequestBody;
import okhttp3.ResponseBody;
import okio.Buffer;
import okio.BufferedSource;
import org.oxisync.protocol.OxiCloudException;

/** JSON in and out with a size cap on every reply. */
final class Json {
    static final MediaType JSON = MediaType.get("application/json; charset=utf-8");

    private final ObjectMapper mapper = new ObjectMapper()
            .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
            .setSerializationInclusion(JsonInclude.Include.NON_NULL);
    private final long maxBytes;

    Json(long maxBytes) {
        this.maxBytes = maxBytes;
    }

    ObjectMapper mapper() {
        return mapper;
    }

    RequestBody body(Object value) {
        try {
            return RequestBody.create(mapper.writeValueAsBytes(value), JSON);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise " + value.getClass().getSimpleName(), e);
        }
    }

    /** Reads at most {@code cap} bytes of {@code body}; more is a protocol violation (never buffered whole). */
    static byte[] readCapped(ResponseBody body, long cap) throws IOException {
        long declared = body.contentLength();
        if (declared > cap) {
            throw new OxiCloudException.ProtocolViolation("server reply of " + declared + " bytes exceeds the cap of " + cap);
        }
        BufferedSource source = body.source();
        Buffer buffer = new Buffer();
        while (buffer.size() <= cap) {
            long n = source.read(buffer, 64 * 1024);
            if (n == -1) {
                return buffer.readByteArray();
            }
        }
        throw new OxiCloudException.ProtocolViolation("server reply exceeds the cap of " + cap + " bytes");
    }

    <T> T read(ResponseBody body, Class<T> type) throws IOException {
        byte[] bytes = readCapped(body, maxBytes);
        return parse(bytes, type);
    }

    <T> T parse(byte[] bytes, Class<T> type) {
        try {
            T value = mapper.readValue(bytes, type);
            if (value == null) {
                throw new OxiCloudException.ProtocolViolation("server sent null where " + type.getSimpleName() + " was expected");
            }
            return value;
        } catch (IOException e) {
            // Jackson's message may quote the body; keep only the type of problem.
            throw new OxiCloudException.ProtocolViolation(
                    "server sent invalid JSON for " + type.getSimpleName() + " (" + e.getClass().getSimpleName() + ")");
        }
    }
}
