package org.oxisync.core.plan;

import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The local tree as scanned (the pair root itself excluded). Its index by path is built once, on first use, and
 * shared by the engine's steps (see {@link JournalBase}).
 */
public final class LocalSnapshot {
    private final List<LocalEntry> entries;
    private final boolean caseInsensitive;
    private final LazyIndex<String, LocalEntry> byPath;

    /** @param caseInsensitive whether the local volume treats names differing only in case as the same */
    public LocalSnapshot(List<LocalEntry> entries, boolean caseInsensitive) {
        this.entries = List.copyOf(entries);
        this.caseInsensitive = caseInsensitive;
        this.byPath = new LazyIndex<>(this.entries, LocalEntry::path);
    }

    /**
     * The scan's own entries, not copied: those it held as their journal rows stay so (see {@link ScanEntries});
     * {@code entries} is frozen.
     */
    public LocalSnapshot(ScanEntries entries, boolean caseInsensitive) {
        this.entries = entries.freeze();
        this.caseInsensitive = caseInsensitive;
        this.byPath = new LazyIndex<>(this.entries, LocalEntry::path);
    }

    public static LocalSnapshot of(LocalEntry... entries) {
        return new LocalSnapshot(List.of(entries), false);
    }

    public List<LocalEntry> entries() {
        return entries;
    }

    public boolean caseInsensitive() {
        return caseInsensitive;
    }

    /** Every entry by its path (read-only; a path met twice keeps its last entry). */
    public Map<String, LocalEntry> byPath() {
        return byPath.get();
    }

    /** The position in {@link #entries()} of the entry {@link #byPath()} gives for {@code path}, or -1. */
    public int positionOf(String path) {
        return byPath.indexOf(path);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LocalSnapshot other && caseInsensitive == other.caseInsensitive
                && entries.equals(other.entries);
    }

    @Override
    public int hashCode() {
        return Objects.hash(entries, caseInsensitive);
    }

    @Override
    public String toString() {
        return "LocalSnapshot[entries=" + entries + ", caseInsensitive=" + caseInsensitive + "]";
    }
}
