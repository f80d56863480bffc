package org.oxisync.store.transfers;

import java.nio.file.Path;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.oxisync.store.error.StoreException;
import org.oxisync.store.chunks.ChunkHashes;
import org.oxisync.store.chunks.ChunkIndex;
import org.oxisync.store.db.Database;
import org.oxisync.store.db.Session;
import org.oxisync.store.hash.FileDigest;
import org.oxisync.store.journal.RelativePaths;

/**
 * Resume state of pending transfers. A transfer pins its manifest and each of its chunk rows pins that
 * chunk, so garbage collection keeps staged chunks until {@link #finish} or {@link #abandon}.
 */
public final class Transfers {
    private final Database db;
    private final ChunkIndex index;
    private final Clock clock;

    public Transfers(Database db, ChunkIndex index, Clock clock) {
        this.db = db;
        this.index = index;
        this.clock = clock;
    }

    /** Starts an upload, or returns the pending one for the same path and content so it can resume. */
    public PendingTransfer beginUpload(long pairId, String path, FileDigest digest) {
        return begin(Direction.UPLOAD, pairId, path, digest, null);
    }

    /**
     * Starts a download of {@code remote} (the server's manifest), or resumes the pending one with the same
     * content. {@code stagingFile} is where the engine assembles the file (null if it stages into the chunk store).
     */
    public PendingTransfer beginDownload(long pairId, String path, FileDigest remote, Path stagingFile) {
        return begin(Direction.DOWNLOAD, pairId, path, remote, stagingFile);
    }

    private PendingTransfer begin(Direction dir, long pairId, String path, FileDigest digest, Path staging) {
        String p = RelativePaths.normalize(path);
        ChunkHashes.require(digest.fileHash());
        long now = clock.millis();
        return db.write(s -> {
            Optional<PendingTransfer> existing = find(s, pairId, p, dir);
            if (existing.isPresent()) {
                if (existing.get().fileHash().equals(digest.fileHash())) {
                    return existing.get();
                }
                delete(s, existing.get().id());
            }
            index.recordManifest(digest);
            long id = s.insert("INSERT INTO transfers (direction, pair_id, path, file_hash, size, staging_path, created_ms, updated_ms) "
                    + "VALUES (?, ?, ?, ?, ?, ?, ?, ?)", dir.name(), pairId, p, digest.fileHash(), digest.size(),
                    staging == null ? null : staging.toString(), now, now);
            return load(s, id).orElseThrow();
        });
    }

    /** Upload: the server lacks these chunks. */
    public void markNegotiated(long transferId, Collection<String> hashes) {
        setState(transferId, hashes, ChunkState.NEGOTIATED, null);
    }

    /** Upload: the server received these chunks. */
    public void markUploaded(long transferId, Collection<String> hashes) {
        setState(transferId, hashes, ChunkState.UPLOADED, null);
    }

    /** Download: a chunk is now in the chunk store. */
    public void markStaged(long transferId, String hash) {
        if (!index.store().contains(hash)) {
            throw new StoreException("chunk " + hash + " is not in the chunk store; stage it there first");
        }
        setState(transferId, List.of(hash), ChunkState.STAGED, null);
    }

    /** Download: a chunk was written at {@code offset} of the transfer's staging file. */
    public void markStagedAt(long transferId, String hash, long offset) {
        if (offset < 0) {
            throw new IllegalArgumentException("offset must not be negative");
        }
        setState(transferId, List.of(hash), ChunkState.STAGED, offset);
    }

