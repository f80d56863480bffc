package org.oxisync.core.engine;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.oxisync.core.ignore.PathFilter;
import org.oxisync.core.plan.JournalBase;
import org.oxisync.core.remote.RemoteScan;
import org.oxisync.core.remote.RemoteScanner;
import org.oxisync.core.remote.RemoteTree;
import org.oxisync.core.remote.RemoteTreeFile;
import org.oxisync.core.remote.SharedStrings;
import org.oxisync.core.scan.LocalHint;
import org.oxisync.core.scan.LocalScanner;
import org.oxisync.core.scan.ScanResult;
import org.oxisync.protocol.FolderDto;
import org.oxisync.protocol.OxiCloudApi;
import org.oxisync.store.LocalStore;
import org.oxisync.store.account.FolderPair;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The reads of a {@link SyncEngine} run that is not scoped ({@link ScopedStart}): the disk and the server, whole
 * ({@link #full}) or the disk around some paths over the whole journal ({@link #incremental}), the listing cache
 * brought up to date on the way ({@link #discover}).
 */
final class RunReads {
    /** Logs under the engine's name: the log lines are the engine's, whichever class carries the step. */
    private static final Logger LOG = LoggerFactory.getLogger(SyncEngine.class);

    /** What the run plans on. */
    record Read(ScanResult scan, RemoteScan remote) {}

    private final OxiCloudApi api;
    private final LocalStore store;
    private final SyncListener listener;

    RunReads(OxiCloudApi api, LocalStore store, SyncListener listener) {
        this.api = api;
        this.store = store;
        this.listener = listener;
    }

    /**
     * Incremental: the server first, so that every folder where it changed something is read locally too (what the
     * run writes there is then compared with the disk as it is, not as the journal remembers it). Null when a stop
     * was asked for before the disk was read.
     */
    Read incremental(FolderPair pair, SyncOptions options, Path root, PathFilter filter, LocalScanner scans,
                     JournalBase base, RemoteScanner remoteScanner, SharedStrings shared, RemoteTreeFile treeFile,
                     LocalHint.Paths paths, AtomicReference<Optional<String>> rootEtag,
                     RemoteScanner.CacheCheck cacheCheck, boolean listedChanges) throws IOException {
        listener.phase(pair.name(), "discovering");
        RemoteScan remote = discover(pair, treeFile, remoteScanner, shared, options.staleRemoteFolders(), rootEtag,
                cacheCheck == null ? null : cacheCheck.root());
        if (options.stop().stopRequested()) {
            return null;
        }
        listener.phase(pair.name(), "scanning");
        Set<String> dirty = new HashSet<>(paths.paths());
        if (!remote.unchanged() || listedChanges) { // changed since the cache, or since the cache this run saved
            dirty.addAll(RemoteChanges.paths(remote.snapshot(), base));
        }
        ScanResult scan = scans.scan(root, filter, base, LocalHint.of(dirty));
        Set<String> moveSources = MoveSources.unread(scan, base, dirty);
        if (!moveSources.isEmpty()) { // moves whose old place the watcher did not report: read it too
            dirty.addAll(moveSources);
            scan = scans.scan(root, filter, base, LocalHint.of(dirty));
        }
        LOG.debug("{}: incremental scan read {} entries for {} dirty paths", pair.name(), scan.entriesRead(),
                dirty.size());
        return new Read(scan, remote);
    }

    /**
     * Everything: the server is asked while the disk is walked (discovery, reading the listing cache, one request
     * when nothing changed, needs neither the scan nor the journal, and the two use different resources). Null when
     * a stop was asked for during the walk.
     */
    Read full(FolderPair pair, SyncOptions options, Path root, PathFilter filter, LocalScanner scans, JournalBase base,
              RemoteScanner remoteScanner, SharedStrings shared, RemoteTreeFile treeFile,
              AtomicReference<Optional<String>> rootEtag) throws IOException {
        Background<RemoteScan> discovery = Background.start("oxisync-discover", () -> {
            RemoteScan found = discover(pair, treeFile, remoteScanner, shared, options.staleRemoteFolders(),
                    rootEtag, null);
            found.snapshot().byId(); // built here, beside the scan, for the reconcile step
            return found;
        });
        try {
            listener.phase(pair.name(), "scanning");
            ScanResult scan = scans.scan(root, filter, base, LocalHint.ALL);
            if (options.stop().stopRequested()) {
                return null;
            }
            scan.snapshot().byPath(); // while discovery may still be running
            listener.phase(pair.name(), "discovering");
            return new Read(scan, discovery.join());
        } finally {
            discovery.awaitQuietly(); // never leave it writing the listing cache after the run has ended
        }
    }

    /**
     * The server's tree now, without its listing (saved to the cache file when it changed); sets {@code rootEtag}.
     * {@code root}: the root folder as the server gave it during this run, or null (asked here).
     */
    RemoteScan discover(FolderPair pair, RemoteTreeFile treeFile, RemoteScanner remoteScanner, SharedStrings shared,
                        Set<String> staleFolders, AtomicReference<Optional<String>> rootEtag, FolderDto root)
            throws IOException {
        RemoteScan remote;
        if (!store.needsRebuild() && staleFolders.isEmpty()) {
            // an unchanged server's snapshot is read straight from the cache file, without building the listing
            // (about 100 bytes a file of garbage at the run's peak: bench/README.md "A million files")
            // a changed listing is saved there, and for a first sync let go before the snapshot is made
            RemoteScanner.CachedScan cached = root == null
                    ? remoteScanner.scanCachedAndSave(treeFile, pair.remoteFolderId())
                    : remoteScanner.scanCachedAndSave(treeFile, pair.remoteFolderId(), root);
            rootEtag.set(cached.rootEtag());
            return cached.scan().withoutTree();
        } else {
            RemoteTree previous = store.needsRebuild() ? RemoteTree.empty(pair.remoteFolderId())
                    : treeFile.load(pair.remoteFolderId(), shared);
            if (!staleFolders.isEmpty()) {
                previous = previous.withStale(staleFolders);
            }
            remote = remoteScanner.scan(previous);
            rootEtag.set(remote.tree().rootEtag());
        }
        if (!remote.unchanged()) {
            treeFile.save(remote.tree());
        }
        return remote.withoutTree();
    }
}
