package org.oxisync.emulator.api;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.oxisync.emulator.store.Model;

/**
 * Benchmark-only ({@code --benchmark-only-trust-client-hashes}, {@link org.oxisync.emulator.BenchmarkModes}): which
 * declared hash a received delta frame stands for, without hashing it. A PUT frame carries no hash (§6.2 b), so the
 * chunks a negotiation answered missing are kept per user in negotiation order, and a PUT body is matched by the
 * sequence of its frame sizes: a client sends the missing chunks in that order, each PUT a contiguous run of them.
 * When exactly one run of pending chunks has the body's sizes (or every matching run names the same hashes), those
 * hashes are the frames' and leave the pending list; otherwise (no negotiation before, an ambiguous run) the caller
 * hashes the frames as the real server does. Random chunk sizes make a run of a few frames unique in practice.
 * Memory: at most {@value #MAX_PENDING} pending chunks per user (the oldest go first); a commit drops the chunks it
 * names.
 */
final class DeclaredChunks {
    static final int MAX_PENDING = 1 << 20;

    private final Map<String, List<Model.ChunkRef>> pending = new HashMap<>();

    /** Records the chunks a negotiation answered missing, in the order the client declared them. */
    synchronized void negotiated(String userId, List<Model.ChunkRef> missingInOrder) {
        List<Model.ChunkRef> list = pending.computeIfAbsent(userId, k -> new ArrayList<>());
        list.addAll(missingInOrder);
        if (list.size() > MAX_PENDING) {
            list.subList(0, list.size() - MAX_PENDING).clear();
        }
    }

    /**
     * The declared hashes of a PUT body whose frames have {@code sizes}, in frame order, taken off the pending list; or
     * null when no single pending run matches (the frames must then be hashed).
     */
    synchronized List<String> claim(String userId, long[] sizes) {
        List<Model.ChunkRef> list = pending.get(userId);
        if (list == null || sizes.length == 0 || sizes.length > list.size()) {
            return null;
        }
        int found = -1;
        for (int i = 0; i + sizes.length <= list.size(); i++) {
            if (!runMatches(list, i, sizes)) {
                continue;
            }
            if (found < 0) {
                found = i;
            } else if (!sameHashes(list, found, i, sizes.length)) {
                return null; // two runs of other chunks have these sizes: ambiguous
            }
        }
        if (found < 0) {
            return null;
        }
        List<Model.ChunkRef> run = list.subList(found, found + sizes.length);
        List<String> hashes = new ArrayList<>(sizes.length);
        run.forEach(c -> hashes.add(c.h()));
        run.clear();
        return hashes;
    }

    /** Drops the pending entries of chunks a commit names (they were sent, or never will be). */
    synchronized void committed(String userId, Collection<Model.ChunkRef> chunks) {
        List<Model.ChunkRef> list = pending.get(userId);
        if (list == null) {
            return;
        }
        Set<String> named = new HashSet<>();
        chunks.forEach(c -> named.add(c.h()));
        list.removeIf(c -> named.contains(c.h()));
        if (list.isEmpty()) {
            pending.remove(userId);
        }
    }

    private static boolean runMatches(List<Model.ChunkRef> list, int start, long[] sizes) {
        for (int j = 0; j < sizes.length; j++) {
            if (list.get(start + j).s() != sizes[j]) {
                return false;
            }
        }
        return true;
    }

    private static boolean sameHashes(List<Model.ChunkRef> list, int a, int b, int n) {
        for (int j = 0; j < n; j++) {
            if (!list.get(a + j).h().equals(list.get(b + j).h())) {
                return false;
            }
        }
        return true;
    }
}
