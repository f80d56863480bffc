package org.oxisync.core.scan;

import java.util.Collection;
import java.util.Set;

/**
 * What the caller knows about local changes since the last run. {@link #ALL}: nothing (first run, watcher overflow,
 * periodic or user-requested run): the whole local tree is scanned. {@link Paths}: only these relative
 * ('/'-separated) paths may have changed (created, modified, deleted, moved from or to); the run re-reads their
 * folders and takes everything else from the journal, as the last run left it. The engine also re-reads every folder
 * in which the server changed something, so that what it writes there is compared with the disk as it is now.
 */
public sealed interface LocalHint permits LocalHint.All, LocalHint.Paths {
    LocalHint ALL = new All();

    static LocalHint of(Collection<String> paths) {
        return new Paths(Set.copyOf(paths));
    }

    /** Scan everything. */
    record All() implements LocalHint {}

    /** Only these paths (relative to the pair root, NFC or as the watcher spelled them) may have changed. */
    record Paths(Set<String> paths) implements LocalHint {
        public Paths {
            paths = Set.copyOf(paths);
        }
    }
}
