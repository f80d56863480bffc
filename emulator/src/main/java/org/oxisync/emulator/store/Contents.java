package org.oxisync.emulator.store;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.oxisync.emulator.store.Model.FileRow;
import org.oxisync.emulator.store.Model.Manifest;

/**
 * Content: one manifest per whole-file hash, the chunks the manifests reference, loose (orphaned) chunks, pins held
 * by commits in progress, and each user's owned hashes and chunks for dedup. Touched only under the {@link Tree}'s
 * lock.
 *
 * <p>A manifest lives while a file row (live, trashed or in a trashed folder) has its hash; then it goes, and chunks
 * no other manifest references become loose orphans for the garbage collector. Which rows use a hash is counted
 * ({@link Manifest#rows}) instead of found by scanning every file row at each release: a content swap at 300,000
 * files took about 40 ms that way (bench/README.md).
 */
final class Contents {
    private final Rows rows;
    private final ChunkStore chunks;
    private final Clock clock;
    final Map<String, Manifest> manifests = new HashMap<>();
    final Map<String, Long> looseChunks = new HashMap<>();
    /** Per chunk, how many manifests reference it. */
    private final Map<String, Integer> chunkRefs = new HashMap<>();
    private final Map<String, Integer> pinned = new HashMap<>();
    /** What each user owns, kept as rows come and go (a rebuild from every row after each change cost each commit). */
    private final OwnedIndex owned = new OwnedIndex();

    Contents(Rows rows, ChunkStore chunks, Clock clock) {
        this.rows = rows;
        this.chunks = chunks;
        this.clock = clock;
    }

    // ------------------------------------------------------------------ manifests and their rows

    /** Registers a manifest read from a snapshot; {@link #countRows} then counts the rows that use it. */
    void load(String hash, Manifest manifest) {
        manifests.put(hash, manifest);
        for (String h : distinctChunks(manifest)) {
            chunkRefs.merge(h, 1, Integer::sum);
        }
    }

    /** Counts, once after loading a snapshot, the file rows of every manifest's hash, and what each user owns. */
    void countRows() {
        for (FileRow f : rows.files.values()) {
            Manifest m = manifests.get(f.hash);
            if (m != null) {
                m.rows++;
            }
            owned.add(f.ownerId, f.hash, f.size, m);
        }
    }

    /** A file row now exists with its content (after {@link #attach}): its owner owns that content. */
    void ownedBy(FileRow f) {
        owned.add(f.ownerId, f.hash, f.size, manifests.get(f.hash));
    }

    /** A file row no longer has its current content (swapped, or the row removed for good). */
    void noLongerOwnedBy(FileRow f) {
        owned.remove(f.ownerId, f.hash);
    }

    /**
     * A file row now uses {@code hash}: its manifest is registered if new ({@code manifest} must be given then), its
     * chunks stop being loose, and the row is counted.
     */
    void attach(String hash, Manifest manifest) {
        Manifest m = manifests.get(hash);
        if (m == null) {
            if (manifest == null) {
                throw new IllegalStateException("no manifest for new content " + hash);
            }
            load(hash, manifest);
            m = manifest;
        }
        m.rows++;
        for (Model.ChunkRef c : m.chunks) {
            looseChunks.remove(c.h());
        }
    }

    /**
     * A file row no longer uses {@code hash} (swapped or deleted for good): when no row uses it any more, its
     * manifest goes and the chunks no other manifest references become loose orphans.
     */
    void release(String hash) {
        Manifest m = manifests.get(hash);
        if (m == null || --m.rows > 0) {
            return;
        }
        manifests.remove(hash);
        long now = now();
        for (String h : distinctChunks(m)) {
            Integer n = chunkRefs.get(h);
            if (n == null || n <= 1) {
                chunkRefs.remove(h);
                looseChunks.putIfAbsent(h, now);
            } else {
                chunkRefs.put(h, n - 1);
            }
        }
    }

    private static Set<String> distinctChunks(Manifest m) {
        Set<String> s = new LinkedHashSet<>();
        for (Model.ChunkRef c : m.chunks) {
            s.add(c.h());
        }
        return s;
    }

    Manifest manifest(String hash) {
        return manifests.get(hash);
    }

    // ------------------------------------------------------------------ loose chunks and pins

    /** Records a freshly stored (or re-sent) chunk as a loose orphan unless a manifest references it. */
    boolean addLoose(String hash) {
        if (chunkRefs.containsKey(hash)) {
            return false;
        }
        looseChunks.put(hash, now());
        return true;
    }

    boolean isLoose(String hash) {
        return looseChunks.containsKey(hash) && chunks.has(hash);
    }

    Set<String> looseChunkHashes() {
        return new HashSet<>(looseChunks.keySet());
    }

    /**
     * Pins the distinct chunks the user may use (owned or loose orphans) against GC; returns those that
     * cannot be pinned (nothing is pinned then).
     */
    List<String> pin(String userId, Collection<String> distinct) {
        Map<String, Long> owned = ownedChunks(userId);
        List<String> missing = new ArrayList<>();
        for (String h : distinct) {
            // dedup_service.rs:917-960 (:929): a loose chunk is claimable only while its ref_count is 0, and a pin
            // raises it; so while one commit holds it, another commit of the same loose chunk gets still_missing
            boolean available = (owned.containsKey(h) || looseChunks.containsKey(h) && !pinned.containsKey(h))
                    && chunks.has(h);
            if (!available) {
                missing.add(h);
            }
        }
        if (missing.isEmpty()) {
            distinct.forEach(h -> pinned.merge(h, 1, Integer::sum));
        }
        return missing;
    }

    void unpin(Collection<String> distinct) {
        for (String h : distinct) {
            pinned.computeIfPresent(h, (k, n) -> n == 1 ? null : n - 1);
        }
    }

    /**
     * Deletes loose chunks orphaned longer than {@code grace} ago that nothing references or pins (a loose entry a
     * manifest references again is just dropped). Returns the number of chunks deleted.
     */
    int sweepLoose(Duration grace) throws IOException {
        long now = now();
        int deleted = 0;
        for (var it = looseChunks.entrySet().iterator(); it.hasNext(); ) {
            var e = it.next();
            if (chunkRefs.containsKey(e.getKey())) {
                it.remove();
            } else if (now - e.getValue() >= grace.toSeconds() && !pinned.containsKey(e.getKey())) {
                chunks.delete(e.getKey());
                it.remove();
                deleted++;
            }
        }
        return deleted;
    }

    // ------------------------------------------------------------------ what a user owns (dedup)

    /** Whole-file hashes of the user's files, trashed ones included, with their sizes. */
    Map<String, Long> ownedHashes(String userId) {
        return owned.hashes(userId);
    }

    /** Chunk hashes reachable through the user's files (trashed ones included), with their sizes. */
    Map<String, Long> ownedChunks(String userId) {
        return owned.chunks(userId);
    }

    /** The MIME type of one of the user's files with this content. */
    String ownedMime(String userId, String hash) {
        for (FileRow f : rows.files.values()) {
            if (f.ownerId.equals(userId) && f.hash.equals(hash)) {
                return f.mimeType;
            }
        }
        return "application/octet-stream";
    }

    private long now() {
        return clock.instant().getEpochSecond();
    }
}
