package org.oxisync.store.versions;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import org.oxisync.store.error.StoreException;
import org.oxisync.store.chunks.ChunkHashMismatchException;
import org.oxisync.store.chunks.ChunkIndex;
import org.oxisync.store.chunks.ChunkStore;
import org.oxisync.store.db.Database;
import org.oxisync.store.hash.Blake3;
import org.oxisync.store.hash.ChunkRef;
import org.oxisync.store.hash.FileChunker;
import org.oxisync.store.hash.FileDigest;
import org.oxisync.store.io.DiskFull;
import org.oxisync.store.journal.RelativePaths;

/**
 * Saved versions of users' files, on the chunk store: content is cut with FastCDC and stored once per chunk,
 * so repeated versions of a file cost only their changed chunks. The engine saves a version before it
 * replaces or deletes a local file because of a remote change.
 */
public final class VersionStore {
    private final Database db;
    private final ChunkIndex index;
    private final ChunkStore store;
    private final Clock clock;
    private final RetentionPolicy policy;
    private final FileDigester digester;

    /** Versions chunked with {@link FileChunker} (FastCDC with the server's parameters). */
    public VersionStore(Database db, ChunkIndex index, Clock clock, RetentionPolicy policy) {
        this(db, index, clock, policy, FileChunker::digest);
    }

    public VersionStore(Database db, ChunkIndex index, Clock clock, RetentionPolicy policy, FileDigester digester) {
        this.db = db;
        this.index = index;
        this.store = index.store();
        this.clock = clock;
        this.policy = policy;
        this.digester = digester;
    }

    public RetentionPolicy policy() {
        return policy;
    }

    /**
     * Saves the current content of {@code file} as a version of {@code relativePath}. If the file changes while
     * it is read, nothing is recorded and a StoreException says so (the caller may retry).
     */
    public VersionInfo saveVersion(long pairId, String relativePath, Path file, Instant time) {
        return saveVersion(pairId, relativePath, file, time, null);
    }

    /**
     * Like {@link #saveVersion(long, String, Path, Instant)}, with the chunk list the caller already knows for the
     * file's content ({@code known}, null if none): the sync engine knows it for a file whose size and mtime are as
     * its journal recorded them, the same trust a scan gives such a file. The file is then not cut and hashed
     * again before its chunks are stored (for a large file that pass is the whole cost of a version). Every chunk that is not in the store yet is still read from the
     * file and checked against its hash as it is stored; if one differs, or the size does, the file is not what
     * {@code known} says, and it is cut and hashed afresh as without it.
     */
    public VersionInfo saveVersion(long pairId, String relativePath, Path file, Instant time, FileDigest known) {
        String p = RelativePaths.normalize(relativePath);
        FileDigest digest = known;
        boolean fresh = known == null;
        for (int attempt = 1; ; attempt++) {
            if (digest == null) {
                try {
                    digest = digester.digest(file);
                } catch (IOException e) {
                    throw new StoreException("cannot read " + file + " to save a version", e);
                }
                fresh = true;
            }
            try {
                storeChunks(file, digest);
            } catch (ContentDiffers e) {
                if (fresh) {
                    throw new StoreException(file + " changed while a version of it was being saved; nothing was saved");
                }
                digest = null; // the known chunk list is not this file's: cut it afresh
                continue;
            } catch (StoreException e) {
                if (DiskFull.causedBy(e)) {
                    // the batch's temp files are gone (Batch.close), no row was written: nothing half-saved remains
                    throw new StoreException("disk full: cannot keep a version of " + p + " (nothing was saved): "
                            + e.getMessage(), e);
                }
                throw e;
            }
            FileDigest saved = digest;
            try {
                return db.write(s -> {
                    // GC runs under the write lock: a chunk present now stays until this commits and pins it.
                    for (ChunkRef c : saved.chunks()) {
                        if (!store.contains(c.hash())) {
                            throw new ChunkVanished();
                        }
                    }
                    index.recordManifest(saved);
                    long id = s.insert("INSERT INTO versions (pair_id, path, file_hash, size, created_ms) VALUES (?, ?, ?, ?, ?)",
                            pairId, p, saved.fileHash(), saved.size(), time.toEpochMilli());
                    return new VersionInfo(id, pairId, p, saved.fileHash(), saved.size(), Instant.ofEpochMilli(time.toEpochMilli()));
                });
            } catch (ChunkVanished e) {
                if (attempt >= 3) {
                    throw new StoreException("chunks of " + file + " kept disappearing while saving a version");
                }
            }
        }
    }

