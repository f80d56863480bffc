package org.oxisync.protocol;

import java.io.IOException;

/**
 * Receives downloaded delta chunks, one at a time, only after each one's BLAKE3 has been verified. The array is
 * reused after the call returns: copy or write it out before returning.
 */
@FunctionalInterface
public interface ChunkSink {
    void accept(String hash, byte[] data, int length) throws IOException;
}
