package org.oxisync.core.scan;

import java.io.IOException;
import java.nio.file.Path;
import org.oxisync.store.hash.FileDigest;

/** Cuts and hashes one file (in production {@code FileChunker::digest}: chunks plus whole-file BLAKE3, one read). */
@FunctionalInterface
public interface Digester {
    FileDigest digest(Path file) throws IOException;
}
