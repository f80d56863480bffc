package org.oxisync.store.hash;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The whole-file BLAKE3 of a file, as {@code b3sum} prints it: read in 4 MiB pieces, large inputs hashed on every
 * core.
 */
public final class FileHasher {
    private static final int BUFFER = 4 << 20;

    /** A file's BLAKE3 (64 lowercase hex digits) and the number of bytes hashed. */
    public record Result(String hash, long size) {}

    private FileHasher() {}

    /** Hashes {@code file}; an IOException for a folder, a missing or unreadable file, or a failed read. */
    public static Result hash(Path file) throws IOException {
        if (Files.isDirectory(file)) {
            throw new IOException("is a directory");
        }
        Blake3 hasher = Blake3.newHasher().multithreaded();
        byte[] buf = new byte[BUFFER];
        long size = 0;
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            Blake3Kernels.expect(ch.size());
            ByteBuffer bb = ByteBuffer.wrap(buf);
            while (true) {
                bb.clear();
                int n = ch.read(bb);
                if (n < 0) {
                    break;
                }
                hasher.update(buf, 0, n);
                size += n;
            }
        }
        return new Result(hasher.hexDigest(), size);
    }
}
