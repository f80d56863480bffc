package org.oxisync.core.scan;

import java.util.Collection;
import java.util.Set;
import org.oxisync.core.naming.Names;

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

    /**
     * A hint's path as the incremental scan reads it, whatever the watcher's spelling: '/'-separated, NFC, no leading
     * or trailing slash ("" for the pair's root). The one rule for the scan and for the run's scope.
     */
    static String spelled(String raw) {
        String s = Names.nfc(raw.replace('\\', '/'));
        int a = 0;
        int b = s.length();
        while (a < b && s.charAt(a) == '/') {
            a++;
        }
        while (b > a && s.charAt(b - 1) == '/') {
            b--;
        }
        return s.substring(a, b);
    }

    /** Only these paths (relative to the pair root, NFC or as the watcher spelled them) may have changed. */
    record Paths(Set<String> paths) implements LocalHint {
        public Paths {
            paths = Set.copyOf(paths);
        }
    }
}
