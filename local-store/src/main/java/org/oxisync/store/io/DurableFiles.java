package org.oxisync.store.io;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Replaces a file so that readers (and the next start after a crash or power loss) see either the old content or
 * the whole new one: written to a temp name beside it, fsynced, then renamed over it (atomically where the file
 * system can). What it writes is the client's own (settings, caches, seals): folders it creates are 0700 and the
 * file 0600 ({@link OwnerOnly}).
 */
public final class DurableFiles {
    private DurableFiles() {}

    /** Writes the new content to the stream it is given; streamed, so a large file is never held in memory. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    public static void replace(Path target, Content content) throws IOException {
        Path dir = target.toAbsolutePath().getParent();
        OwnerOnly.createDirectories(dir);
        Path tmp = target.resolveSibling(target.getFileName() + ".tmp");
        try {
            try (OutputStream out = java.nio.channels.Channels.newOutputStream(OwnerOnly.open(tmp,
                    StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE))) {
                content.writeTo(out);
            }
            if (OwnerOnly.posix(tmp)) {
                Files.setPosixFilePermissions(tmp, OwnerOnly.FILE); // a leftover temp of any mode is reused
            }
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ch.force(true);
            }
            moveIntoPlace(tmp, target);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Renames a finished temp file over {@code target}: atomically where the file system can. */
    public static void moveIntoPlace(Path tmp, Path target) throws IOException {
        try {
            Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(tmp, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