    private void setState(long transferId, Collection<String> hashes, ChunkState state, Long offset) {
        long now = clock.millis();
        db.write(s -> {
            Direction dir = s.queryOne("SELECT direction FROM transfers WHERE id = ?", rs -> Direction.valueOf(rs.getString(1)), transferId)
                    .orElseThrow(() -> new StoreException("no pending transfer " + transferId));
            if ((state == ChunkState.STAGED) != (dir == Direction.DOWNLOAD)) {
                throw new IllegalArgumentException(state + " does not apply to a " + dir.name().toLowerCase() + "");
            }
            for (String h : hashes) {
                ChunkHashes.require(h);
                if (s.queryOne("SELECT 1 FROM manifest_chunks mc JOIN transfers t ON t.file_hash = mc.file_hash "
                        + "WHERE t.id = ? AND mc.chunk_hash = ? LIMIT 1", rs -> 1, transferId, h).isEmpty()) {
                    throw new IllegalArgumentException("chunk " + h + " is not part of transfer " + transferId);
                }
                s.update("INSERT INTO transfer_chunks (transfer_id, chunk_hash, state, staged_offset, updated_ms) VALUES (?, ?, ?, ?, ?) "
                        + "ON CONFLICT (transfer_id, chunk_hash) DO UPDATE SET state = excluded.state, "
                        + "staged_offset = excluded.staged_offset, updated_ms = excluded.updated_ms",
                        transferId, h, state.name(), offset, now);
            }
            s.update("UPDATE transfers SET updated_ms = ? WHERE id = ?", now, transferId);
            return null;
        });
    }

    public Optional<PendingTransfer> get(long transferId) {
        return db.read(s -> load(s, transferId));
    }

    public Optional<PendingTransfer> find(long pairId, String path, Direction direction) {
        String p = RelativePaths.normalize(path);
        return db.read(s -> find(s, pairId, p, direction));
    }

    public List<PendingTransfer> pending(long pairId) {
        return db.read(s -> {
            List<PendingTransfer> out = new ArrayList<>();
            for (long id : s.query("SELECT id FROM transfers WHERE pair_id = ? ORDER BY id", rs -> rs.getLong(1), pairId)) {
                out.add(load(s, id).orElseThrow());
            }
            return out;
        });
    }

    /** The transfer completed: its resume state goes, and its chunks are no longer pinned by it. */
    public boolean finish(long transferId) {
        return db.write(s -> delete(s, transferId));
    }

    /** Gives up a transfer (same effect as finish; the next attempt starts from scratch). */
    public boolean abandon(long transferId) {
        return finish(transferId);
    }

    private static boolean delete(Session s, long id) throws SQLException {
        s.update("DELETE FROM transfer_chunks WHERE transfer_id = ?", id);
        return s.update("DELETE FROM transfers WHERE id = ?", id) > 0;
    }

    private static Optional<PendingTransfer> find(Session s, long pairId, String path, Direction dir) throws SQLException {
        Optional<Long> id = s.queryOne("SELECT id FROM transfers WHERE pair_id = ? AND path = ? AND direction = ?",
                rs -> rs.getLong(1), pairId, path, dir.name());
        return id.isEmpty() ? Optional.empty() : load(s, id.get());
    }

    private static Optional<PendingTransfer> load(Session s, long id) throws SQLException {
        List<TransferChunk> chunks = s.query("SELECT chunk_hash, state, staged_offset, updated_ms FROM transfer_chunks "
                + "WHERE transfer_id = ? ORDER BY updated_ms, chunk_hash", rs -> new TransferChunk(rs.getString(1),
                ChunkState.valueOf(rs.getString(2)), Session.getLong(rs, "staged_offset"), Instant.ofEpochMilli(rs.getLong(4))), id);
        return s.queryOne("SELECT * FROM transfers WHERE id = ?", rs -> new PendingTransfer(rs.getLong("id"),
                Direction.valueOf(rs.getString("direction")), rs.getLong("pair_id"), rs.getString("path"),
                rs.getString("file_hash"), rs.getLong("size"), Optional.ofNullable(rs.getString("staging_path")).map(Path::of),
                Instant.ofEpochMilli(rs.getLong("created_ms")), Instant.ofEpochMilli(rs.getLong("updated_ms")), chunks), id);
    }
}
