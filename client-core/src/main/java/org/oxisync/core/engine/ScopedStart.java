package org.oxisync.core.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.remote.RemoteScanner;
import org.oxisync.core.remote.RemoteTreeFile;
import org.oxisync.core.remote.SharedStrings;
import org.oxisync.core.scan.LocalHint;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;

/**
 * The start of a run started by the watcher: whether it can read only the folders around its paths ({@link RunScope},
 * {@link ScopedRun}), and if so, those reads. It can when the store needs no rebuild, no bus event named folders to
 * list again, the journal has rows, the pending folders are known ({@link PendingFolders}) and the server is unchanged
 * since the cache or changed only in some folders' rows, which are then listed into the cache first
 * ({@link ChangedListing}).
 */
final class ScopedStart {
    /**
     * What the start found: the cache check made (null when none was), the scoped reads (null when the run reads
     * everything), and whether the server's changes were saved to the cache by this start (the run must then read the
     * folders where they are, as after its own discovery).
     */
    record Attempt(RemoteScanner.CacheCheck cacheCheck, ScopedRun.Result scoped, boolean listedChanges) {}

    private final OxiCloudApi api;
    private final LocalStore store;
    private final SyncListener listener;

    ScopedStart(OxiCloudApi api, LocalStore store, SyncListener listener) {
        this.api = api;
        this.store = store;
        this.listener = listener;
    }

    Attempt attempt(FolderPair pair, SyncOptions options, LocalHint hint, Path root, PathFilter filter,
                    LocalScanner scans, RemoteTreeFile treeFile, PendingFolders pending) throws IOException {
        if (!(hint instanceof LocalHint.Paths paths) || store.needsRebuild()
                || !options.staleRemoteFolders().isEmpty() || store.journal().isEmpty(pair.id())) {
            return new Attempt(null, null, false);
        }
        Optional<Set<String>> pendingIds = pending.read();
        boolean scopable = !RunScope.namesRoot(paths.paths());
        if (pendingIds.isEmpty() || !scopable) {
            return new Attempt(null, null, false);
        }
        listener.phase(pair.name(), "discovering");
        RemoteScanner plain = new RemoteScanner(api, SharedStrings.none());
        RemoteScanner.CacheCheck cacheCheck = plain.checkCache(treeFile, pair.remoteFolderId());
        Set<String> hintNow = new HashSet<>(paths.paths());
        Set<String> pendingNow = new HashSet<>(pendingIds.get());
        boolean listedChanges = false;
        if (!cacheCheck.unchanged()) { // another device's change: list it, its folders then pending
            Optional<Set<String>> changed = ChangedListing.listInto(plain, treeFile, pair.remoteFolderId(),
                    cacheCheck.root(), pending);
            if (changed.isPresent()) {
                listedChanges = !changed.get().isEmpty();
                RemoteScanner.CacheCheck listed = plain.checkCache(treeFile, pair.remoteFolderId(), cacheCheck.root());
                Map<String, String> folderPaths = listed.folderPaths();
                for (String id : changed.get()) { // read on the disk too, as RemoteChanges makes a run do
                    String path = folderPaths.get(id);
                    if (path != null) {
                        hintNow.add(path);
                    }
                }
                pendingNow.addAll(changed.get());
                scopable = !RunScope.namesRoot(hintNow);
                cacheCheck = listed;
            }
        }
        ScopedRun.Result scoped = null;
        if (cacheCheck.unchanged() && scopable) {
            listener.phase(pair.name(), "scanning");
            scoped = new ScopedRun(store.journal(), pair.id(), scans).read(root, filter, cacheCheck, pendingNow,
                    hintNow).orElse(null);
        }
        return new Attempt(cacheCheck, scoped, listedChanges);
    }
}
