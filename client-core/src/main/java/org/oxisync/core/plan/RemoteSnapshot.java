package org.oxisync.core.plan;

import java.util.List;
import java.util.Map;

/**
 * The remote tree under the pair's remote folder (the folder itself excluded). Its index by id is built once, on
 * first use, and shared by the engine's steps (see {@link JournalBase}).
 */
public final class RemoteSnapshot {
    private final List<RemoteEntry> entries;
    private final LazyIndex<String, RemoteEntry> byId;
    private final LazyIndex<String, RemoteEntry> byPath;

    public RemoteSnapshot(List<RemoteEntry> entries) {
        this.entries = List.copyOf(entries);
        this.byId = new LazyIndex<>(this.entries, RemoteEntry::id);
        this.byPath = new LazyIndex<>(this.entries, RemoteEntry::path);
    }

    /**
     * Discovery's own entries, not copied: files held as their journal rows stay so (see {@link ListingEntries});
     * {@code entries} is frozen.
     */
    public RemoteSnapshot(ListingEntries entries) {
        this.entries = entries.freeze();
        this.byId = new LazyIndex<>(this.entries, RemoteEntry::id);
        this.byPath = new LazyIndex<>(this.entries, RemoteEntry::path);
    }

    public static RemoteSnapshot of(RemoteEntry... entries) {
        return new RemoteSnapshot(List.of(entries));
    }

    public List<RemoteEntry> entries() {
        return entries;
    }

    /** Every entry by its id (read-only). */
    public Map<String, RemoteEntry> byId() {
        return byId.get();
    }

    /**
     * Every entry by its relative path (read-only; of entries with equal paths the last wins). A table of positions
     * (see {@link CompactIndex}), not a map of Strings: the executor's {@code RemoteIndex} answers untouched paths
     * from it during a run.
     */
    public Map<String, RemoteEntry> byPath() {
        return byPath.get();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RemoteSnapshot other && entries.equals(other.entries);
    }

    @Override
    public int hashCode() {
        return entries.hashCode();
    }

    @Override
    public String toString() {
        return "RemoteSnapshot[entries=" + entries + "]";
    }
}
