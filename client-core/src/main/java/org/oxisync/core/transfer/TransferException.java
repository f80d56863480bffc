package org.oxisync.core.transfer;

import org.oxisync.core.reason.CodedFailure;
import org.oxisync.core.reason.ReasonCode;
import org.oxisync.protocol.FileDto;

/** Why a transfer did not happen, in the terms the engine acts on. Server errors stay {@code OxiCloudException}s. */
public abstract sealed class TransferException extends Exception implements CodedFailure {
    private final ReasonCode reasonCode;

    private TransferException(String message, Throwable cause, ReasonCode reasonCode) {
        super(message, cause);
        this.reasonCode = reasonCode;
    }

    @Override
    public ReasonCode reasonCode() {
        return reasonCode;
    }

    /** The local file changed while it was read (size, mtime or content): nothing was committed; retry next run. */
    public static sealed class FileChangedWhileReading extends TransferException permits SwappedWhileReading {
        public FileChangedWhileReading(String message, Throwable cause) {
            super(message, cause, ReasonCode.CHANGED_WHILE_UPLOADING);
        }
    }

    /** The path held another file (device, inode) than the one scanned while it was read. */
    public static final class SwappedWhileReading extends FileChangedWhileReading {
        public SwappedWhileReading(String message) {
            super(message, null);
        }
    }

    /**
     * The remote file does not have the content this transfer expected: before an update's commit, not the content
     * the journal agreed on (or it is gone); after an update's commit, no longer the content just committed (another
     * device committed right after, {@link #afterCommit()}). A download or a gone file: reconcile again next run; an
     * update whose file is still there ({@link #current()}): the engine keeps both versions at once.
     */
    public static final class RemoteChanged extends TransferException {
        private final String actualHash;
        private final FileDto current;
        private final boolean afterCommit;

        public RemoteChanged(String message, String actualHash) {
            super(message, null, ReasonCode.CHANGED_ON_SERVER);
            this.actualHash = actualHash;
            this.current = null;
            this.afterCommit = false;
        }

        /**
         * @param current     the server's file as the check read it (its content hash is {@link #actualHash()})
         * @param afterCommit true when this upload's commit had landed and was then replaced by another one
         */
        public RemoteChanged(String message, FileDto current, boolean afterCommit) {
            super(message, null, ReasonCode.CHANGED_ON_SERVER);
            this.current = java.util.Objects.requireNonNull(current, "current");
            this.actualHash = current.contentHash();
            this.afterCommit = afterCommit;
        }

        /** The server's content hash now, or null when the file is gone or the hash is unknown. */
        public String actualHash() {
            return actualHash;
        }

        /** The server's file as the check found it, or null when it is gone or was not read. */
        public FileDto current() {
            return current;
        }

        /** Whether this transfer's own commit landed before the other content replaced it. */
        public boolean afterCommit() {
            return afterCommit;
        }
    }

    /** Downloaded content does not hash to what the server promised; the temp file was removed. */
    public static final class VerificationFailed extends TransferException {
        public VerificationFailed(String message, Throwable cause) {
            super(message, cause, ReasonCode.HASH_MISMATCH);
        }
    }

    /** A local disk operation failed (disk full, permissions, ...); the message says which. */
    public static final class LocalIoFailure extends TransferException {
        public LocalIoFailure(String message, Throwable cause) {
            super(message, cause, ReasonCode.LOCAL_WRITE_FAILED);
        }
    }

    /**
     * The run was asked to stop (pause, shutdown) and this transfer stopped at a safe point: every chunk sent or
     * staged so far is recorded, so the next run continues from there. Not an error of the item.
     */
    public static final class Stopped extends TransferException {
        public Stopped(String message) {
            super(message, null, ReasonCode.STOPPED);
        }
    }
}
