package org.oxisync.store.versions;

import java.io.IOException;
import java.nio.file.Path;
import org.oxisync.store.hash.FileDigest;

/** Cuts a file into content-defined chunks and hashes it (FastCDC + BLAKE3 in production). */
@FunctionalInterface
public interface FileDigester {
    FileDigest digest(Path file) throws IOException;
}
