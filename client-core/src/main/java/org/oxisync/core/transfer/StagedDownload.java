package org.oxisync.core.transfer;

import java.nio.file.Path;
import org.oxisync.store.hash.FileDigest;

/**
 * A verified, fsynced temp file next to the target, ready to be renamed into place. {@code digest} is the server's
 * manifest (chunks with offsets); for a file without a usable manifest its chunk list comes from the Downloader's
 * digester, or is empty when none was given. {@code bytesReused} came from local copies instead of the network.
 */
public record StagedDownload(Path tempFile, FileDigest digest, long bytesReceived, long bytesReused) {}
