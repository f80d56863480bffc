package org.oxisync.store.chunks;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.FileTime;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import org.oxisync.store.error.StoreException;
import org.oxisync.store.hash.Blake3;
import org.oxisync.store.io.FileWrites;
import org.oxisync.store.io.OwnerOnly;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Content-addressed chunks on disk: {@code <root>/ab/cd/abcd…} named by their BLAKE3 hex.
 *
 * <p>A put writes {@code <root>/tmp/<hash>-<random>.tmp}; {@link Batch#commit()} fsyncs the batch's temp files
 * (concurrently, so the file system groups them), then renames them into place and fsyncs each touched
 * directory once per batch (concurrently too). A chunk file therefore only ever appears
 * complete; a crash leaves at most temp files, which {@link #recover()} (run at open) deletes. Puts are
 * idempotent: an existing chunk is success (its mtime is refreshed, so GC's grace period covers the reuse).
 * A Caffeine cache remembers the sizes of chunks known to exist.
 */
public final class ChunkStore {
    private static final Logger log = LoggerFactory.getLogger(ChunkStore.class);
    /** Concurrent fsyncs per commit. */
    private static final int SYNC_THREADS = 16;

    private final Path root;
    private final Path tmp;
    private final Path quarantine;
    private final Clock clock;
    private final FileWrites writes;
    private final Cache<String, Long> sizes = Caffeine.newBuilder().maximumSize(200_000).build();
    private final ConcurrentFsync fsync = new ConcurrentFsync(SYNC_THREADS);

    private ChunkStore(Path root, Clock clock, FileWrites writes) {
        this.root = root;
        this.writes = writes;
        this.tmp = root.resolve("tmp");
        this.quarantine = root.resolve("quarantine");
        this.clock = clock;
    }

    /** Opens (creating) the store at {@code root} and runs {@link #recover()}. */
    public static ChunkStore open(Path root, Clock clock) {
        return open(root, clock, FileWrites.SYSTEM);
    }

    /** As {@link #open(Path, Clock)}, writing chunk content through {@code writes}. */
    public static ChunkStore open(Path root, Clock clock, FileWrites writes) {
        ChunkStore store = new ChunkStore(root, clock, writes);
        try {
            OwnerOnly.createDirectories(store.tmp);
            OwnerOnly.createDirectories(store.quarantine);
        } catch (IOException e) {
            throw new StoreException("cannot create the chunk store at " + root, e);
        }
        store.recover();
        return store;
    }

    public Path root() {
        return root;
    }

    /** How this store (and the version store's restores) open content files for writing. */
    public FileWrites writes() {
        return writes;
    }

    public Path pathOf(String hash) {
        ChunkHashes.require(hash);
        return root.resolve(hash.substring(0, 2)).resolve(hash.substring(2, 4)).resolve(hash);
    }

    /** Deletes temp files left by an interrupted put and stray non-chunk files; returns how many. */
    public int recover() {
        int removed = 0;
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(tmp)) {
            for (Path p : ds) {
                Files.deleteIfExists(p);
                removed++;
            }
        } catch (IOException e) {
            throw new StoreException("cannot clean the chunk store's temp folder " + tmp, e);
        }
        List<Path> strays = new ArrayList<>();
        walk(p -> { }, strays::add);
        for (Path p : strays) {
            try {
                Files.deleteIfExists(p);
                removed++;
            } catch (IOException e) {
                throw new StoreException("cannot remove stray file " + p, e);
            }
        }
        if (removed > 0) {
            log.info("chunk store recovery removed {} temp or stray files", removed);
        }
        return removed;
    }

    /** Stores one chunk (its own batch) and returns its hash. */
    public String put(byte[] data) {
        try (Batch b = batch()) {
            String h = b.put(data, 0, data.length);
            b.commit();
            return h;
        }
    }

    /** If the chunk exists, refreshes its mtime (so GC's grace period covers a reuse) and returns true. */
    public boolean touch(String hash) {
        Path target = pathOf(hash);
        try {
            Files.setLastModifiedTime(target, FileTime.from(clock.instant()));
            return true;
        } catch (NoSuchFileException e) {
            sizes.invalidate(hash);
            return false;
        } catch (IOException e) {
            throw new StoreException("cannot touch chunk " + hash, e);
        }
    }

    public Batch batch() {
        return new Batch();
    }

    public boolean contains(String hash) {
        return size(hash).isPresent();
    }

    public OptionalLong size(String hash) {
        Long cached = sizes.getIfPresent(hash);
        if (cached != null) {
            return OptionalLong.of(cached);
        }
        try {
            long s = Files.size(pathOf(hash));
            sizes.put(hash, s);
            return OptionalLong.of(s);
        } catch (NoSuchFileException e) {
            return OptionalLong.empty();
        } catch (IOException e) {
            throw new StoreException("cannot stat chunk " + hash, e);
        }
    }

    public byte[] read(String hash) {
        try {
            return Files.readAllBytes(pathOf(hash));
        } catch (NoSuchFileException e) {
            sizes.invalidate(hash);
            throw new ChunkNotFoundException(hash);
        } catch (IOException e) {
            throw new StoreException("cannot read chunk " + hash, e);
        }
    }

    /**
     * Reads bytes {@code [start, end)} of a chunk. {@code start == end} gives an empty array; a range outside
     * {@code [0, size]} or with {@code end < start} is an IndexOutOfBoundsException.
     */
    public byte[] read(String hash, long start, long end) {
        try (FileChannel ch = FileChannel.open(pathOf(hash), StandardOpenOption.READ)) {
            long size = ch.size();
            if (start < 0 || end < start || end > size) {
                throw new IndexOutOfBoundsException("range [" + start + ", " + end + ") is outside chunk "
                        + hash + " of " + size + " bytes");
            }
            ByteBuffer buf = ByteBuffer.allocate((int) (end - start));
            long pos = start;
            while (buf.hasRemaining()) {
                int n = ch.read(buf, pos);
                if (n < 0) {
                    throw new StoreException("chunk " + hash + " ended early");
                }
                pos += n;
            }
            return buf.array();
        } catch (NoSuchFileException e) {
            sizes.invalidate(hash);
            throw new ChunkNotFoundException(hash);
        } catch (IOException e) {
            throw new StoreException("cannot read chunk " + hash, e);
        }
    }

    /** Deletes a chunk; true if it existed. Callers (GC) decide whether it is still needed. */
    public boolean delete(String hash) {
        sizes.invalidate(hash);
        try {
            return Files.deleteIfExists(pathOf(hash));
        } catch (IOException e) {
            throw new StoreException("cannot delete chunk " + hash, e);
        }
    }

    Instant lastModified(String hash) {
        try {
            return Files.getLastModifiedTime(pathOf(hash)).toInstant();
        } catch (IOException e) {
            return Instant.MAX;
        }
    }

    /** Calls {@code action} with every stored chunk's hash. */
    public void forEach(Consumer<String> action) {
        walk(p -> action.accept(p.getFileName().toString()), p -> { });
    }

    public List<String> hashes() {
        List<String> out = new ArrayList<>();
        forEach(out::add);
        return out;
    }

    /** Files under tmp/ (a clean store has none outside a running put). */
    public List<Path> tempFiles() {
        try (var s = Files.list(tmp)) {
            return s.toList();
        } catch (IOException e) {
            throw new StoreException("cannot list " + tmp, e);
        }
    }

    /** Re-hashes one chunk; a chunk whose content does not match its name is moved to quarantine/. */
    public boolean verify(String hash) {
        Path p = pathOf(hash);
        String actual;
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.READ)) {
            Blake3 h = Blake3.newHasher();
            ByteBuffer buf = ByteBuffer.allocate(64 * 1024);
            while (ch.read(buf) >= 0) {
                buf.flip();
                h.update(buf);
                buf.clear();
            }
            actual = h.hexDigest();
        } catch (NoSuchFileException e) {
            throw new ChunkNotFoundException(hash);
        } catch (IOException e) {
            throw new StoreException("cannot read chunk " + hash, e);
        }
        if (actual.equals(hash)) {
            return true;
        }
        Path target = quarantine.resolve(hash + "." + clock.millis());
        try {
            Files.move(p, target, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new StoreException("cannot quarantine corrupt chunk " + hash, e);
        }
        sizes.invalidate(hash);
        log.warn("chunk {} was corrupt (content hashes to {}); moved to {}", hash, actual, target);
        return false;
    }

    /** Re-hashes every chunk and quarantines the corrupt ones. */
    public VerifyReport verifyAll() {
        List<String> all = hashes();
        List<String> bad = new ArrayList<>();
        for (String h : all) {
            if (!verify(h)) {
                bad.add(h);
            }
        }
        return new VerifyReport(all.size(), bad);
    }

    public List<Path> quarantined() {
        try (var s = Files.list(quarantine)) {
            return s.toList();
        } catch (IOException e) {
            throw new StoreException("cannot list " + quarantine, e);
        }
    }

    private void walk(Consumer<Path> chunk, Consumer<Path> stray) {
        try (DirectoryStream<Path> l1 = Files.newDirectoryStream(root, ChunkStore::isFanOut)) {
            for (Path d1 : l1) {
                try (DirectoryStream<Path> l2 = Files.newDirectoryStream(d1, ChunkStore::isFanOut)) {
                    for (Path d2 : l2) {
                        try (DirectoryStream<Path> files = Files.newDirectoryStream(d2)) {
                            for (Path f : files) {
                                String n = f.getFileName().toString();
                                boolean ok = ChunkHashes.isValid(n) && n.startsWith(d1.getFileName().toString()
                                        + d2.getFileName().toString());
                                (ok ? chunk : stray).accept(f);
                            }
                        }
                    }
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the chunk store " + root, e);
        }
    }

    private static boolean isFanOut(Path p) {
        String n = p.getFileName().toString();
        return n.length() == 2 && Files.isDirectory(p) && Character.digit(n.charAt(0), 16) >= 0
                && Character.digit(n.charAt(1), 16) >= 0;
    }

    /**
     * A group of puts made durable together: each chunk is written to a temp file at put, and {@link #commit()}
     * fsyncs them, renames them all into place and fsyncs each touched directory once. Closing without
     * commit discards the temp files.
     */
    public final class Batch implements AutoCloseable {
        private final List<Path[]> pending = new ArrayList<>();
        private final List<String> pendingHashes = new ArrayList<>();
        private boolean done;

        private Batch() {
        }

        /** Hashes and stages {@code data[off, off+len)}; returns its hash. */
        public String put(byte[] data, int off, int len) {
            String hash = Blake3.hashHex(data, off, len);
            stage(hash, data, off, len);
            return hash;
        }

        public String put(byte[] data) {
            return put(data, 0, data.length);
        }

        /**
         * Stages bytes that must hash to {@code expectedHash}; a mismatch stores nothing
         * ({@link ChunkHashMismatchException}). A {@link StoreException} (the chunk could not be written) comes only
         * after the bytes were found to match.
         */
        public void put(String expectedHash, byte[] data, int off, int len) {
            ChunkHashes.require(expectedHash);
            String actual = Blake3.hashHex(data, off, len);
            if (!actual.equals(expectedHash)) {
                throw new ChunkHashMismatchException(expectedHash, actual);
            }
            stage(expectedHash, data, off, len);
        }

        private void stage(String hash, byte[] data, int off, int len) {
            if (done) {
                throw new IllegalStateException("batch already committed or closed");
            }
            Path target = pathOf(hash);
            if (touch(hash)) {
                return;
            }
            Path temp = tmp.resolve(hash + "-" + Long.toHexString(ThreadLocalRandom.current().nextLong()) + ".tmp");
            try (FileChannel ch = writes.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                ByteBuffer buf = ByteBuffer.wrap(data, off, len);
                while (buf.hasRemaining()) {
                    ch.write(buf);
                }
            } catch (IOException e) {
                deleteQuietly(temp);
                throw new StoreException("cannot write chunk " + hash + ": " + e.getMessage(), e);
            }
            try {
                // chunk mtimes follow the store's clock, which the GC grace period is measured with
                Files.setLastModifiedTime(temp, FileTime.from(clock.instant()));
            } catch (IOException e) {
                deleteQuietly(temp);
                throw new StoreException("cannot write chunk " + hash, e);
            }
            pending.add(new Path[] {temp, target});
            pendingHashes.add(hash);
        }

        /** Whether nothing has been staged since the batch was made. */
        public boolean isEmpty() {
            return pending.isEmpty();
        }

        /** Renames every staged chunk into place and fsyncs the touched directories; returns the hashes. */
        public List<String> commit() {
            if (done) {
                throw new IllegalStateException("batch already committed or closed");
            }
            Set<Path> dirs = new LinkedHashSet<>();
            try {
                // fsync every temp file before any rename: a chunk name never points at unsynced bytes.
                // Deferring the fsyncs to here lets the kernel write the batch back meanwhile; running them
                // concurrently lets the file system group them into a few journal commits (one fdatasync at a
                // time cost about 6.8 ms per chunk here: 9 MiB/s).
                List<Path> temps = new ArrayList<>(pending.size());
                for (Path[] p : pending) {
                    temps.add(p[0]);
                }
                fsync.forceAll(temps, false);
                for (int i = 0; i < pending.size(); i++) {
                    Path temp = pending.get(i)[0];
                    Path target = pending.get(i)[1];
                    Path d2 = target.getParent();
                    if (!Files.isDirectory(d2)) {
                        OwnerOnly.createDirectories(d2);
                        dirs.add(root);
                        dirs.add(d2.getParent());
                    }
                    if (Files.exists(target)) {
                        Files.deleteIfExists(temp);
                    } else {
                        try {
                            Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
                        } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException e) {
                            Files.deleteIfExists(temp);
                            if (!Files.exists(target)) {
                                throw e;
                            }
                        }
                        dirs.add(d2);
                    }
                }
                // tmp/ itself is not synced: a crash can at worst leave a temp name behind beside the durable
                // chunk name (a second link to the same bytes), and recover() removes every name in tmp/.
                fsync.forceAll(new ArrayList<>(dirs), true);
                done = true;
                List<String> out = List.copyOf(pendingHashes);
                pending.clear();
                return out;
            } catch (IOException e) {
                throw new StoreException("cannot commit a batch of " + pending.size() + " chunks", e);
            }
        }

        @Override
        public void close() {
            done = true;
            for (Path[] p : pending) {
                deleteQuietly(p[0]);
            }
            pending.clear();
        }
    }

    private static void deleteQuietly(Path p) {
        try {
            Files.deleteIfExists(p);
        } catch (IOException e) {
            log.debug("cannot delete {}", p, e);
        }
    }
}
