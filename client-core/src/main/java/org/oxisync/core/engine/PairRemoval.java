package org.oxisync.core.engine;

import java.io.IOException;
import org.oxisync.core.remote.RemoteTreeFile;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;

/**
 * Removing a folder pair, the same for `oxisync pair remove` and the desktop settings: its journal rows and the pair
 * go in one transaction, then every file {@link org.oxisync.core.pair.PairFiles} names for it, each through the class
 * that owns it. No file is touched on either side.
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
        SealTouches.forPair(store.directory(), id).delete();
        LeftOutItems.forPair(store.directory(), id).delete();
    }
}
