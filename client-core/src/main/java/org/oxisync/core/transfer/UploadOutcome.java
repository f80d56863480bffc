package org.oxisync.core.transfer;

import org.oxisync.protocol.FileDto;

/**
 * A finished upload: the server's file (its {@code content_hash} equals the digest's file hash) and how many bytes
 * went over the wire versus were already on the server (dedup, delta, chunks uploaded by an earlier attempt).
 *
 * @param requestedName the name the upload asked for (a create, or an update to 0 bytes that re-creates the file);
 *                      null for an update, which keeps the remote name
 */
public record UploadOutcome(FileDto file, long bytesSent, long bytesReused, String requestedName) {

    public UploadOutcome(FileDto file, long bytesSent, long bytesReused) {
        this(file, bytesSent, bytesReused, null);
    }

    /** The name the server stored ({@code FileDto.name}): journal this one, not the local name (audit #5). */
    public String serverName() {
        return file.name();
    }

    /**
     * True when the server stored another name than the one asked for (it trimmed whitespace, kept a
     * percent-escape, ...): the engine should journal {@link #serverName()} and reconcile the difference.
     */
    public boolean nameDiffers() {
        return requestedName != null && !requestedName.equals(file.name());
    }
}
