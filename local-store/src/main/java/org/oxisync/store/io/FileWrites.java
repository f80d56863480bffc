package org.oxisync.store.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.OpenOption;
import java.nio.file.Path;

/**
 * Where the client opens the files it writes content into: chunk-store temp files, version restores and download
 * temp files. The one seam through which tests make the disk fill up (an {@code IOException("No space left on
 * device")} after N bytes, as the OS raises it inside {@code write}); production uses {@link #SYSTEM}. Small
 * metadata files (the listing cache, the quiet seal, the health file) do not go through it: they are caches whose
 * loss costs a full run, never a file (docs/local-faults.md).
 */
@FunctionalInterface
public interface FileWrites {
    /** The platform's file system; a file it creates is 0600 ({@link OwnerOnly}), whatever the umask. */
    FileWrites SYSTEM = OwnerOnly::open;

    /** Opens {@code file} with {@code options} (which include WRITE) like {@link FileChannel#open(Path, OpenOption...)}. */
    FileChannel open(Path file, OpenOption... options) throws IOException;

    /** A stream over {@link #open}: pass CREATE/APPEND/... and WRITE as for a channel. */
    default OutputStream newOutputStream(Path file, OpenOption... options) throws IOException {
        return Channels.newOutputStream(open(file, options));
    }
}
