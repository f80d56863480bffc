package org.oxisync.core.engine;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.plan.JournalEntry;
import org.oxisync.core.plan.LocalEntry;
import org.oxisync.core.scan.ScanResult;

/**
 * The old places of local moves that an incremental scan did not read. The watcher's hint names the paths it saw
 * change; when it names only the new place of a moved file or folder (the two halves of a rename can arrive apart,
 * or one is lost, and a watch on a renamed folder reports under the old name), the scan presents the old place as the
 * journal has it, and the reconciler sees a new entry beside an old one still present: the file was uploaded again as
 * a new file and the old one moved to the server's trash a run later (many-clients runner, seed 21). An entry found
 * at a path the journal does not have it at, whose file key the journal knows at another path, is such a move: that
 * other path is read too, by a second incremental scan.
 */
final class MoveSources {
    private MoveSources() {
    }

    /** Journal paths whose entries were found elsewhere on disk, and are not among {@code dirty}. */
    static Set<String> unread(ScanResult scan, JournalBase base, Set<String> dirty) {
        Map<String, JournalEntry> byPath = base.byPath();
        Map<String, String> movedKeys = new HashMap<>(); // file key -> where the scan found it now
        for (LocalEntry e : scan.snapshot().entries()) {
            if (e.fileKey() == null) {
                continue;
            }
            JournalEntry here = byPath.get(e.path());
            if (here == null || !e.fileKey().equals(here.fileKey())) {
                movedKeys.put(e.fileKey(), e.path());
            }
        }
        if (movedKeys.isEmpty()) {
            return Set.of();
        }
        Set<String> sources = new HashSet<>();
        for (JournalEntry j : base.entries()) {
            String now = j.fileKey() == null ? null : movedKeys.get(j.fileKey());
            if (now != null && !now.equals(j.path()) && !dirty.contains(j.path())) {
                sources.add(j.path());
            }
        }
        return sources;
    }
}
