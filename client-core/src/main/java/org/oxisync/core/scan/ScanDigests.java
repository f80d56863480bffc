package org.oxisync.core.scan;

import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.plan.LocalSnapshot;
import org.oxisync.store.hash.ChunkRef;
import org.oxisync.store.hash.FileDigest;

/**
 * The chunks and hash of every file a scan hashed, by the scan's own entry (identity, not path). A file of one chunk
 * that is the whole file (every file below the chunker's minimum chunk size: nearly every file of a large tree) or of
 * no chunk (empty) is held as a mark only: its digest is made again when asked for, from the entry's size and hash,
 * equal to the one computed. The digests of a million small files held as records, each with its chunk's own hash
 * string, under a map keyed by path strings, were about 300 bytes a file at a join's peak (bench/README.md "A million
 * files"); a mark is one slot of an identity table.
 *
 * <p>Filled by one thread while the scan hashes, read-only once the scan's result is made.
 */
public final class ScanDigests {
    /** The digest is one chunk covering the whole file, whose hash is the file's. */
    private static final Object WHOLE = new Object();
    /** The digest of an empty file: no chunk. */
    private static final Object EMPTY = new Object();

    private final Map<LocalEntry, Object> byEntry = new IdentityHashMap<>();

    /** Records {@code digest} for the scan's entry {@code entry} (a hashed file of the same hash and size). */
    void put(LocalEntry entry, FileDigest digest) {
        if (!entry.hash().value().map(digest.fileHash()::equals).orElse(false) || entry.size() != digest.size()) {
            throw new IllegalArgumentException("not the digest of " + entry);
        }
        byEntry.put(entry, compact(digest));
    }

    private static Object compact(FileDigest d) {
        List<ChunkRef> chunks = d.chunks();
        if (chunks.isEmpty() && d.size() == 0) {
            return EMPTY;
        }
        if (chunks.size() == 1) {
            ChunkRef c = chunks.get(0);
            if (c.offset() == 0 && c.length() == d.size() && c.hash().equals(d.fileHash())) {
                return WHOLE;
            }
        }
        return d;
    }

    /** The digest of the file at {@code path} when this scan hashed it. */
    Optional<FileDigest> of(LocalSnapshot snapshot, String path) {
        if (byEntry.isEmpty()) {
            return Optional.empty();
        }
        LocalEntry e = snapshot.byPath().get(path);
        Object held = e == null ? null : byEntry.get(e);
        if (held == null) {
            return Optional.empty();
        }
        String hash = e.hash().value().orElseThrow();
        if (held == WHOLE) {
            return Optional.of(new FileDigest(List.of(new ChunkRef(0, (int) e.size(), hash)), hash, e.size()));
        }
        if (held == EMPTY) {
            return Optional.of(new FileDigest(List.of(), hash, 0));
        }
        return Optional.of((FileDigest) held);
    }

    /** How many files have a digest. */
    public int size() {
        return byEntry.size();
    }
}
