package org.oxisync.core.scan;

import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.plan.LocalSnapshot;
import org.oxisync.store.hash.ChunkRef;
import org.oxisync.store.hash.FileDigest;

/**
 * The chunks and hash of every file a scan hashed, by the position of the scan's entry in its list (the entry a
 * path finds in the snapshot, not an equal one elsewhere). A file of one chunk that is the whole file (every file
 * below the chunker's minimum chunk size: nearly every file of a large tree) or of no chunk (empty) is held as a bit
 * only: its digest is made again when asked for, from the entry's size and hash, equal to the one computed. The
 * digests of a million small files held as records, each with its chunk's own hash string, under a map keyed by path
 * strings, were about 300 bytes a file at a join's peak, and an identity table of marks still 16 (bench/README.md "A
 * million files"); a bit is an eighth of a byte. Positions also let the scan hold its hashed entries flat
 * ({@link org.oxisync.core.plan.ScanEntries#addHashed}), which reads them back as new, equal entries.
 *
 * <p>Filled by one thread while the scan hashes, read-only once the scan's result is made.
 */
public final class ScanDigests {
    /** Positions whose digest is one chunk covering the whole file, whose hash is the file's. */
    private final BitSet whole = new BitSet();
    /** Positions of empty files (no chunk). */
    private final BitSet empty = new BitSet();
    /** The other digests, as computed. */
    private final Map<Integer, FileDigest> others = new HashMap<>();
    /** How many positions have a digest (kept, not counted: {@link #of} asks on every look-up). */
    private int count;

    /** Records {@code digest} for the scan's entry {@code entry}, held at {@code position} (same hash and size). */
    void put(int position, LocalEntry entry, FileDigest digest) {
        if (!entry.hash().value().map(digest.fileHash()::equals).orElse(false) || entry.size() != digest.size()) {
            throw new IllegalArgumentException("not the digest of " + entry);
        }
        if (position < 0) {
            throw new IllegalArgumentException("not a position: " + position);
        }
        if (whole.get(position) || empty.get(position) || others.containsKey(position)) {
            throw new IllegalArgumentException("position " + position + " already has a digest");
        }
        count++;
        List<ChunkRef> chunks = digest.chunks();
        if (chunks.isEmpty() && digest.size() == 0) {
            empty.set(position);
        } else if (chunks.size() == 1 && chunks.get(0).offset() == 0 && chunks.get(0).length() == digest.size()
                && chunks.get(0).hash().equals(digest.fileHash())) {
            whole.set(position);
        } else {
            others.put(position, digest);
        }
    }

    /** The digest of the file at {@code path} when this scan hashed it. */
    Optional<FileDigest> of(LocalSnapshot snapshot, String path) {
        if (size() == 0) {
            return Optional.empty();
        }
        int at = snapshot.positionOf(path);
        if (at < 0) {
            return Optional.empty();
        }
        FileDigest held = others.get(at);
        if (held != null) {
            return Optional.of(held);
        }
        if (!whole.get(at) && !empty.get(at)) {
            return Optional.empty();
        }
        LocalEntry e = snapshot.entries().get(at);
        String hash = e.hash().value().orElseThrow();
        if (whole.get(at)) {
            return Optional.of(new FileDigest(List.of(new ChunkRef(0, (int) e.size(), hash)), hash, e.size()));
        }
        return Optional.of(new FileDigest(List.of(), hash, 0));
    }

    /** How many files have a digest. */
    public int size() {
        return count;
    }
}
