package org.oxisync.emulator.store;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Content-addressed chunk files: {@code chunks/ab/<blake3>}, written to a temp name and renamed. Per small upload
 * this is the emulator's main cost, so the fan-out folders are created once (not checked per chunk) and temp names
 * come from a counter (a random UUID per chunk drew on SecureRandom).
 */
public final class ChunkStore {
    private final Path root;
    private final Path tmp;
    private final Set<String> fanOuts = ConcurrentHashMap.newKeySet();
    private final String tempPrefix = Long.toHexString(new java.util.Random().nextLong()) + "-";
    private final AtomicLong tempCounter = new AtomicLong();

    public ChunkStore(Path dataDir) throws IOException {
        this.root = dataDir.resolve("chunks");
        this.tmp = dataDir.resolve("tmp");
        Files.createDirectories(root);
        Files.createDirectories(tmp);
    }

    public Path path(String hash) {
        return root.resolve(hash.substring(0, 2)).resolve(hash);
    }

    public boolean has(String hash) {
        return Files.exists(path(hash));
    }

    /** Stores bytes under the hash unless present; the caller computed the hash. */
    public void put(String hash, byte[] buf, int off, int len) throws IOException {
        Path target = path(hash);
        if (Files.exists(target)) {
            return;
        }
        fanOut(hash, target);
        Path t = tempFile(".chunk");
        try (OutputStream out = Files.newOutputStream(t)) {
            out.write(buf, off, len);
        }
        move(t, target);
    }

    /** Moves an already written temp file into place under the hash (dropped when present). */
    public void putFile(String hash, Path file) throws IOException {
        Path target = path(hash);
        if (Files.exists(target)) {
            Files.deleteIfExists(file);
            return;
        }
        fanOut(hash, target);
        move(file, target);
    }

    private void fanOut(String hash, Path target) throws IOException {
        String dir = hash.substring(0, 2);
        if (!fanOuts.contains(dir)) {
            Files.createDirectories(target.getParent());
            fanOuts.add(dir);
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            if (Files.exists(to)) {
                Files.deleteIfExists(from);
            } else {
                throw e;
            }
        }
    }

    public InputStream open(String hash) throws IOException {
        return Files.newInputStream(path(hash));
    }

    public byte[] read(String hash) throws IOException {
        return Files.readAllBytes(path(hash));
    }

    /**
     * Reads a chunk into {@code buf} and returns its size; a chunk larger than {@code buf} returns
     * {@code buf.length + 1} (its bytes beyond the buffer are not read), so callers comparing sizes see the mismatch.
     */
    public int read(String hash, byte[] buf) throws IOException {
        try (FileChannel ch = FileChannel.open(path(hash), StandardOpenOption.READ)) {
            ByteBuffer bb = ByteBuffer.wrap(buf);
            while (bb.hasRemaining()) {
                if (ch.read(bb) < 0) {
                    return bb.position();
                }
            }
            return ch.size() > buf.length ? buf.length + 1 : buf.length;
        }
    }

    public void delete(String hash) throws IOException {
        Files.deleteIfExists(path(hash));
    }

    /** A fresh temp file path inside the data dir (same filesystem as the chunks). */
    public Path tempFile(String suffix) {
        return tmp.resolve(tempPrefix + tempCounter.incrementAndGet() + suffix);
    }

    public Path tmpDir() {
        return tmp;
    }
}
