package org.oxisync.protocol.http;

import java.io.IOException;
import java.io.InterruptedIOException;
import okhttp3.Interceptor;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Buffer;
import okio.BufferedSink;
import okio.BufferedSource;
import okio.ForwardingSink;
import okio.ForwardingSource;
import okio.Okio;
import okio.Sink;
import okio.Source;
import org.oxisync.protocol.ApiListener;
import org.oxisync.protocol.Bandwidth;
import org.oxisync.protocol.Throttle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A network interceptor that counts bytes for the {@link ApiListener} and applies the shared bandwidth limits to
 * every request and response body, so all streams of one direction share one limit. At debug level
 * ({@code OXISYNC_LOG_LEVEL=debug}) it logs every request: method, path (never a header, so no credential), status,
 * the time until the response headers, and which pooled connection carried it (to tell a stalled reused connection
 * from a slow server).
 */
final class TrafficInterceptor implements Interceptor {
    private static final Logger LOG = LoggerFactory.getLogger(TrafficInterceptor.class);
    private final Bandwidth bandwidth;
    private final ApiListener listener;

    TrafficInterceptor(Bandwidth bandwidth, ApiListener listener) {
        this.bandwidth = bandwidth;
        this.listener = listener;
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        Request request = chain.request();
        if (request.body() != null) {
            request = request.newBuilder().method(request.method(), new MeteredRequestBody(request.body())).build();
        }
        long started = System.nanoTime();
        Response response = chain.proceed(request);
        if (LOG.isDebugEnabled()) {
            LOG.debug("{} {} -> {} in {} ms (connection {})", request.method(), request.url().encodedPath(),
                    response.code(), (System.nanoTime() - started) / 1_000_000,
                    chain.connection() == null ? "-" : Integer.toHexString(System.identityHashCode(chain.connection())));
        }
        ResponseBody body = response.body();
        return response.newBuilder().body(new MeteredResponseBody(body)).build();
    }

    private static void take(Throttle throttle, long n) throws InterruptedIOException {
        try {
            throttle.acquire(n);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted by the bandwidth limit");
        }
    }

    private final class MeteredRequestBody extends RequestBody {
        private final RequestBody delegate;

        MeteredRequestBody(RequestBody delegate) {
            this.delegate = delegate;
        }

        @Override
        public MediaType contentType() {
            return delegate.contentType();
        }

        @Override
        public long contentLength() throws IOException {
            return delegate.contentLength();
        }

        @Override
        public boolean isOneShot() {
            return delegate.isOneShot();
        }

        @Override
        public void writeTo(BufferedSink sink) throws IOException {
            Sink metered = new ForwardingSink(sink) {
                @Override
                public void write(Buffer source, long byteCount) throws IOException {
                    Throttle t = bandwidth.upload();
                    long left = byteCount;
                    while (left > 0) {
                        long piece = Math.min(left, t.pieceSize(64 * 1024));
                        take(t, piece);
                        super.write(source, piece);
                        listener.bytesSent(piece);
                        left -= piece;
                    }
                }
            };
            BufferedSink buffered = Okio.buffer(metered);
            delegate.writeTo(buffered);
            buffered.emit();
        }
    }

    private final class MeteredResponseBody extends ResponseBody {
        private final ResponseBody delegate;
        private final BufferedSource source;

        MeteredResponseBody(ResponseBody delegate) {
            this.delegate = delegate;
            Source metered = new ForwardingSource(delegate.source()) {
                @Override
                public long read(Buffer sink, long byteCount) throws IOException {
                    Throttle t = bandwidth.download();
                    long n = super.read(sink, Math.min(byteCount, t.pieceSize(64 * 1024)));
                    if (n > 0) {
                        take(t, n);
                        listener.bytesReceived(n);
                    }
                    return n;
                }
            };
            this.source = Okio.buffer(metered);
        }

        @Override
        public MediaType contentType() {
            return delegate.contentType();
        }

        @Override
        public long contentLength() {
            return delegate.contentLength();
        }

        @Override
        public BufferedSource source() {
            return source;
        }

        @Override
        public void close() {
            delegate.close();
        }
    }
}
