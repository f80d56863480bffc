package org.oxisync.protocol.http;

import java.io.IOException;

/** Raised inside a streaming request body when the local file no longer has the promised bytes. */
final class LocalFileChangedIOException extends IOException {
    LocalFileChangedIOException(String message) {
        super(message);
    }
}
