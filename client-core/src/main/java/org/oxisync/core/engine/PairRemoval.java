package org.oxisync.core.engine;

import java.io.IOException;
import org.oxisync.core.remote.RemoteTreeFile;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;

/**
 * Removing a folder pair, the same for `oxisync pair remove` and the desktop settings: its journal rows and the pair
 * go in one transaction, then its remote listing cache (with its index and stale marks), its pending folders and its
 * quiet seal. No file is touched on either side.
 */
public final class PairRemoval {
    private PairRemoval() {}

    public static void remove(LocalStore store, FolderPair pair) throws IOException {
        long id = pair.id();
        store.inTransaction(() -> {
            store.journal().all(id).forEach(e -> store.journal().delete(id, e.path()));
            store.accounts().removePair(id);
        });
        RemoteTreeFile.forPair(store.directory(), id).delete();
        PendingFolders.forPair(store.directory(), id).forget();
        QuietSeal.forPair(store.directory(), id).delete();
        org.oxisync.core.engine.SealTouches.forPair(store.directory(), id).delete();
        org.oxisync.core.engine.LeftOutItems.forPair(store.directory(), id).delete();
    }
}
