package org.oxisync.core.plan;

import java.util.List;

/**
 * The local tree as scanned (the pair root itself excluded).
 *
 * @param caseInsensitive whether the local volume treats names differing only in case as the same
 */
public record LocalSnapshot(List<LocalEntry> entries, boolean caseInsensitive) {
    public LocalSnapshot {
        entries = List.copyOf(entries);
    }

    public static LocalSnapshot of(LocalEntry... entries) {
        return new LocalSnapshot(List.of(entries), false);
    }
}
