package org.oxisync.core.engine;

import java.io.IOException;
import java.util.Optional;
import java.util.Set;
import org.oxisync.core.remote.RemoteScanner;
import org.oxisync.core.remote.RemoteTree;
import org.oxisync.core.remote.RemoteTreeFile;
import org.oxisync.core.remote.SplicedListing;
import org.oxisync.protocol.FolderDto;

/**
 * For a run started by the watcher that finds the server changed: the changed folders listed into the cache, with the
 * folders whose own rows changed added to the pending folders before the listing is saved ({@link PendingFolders}'
 * rule), so that the run can still read only its scope plus those folders, not the whole journal and listing (at a
 * million files, the cost of another device's edit otherwise).
 */
final class ChangedListing {
    private ChangedListing() {}

    /**
     * Lists what changed since the cache and saves it; the ids of the folders whose rows changed, or empty when a
     * folder was renamed, moved or removed, or a row had to be left out (then the pending folders are forgotten and
     * the run reads everything, from the saved listing).
     */
    static Optional<Set<String>> listInto(RemoteScanner scanner, RemoteTreeFile file, String rootId, FolderDto root,
                                          PendingFolders pending) throws IOException {
        Optional<SplicedListing.Relisted> spliced = SplicedListing.relist(scanner, file, rootId, root);
        if (spliced.isPresent()) { // only the changed folders read and written
            SplicedListing.Relisted r = spliced.get();
            if (r.unchanged()) {
                return Optional.of(Set.of());
            }
            Optional<Set<String>> changed = r.skipped().isEmpty()
                    ? ListingChanges.foldersWithNewRows(r.before(), r.after()) : Optional.empty();
            if (changed.isEmpty()) {
                pending.forget();
                return Optional.empty();
            }
            pending.add(changed.get());
            SplicedListing.save(file, r);
            return changed;
        }
        RemoteTree before = file.load(rootId);
        RemoteScanner.Relisting after = scanner.relist(before, root);
        if (after.unchanged()) {
            return Optional.of(Set.of());
        }
        Optional<Set<String>> changed = after.skipped().isEmpty()
                ? ListingChanges.foldersWithNewRows(before, after.tree()) : Optional.empty();
        if (changed.isPresent()) {
            pending.add(changed.get());
        } else {
            pending.forget();
            return Optional.empty(); // the whole-tree path lists again, with its handling of left-out rows
        }
        file.save(after.tree());
        return changed;
    }
}
