package org.oxisync.store.hash;

import java.io.IOException;

/** Receives a file's chunks one by one, in file order, on the thread that called {@link FileChunker}. */
@FunctionalInterface
public interface ChunkSink {
    void accept(ChunkRef chunk) throws IOException;
}
