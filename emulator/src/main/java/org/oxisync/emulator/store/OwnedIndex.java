package org.oxisync.emulator.store;

import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What each user owns, by content hash and by chunk hash (trashed files included: {@code dedup_service.rs:800-842},
 * {@code user_owns_blob_reference} :1473-1498), kept up to date as file rows are added, re-pointed and removed. The
 * real server answers these questions with indexed queries; the emulator rebuilt both maps from every file row after
 * any change, which made each delta commit cost time in proportion to the whole tree (about 0.15 s a commit at
 * 300,000 files, serialized under the tree lock: most of a run after 1,000 edits, bench/README.md "A million
 * files"). Reference counts per user: a hash stays owned while one of the user's rows has it; its chunks (as its
 * manifest listed them when it became owned) while one owned hash lists them. (Whether content is referenced by
 * any row at all is {@link Model.Manifest#rows}, counted by {@link Contents}.) Called under the tree's lock; the maps
 * it hands out are concurrent, read-only views.
 */
final class OwnedIndex {
    private static final class PerUser {
        final Map<String, Long> hashes = new ConcurrentHashMap<>();
        final Map<String, Integer> hashRefs = new HashMap<>();
        final Map<String, List<Model.ChunkRef>> chunksOf = new HashMap<>();
        final Map<String, Long> chunks = new ConcurrentHashMap<>();
        final Map<String, Integer> chunkRefs = new HashMap<>();
    }

    private final Map<String, PerUser> users = new HashMap<>();

    /** One more of the user's rows holds {@code hash} ({@code manifest}: its chunks, or null when not known). */
    void add(String userId, String hash, long size, Model.Manifest manifest) {
        PerUser u = users.computeIfAbsent(userId, k -> new PerUser());
        if (u.hashRefs.merge(hash, 1, Integer::sum) > 1) {
            return;
        }
        u.hashes.put(hash, size);
        List<Model.ChunkRef> chunks = manifest == null ? List.of() : List.copyOf(manifest.chunks);
        u.chunksOf.put(hash, chunks);
        for (Model.ChunkRef c : chunks) {
            if (u.chunkRefs.merge(c.h(), 1, Integer::sum) == 1) {
                u.chunks.put(c.h(), c.s());
            }
        }
    }

    /** One row fewer of the user's holds {@code hash}. */
    void remove(String userId, String hash) {
        PerUser u = users.get(userId);
        if (u == null || !u.hashRefs.containsKey(hash)) {
            return;
        }
        if (u.hashRefs.merge(hash, -1, Integer::sum) > 0) {
            return;
        }
        u.hashRefs.remove(hash);
        u.hashes.remove(hash);
        for (Model.ChunkRef c : u.chunksOf.remove(hash)) {
            if (u.chunkRefs.merge(c.h(), -1, Integer::sum) <= 0) {
                u.chunkRefs.remove(c.h());
                u.chunks.remove(c.h());
            }
        }
    }

    /** The user's content hashes with their sizes. */
    Map<String, Long> hashes(String userId) {
        PerUser u = users.get(userId);
        return u == null ? Map.of() : Collections.unmodifiableMap(u.hashes);
    }

    /** The chunk hashes reachable through the user's files, with their sizes. */
    Map<String, Long> chunks(String userId) {
        PerUser u = users.get(userId);
        return u == null ? Map.of() : Collections.unmodifiableMap(u.chunks);
    }
}
