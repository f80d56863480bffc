package org.oxisync.core.transfer;

/** Why a transfer did not happen, in the terms the engine acts on. Server errors stay {@code OxiCloudException}s. */
public abstract sealed class TransferException extends Exception {
    private TransferException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The local file changed while it was read (size, mtime or content): nothing was committed; retry next run. */
    public static final class FileChangedWhileReading extends TransferException {
        public FileChangedWhileReading(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** The remote file no longer has the content the journal agreed on (or is gone): reconcile again next run. */
    public static final class RemoteChanged extends TransferException {
        private final String actualHash;

        public RemoteChanged(String message, String actualHash) {
            super(message, null);
            this.actualHash = actualHash;
        }

        /** The server's content hash now, or null when the file is gone or the hash is unknown. */
        public String actualHash() {
            return actualHash;
        }
    }

    /** Downloaded content does not hash to what the server promised; the temp file was removed. */
    public static final class VerificationFailed extends TransferException {
        public VerificationFailed(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /** A local disk operation failed (disk full, permissions, ...); the message says which. */
    public static final class LocalIoFailure extends TransferException {
        public LocalIoFailure(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * The run was asked to stop (pause, shutdown) and this transfer stopped at a safe point: every chunk sent or
     * staged so far is recorded, so the next run continues from there. Not an error of the item.
     */
    public static final class Stopped extends TransferException {
        public Stopped(String message) {
            super(message, null);
        }
    }
}
