package org.oxisync.store.error;

/**
 * The one unchecked error type at the local store's boundary: SQL and I/O failures are wrapped in it with a
 * message that names what was being done (never a secret, never file content).
 */
public class StoreException extends RuntimeException {
    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
