package org.oxisync.store.journal;

import java.util.List;

/** Journal paths in one folder whose names differ only by case (they cannot coexist on NTFS/APFS defaults). */
public record CaseCollision(long pairId, String parent, List<String> paths) {
    public CaseCollision {
        paths = List.copyOf(paths);
    }
}
