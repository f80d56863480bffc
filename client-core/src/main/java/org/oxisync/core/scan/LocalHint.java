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
        return new Paths(Set.copyOf(paths), Set.of());
    }

    /**
     * As {@link #of(Collection)}, where the files at {@code alone} (spelled as {@link #spelled}, each also among
     * {@code paths}) may be read by themselves, without their folder's listing, when the disk still holds each as the
     * file its journal row describes ({@link Paths#alone}).
     */
    static LocalHint of(Collection<String> paths, Collection<String> alone) {
        return new Paths(Set.copyOf(paths), Set.copyOf(alone));
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

    /**
     * Only these paths (relative to the pair root, NFC or as the watcher spelled them) may have changed. The scan
     * reads the folder of each, except a path of {@code alone} that is still the same regular file as its journal row
     * (same file key, a name that NFC and NFD spell alike) in a folder it does not list anyway: that one it reads by
     * itself, a stat instead of a listing (an edit in a folder of 50,000 files reads one entry, not 50,000). A file
     * edited in place claims no name, so its folder's other entries are not needed to judge it; anything else about
     * such a path (gone, replaced, now a folder) makes the scan list its folder as for any other path.
     */
    record Paths(Set<String> paths, Set<String> alone) implements LocalHint {
        public Paths {
            paths = Set.copyOf(paths);
            alone = Set.copyOf(alone);
        }

        public Paths(Set<String> paths) {
            this(paths, Set.of());
        }
    }
}
