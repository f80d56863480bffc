package org.oxisync.core.transfer;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.Map;
import org.oxisync.store.error.StoreException;
import org.oxisync.store.chunks.ChunkHashMismatchException;
import org.oxisync.store.chunks.ChunkIndex;
import org.oxisync.store.chunks.ChunkLocation;
import org.oxisync.store.chunks.ChunkStore;
import org.oxisync.store.hash.Blake3;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds a chunk's bytes on this machine: the chunk store, a pending download's staging file, or a synced local
 * file at an offset (as long as its journal entry is unchanged). Every candidate is re-hashed before use, so a file
 * edited behind the journal's back, or a corrupt store entry, only costs a download. Keeps the local files it
 * reads open until {@link #close()}.
 *
 * <p>Given a file to keep from and a batch of the chunk store, a chunk read from that file is hashed by the batch's
 * checked put instead (one hash for both uses), so that the caller can commit it to the store for the version store
 * ({@link #keptBatch()}). A batch that fails (a full disk) is given up: reading goes on with the plain check.
 */
final class LocalChunkSource implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(LocalChunkSource.class);

    private final ChunkIndex index;
    private final Map<Path, FileChannel> open = new HashMap<>();
    private final Path keepFrom;
    private ChunkStore.Batch keep;

    /**
     * @param keepFrom the file whose chunks go into {@code keep} as they are read (ignored when {@code keep} is null)
     * @param keep     a batch this source owns from now on: closed by {@link #close()} unless {@link #keptBatch()}
     *                 handed it over first
     */
    LocalChunkSource(ChunkIndex index, Path keepFrom, ChunkStore.Batch keep) {
        this.index = index;
        this.keepFrom = keep == null ? null : keepFrom.toAbsolutePath().normalize();
        this.keep = keep;
    }

    /** The verified bytes of the chunk, or null when no local copy is usable. */
    byte[] read(String hash, int size) {
        for (ChunkLocation loc : index.locations(hash)) {
            if (loc.size() != size) {
                continue;
            }
            byte[] data;
            if (loc instanceof ChunkLocation.Staged s) {
                data = fromFile(s.stagingFile(), s.offset(), size);
            } else if (loc instanceof ChunkLocation.LocalFile f) {
                data = fromFile(f.file(), f.offset(), size);
            } else {
                data = fromStore(hash);
            }
            if (data != null && (kept(loc) ? keptIfMatching(hash, data) : matches(hash, data))) {
                return data;
            }
            if (data != null) {
                LOG.debug("local copy of chunk {} at {} no longer matches; trying elsewhere", hash, loc);
            }
        }
        return null;
    }

    private boolean kept(ChunkLocation loc) {
        return keep != null && loc instanceof ChunkLocation.LocalFile f
                && f.file().toAbsolutePath().normalize().equals(keepFrom);
    }

    private static boolean matches(String hash, byte[] data) {
        return Blake3.hashHex(data).equals(hash);
    }

    /** Puts the chunk into the batch if it hashes to {@code hash} (the put checks it); whether it does. */
    private boolean keptIfMatching(String hash, byte[] data) {
        try {
            keep.put(hash, data, 0, data.length);
            return true;
        } catch (ChunkHashMismatchException e) {
            return false;
        } catch (StoreException e) {
            LOG.debug("cannot keep the chunks of {} for its version ({}); the version store stores them itself",
                    keepFrom.getFileName(), e.getMessage());
            giveUpKeeping();
            return true; // the put checked the bytes before it failed to write them (ChunkStore.Batch.put)
        }
    }

    /** Hands over the batch of the chunks kept so far, for the caller to commit and close; null if none (or given up). */
    ChunkStore.Batch keptBatch() {
        ChunkStore.Batch b = keep;
        keep = null;
        return b;
    }

    private void giveUpKeeping() {
        keep.close();
        keep = null;
    }

    private byte[] fromStore(String hash) {
        try {
            return index.store().read(hash);
        } catch (StoreException e) {
            return null;
        }
    }

    private byte[] fromFile(Path file, long offset, int size) {
        try {
            FileChannel ch = open.get(file);
            if (ch == null) {
                ch = FileChannel.open(file, StandardOpenOption.READ);
                open.put(file, ch);
            }
            ByteBuffer buf = ByteBuffer.allocate(size);
            long pos = offset;
            while (buf.hasRemaining()) {
                int n = ch.read(buf, pos);
                if (n < 0) {
                    return null;
                }
                pos += n;
            }
            return buf.array();
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    @Override
    public void close() {
        if (keep != null) {
            giveUpKeeping(); // not handed over: the kept chunks' temp files go
        }
        for (FileChannel ch : open.values()) {
            try {
                ch.close();
            } catch (IOException ignored) {
                // read-only channel
            }
        }
        open.clear();
    }
}
