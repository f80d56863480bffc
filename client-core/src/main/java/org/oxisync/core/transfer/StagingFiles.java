package org.oxisync.core.transfer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.concurrent.ThreadLocalRandom;
import org.oxisync.core.naming.TempNames;
import org.oxisync.store.hash.FileHasher;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** What the ways of staging a download share: the temp file's name, its whole-file check, its time, its clean-up. */
final class StagingFiles {
    private static final Logger LOG = LoggerFactory.getLogger(StagingFiles.class);

    private StagingFiles() {}

    static String fileName(DownloadRequest req) {
        return req.target().getFileName().toString();
    }

    /** A fresh temp file name beside the target (one of the engine's own temp names, never synced). */
    static Path freshTemp(DownloadRequest req, org.oxisync.store.LocalStore store) {
        return req.target().resolveSibling(TempNames.tempFor(store.ownNamesKey(), fileName(req),
                ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE));
    }

    /**
     * The whole-file BLAKE3 of a staged file, on every core ({@link FileHasher}), as {@code inspect hash} does.
     */
    static String hashFile(Path file) throws IOException {
        return FileHasher.hash(file).hash();
    }

    static void verifyWhole(Path file, String expected, String path) throws IOException,
            TransferException.VerificationFailed {
        String actual = hashFile(file);
        if (!actual.equals(expected)) {
            throw new TransferException.VerificationFailed(path + ": the assembled file hashes to " + actual
                    + ", not " + expected, null);
        }
    }

    /** Gives the staged file the server's modified time. */
    static void finish(Path temp, DownloadRequest req) throws IOException {
        if (req.serverModified() != null) {
            Files.setLastModifiedTime(temp, FileTime.from(req.serverModified()));
        }
    }

    static TransferException.LocalIoFailure localFailure(String what, IOException e) {
        String reason = e instanceof java.nio.file.FileSystemException fse && fse.getReason() != null ? fse.getReason()
                : String.valueOf(e.getMessage());
        return new TransferException.LocalIoFailure(what + ": " + reason, e);
    }

    static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            LOG.warn("could not remove the temp file {}", p.getFileName());
        }
    }
}