    /** The file's content is not what the chunk list says (it changed, or the list is not its own). */
    private static final class ContentDiffers extends RuntimeException {
        ContentDiffers() {
            super(null, null, false, false);
        }
    }

    /** Signals that garbage collection removed a reused chunk between the put and the pin; the save retries. */
    private static final class ChunkVanished extends RuntimeException {
        ChunkVanished() {
            super(null, null, false, false);
        }
    }

    private void storeChunks(Path file, FileDigest digest) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ); ChunkStore.Batch batch = store.batch()) {
            if (ch.size() != digest.size()) {
                throw new ContentDiffers();
            }
            for (ChunkRef c : digest.chunks()) {
                if (store.touch(c.hash())) {
                    continue;
                }
                ByteBuffer buf = ByteBuffer.allocate(c.length());
                long pos = c.offset();
                while (buf.hasRemaining()) {
                    if (ch.read(buf, pos + buf.position()) < 0) {
                        throw new ContentDiffers();
                    }
                }
                try {
                    batch.put(c.hash(), buf.array(), 0, c.length());
                } catch (ChunkHashMismatchException e) {
                    throw new ContentDiffers();
                }
            }
            batch.commit();
        } catch (IOException e) {
            throw new StoreException("cannot read " + file + " to save a version", e);
        }
    }

    public Optional<VersionInfo> get(long versionId) {
        return db.read(s -> s.queryOne("SELECT * FROM versions WHERE id = ?", VersionStore::map, versionId));
    }

    /** Versions of one path, newest first. */
    public List<VersionInfo> listVersions(long pairId, String relativePath) {
        String p = RelativePaths.normalize(relativePath);
        return db.read(s -> s.query("SELECT * FROM versions WHERE pair_id = ? AND path = ? ORDER BY created_ms DESC, id DESC",
                VersionStore::map, pairId, p));
    }

    /** All versions of a pair, newest first. */
    public List<VersionInfo> listVersions(long pairId) {
        return db.read(s -> s.query("SELECT * FROM versions WHERE pair_id = ? ORDER BY created_ms DESC, id DESC",
                VersionStore::map, pairId));
    }

    /**
     * Writes the version's content to {@code target} through a temp file in the same folder, checks the whole-file
     * BLAKE3, then renames it over {@code target}. On any failure the target is untouched and the temp file removed.
     */
    public void restore(long versionId, Path target) {
        VersionInfo v = get(versionId).orElseThrow(() -> new StoreException("no version " + versionId));
        FileDigest manifest = index.manifest(v.fileHash())
                .orElseThrow(() -> new StoreException("the manifest of version " + versionId + " is missing"));
        Path dir = target.toAbsolutePath().getParent();
        // ".oxisync-" prefix: the sync engine's scanner treats such names as its own temp files (never uploaded,
        // removed after a crash), so a restore killed half-way never leaks a partial file to the server.
        Path temp = dir.resolve(".oxisync-restore-" + Long.toHexString(ThreadLocalRandom.current().nextLong())
                + "-" + target.getFileName() + ".tmp");
        try {
            Files.createDirectories(dir);
            Blake3 hasher = Blake3.newHasher();
            try (FileChannel out = store.writes().open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
                for (ChunkRef c : manifest.chunks()) {
                    byte[] data = store.read(c.hash());
                    hasher.update(data, 0, data.length);
                    ByteBuffer buf = ByteBuffer.wrap(data);
                    while (buf.hasRemaining()) {
                        out.write(buf);
                    }
                }
                out.force(true);
            }
            String actual = hasher.hexDigest();
            if (!actual.equals(v.fileHash())) {
                throw new StoreException("restored content of version " + versionId + " hashes to " + actual
                        + ", not " + v.fileHash() + "; the target was not touched");
            }
            org.oxisync.store.io.DurableFiles.moveIntoPlace(temp, target);
        } catch (IOException | RuntimeException e) {
            try {
                Files.deleteIfExists(temp);
            } catch (IOException ignored) {
                // best effort
            }
            if (e instanceof StoreException se) {
                throw se;
            }
            String full = DiskFull.causedBy(e) ? "disk full: " : "";
            throw new StoreException(full + "cannot restore version " + versionId + " to " + target + " (the target was"
                    + " not touched): " + e.getMessage(), e);
        }
    }

    /** Deletes one version; its chunks are freed by the next garbage collection if nothing else needs them. */
    public boolean delete(long versionId) {
        return db.write(s -> s.update("DELETE FROM versions WHERE id = ?", versionId) > 0);
    }

    /** Bytes the versions occupy in the chunk store, each distinct chunk counted once. */
    public long totalBytes() {
        return db.read(s -> s.queryLong("SELECT coalesce(sum(c.size), 0) FROM chunks c WHERE c.hash IN "
                + "(SELECT mc.chunk_hash FROM manifest_chunks mc JOIN versions v ON v.file_hash = mc.file_hash)"));
    }

    /**
     * Applies the retention policy with the injected clock: versions older than maxAge go; then, newest first,
     * versions are kept while the deduplicated bytes of the kept ones stay within maxTotalBytes, and the rest
     * (the oldest) go. Chunks are freed by the next garbage collection.
     *
     * <p>Robust to a wall clock that jumped backwards (docs/local-faults.md): "newest" is the order of saving (the
     * row id), not the time stamp, and a version counts as old only when every version saved before it is old too
     * (its stamp is raised to the latest stamp saved before it). A version saved while the clock was behind is
     * therefore never pruned earlier than the versions saved before it, and never first because of size.
     */
    public RetentionReport applyRetention() {
        long cutoff = clock.instant().minus(policy.maxAge()).toEpochMilli();
        return db.write(s -> {
            // the running maximum of created_ms in id order is monotone, so the expired versions are a prefix by id:
            // everything saved before the first version stamped at or after the cutoff
            int byAge = s.update("DELETE FROM versions WHERE id < coalesce((SELECT min(id) FROM versions WHERE "
                    + "created_ms >= ?), (SELECT max(id) + 1 FROM versions))", cutoff);
            List<long[]> rows = new ArrayList<>();
            List<String> hashes = new ArrayList<>();
            s.query("SELECT v.id, mc.chunk_hash, c.size FROM versions v JOIN manifest_chunks mc ON mc.file_hash = v.file_hash "
                    + "JOIN chunks c ON c.hash = mc.chunk_hash ORDER BY v.id DESC", rs -> {
                        rows.add(new long[] {rs.getLong(1), rs.getLong(3)});
                        hashes.add(rs.getString(2));
                        return null;
                    });
            List<Long> order = s.query("SELECT id FROM versions ORDER BY id DESC", rs -> rs.getLong(1));
            // sizes per version, in newest-first order
            java.util.Map<Long, List<Integer>> byVersion = new java.util.HashMap<>();
            for (int i = 0; i < rows.size(); i++) {
                byVersion.computeIfAbsent(rows.get(i)[0], k -> new ArrayList<>()).add(i);
            }
            Set<String> kept = new HashSet<>();
            long keptBytes = 0;
            int bySize = 0;
            boolean over = false;
            for (long id : order) {
                if (!over) {
                    long add = 0;
                    Set<String> fresh = new HashSet<>();
                    for (int i : byVersion.getOrDefault(id, List.of())) {
                        String h = hashes.get(i);
                        if (!kept.contains(h) && fresh.add(h)) {
                            add += rows.get(i)[1];
                        }
                    }
                    if (keptBytes + add <= policy.maxTotalBytes()) {
                        keptBytes += add;
                        kept.addAll(fresh);
                        continue;
                    }
                    over = true;
                }
                s.update("DELETE FROM versions WHERE id = ?", id);
                bySize++;
            }
            return new RetentionReport(byAge, bySize, keptBytes);
        });
    }

    private static VersionInfo map(ResultSet rs) throws SQLException {
        return new VersionInfo(rs.getLong("id"), rs.getLong("pair_id"), rs.getString("path"), rs.getString("file_hash"),
                rs.getLong("size"), Instant.ofEpochMilli(rs.getLong("created_ms")));
    }
}
